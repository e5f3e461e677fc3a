import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import type { User } from '../users/model';
import { badRequest } from '../../http/errors';
import { Company } from './model';

/** SUPER_ADMIN sees every company; a COMPANY_ADMIN only its own (DESIGN.md §4). */
export function scopeCompanies(query: QueryBuilder<Company, Company[]>, user: User) {
  return user.role === 'SUPER_ADMIN' ? query : query.where('companies.id', user.companyId ?? -1);
}

/** A companyId given in a body must name an existing company (400 otherwise, before any write). */
export async function assertCompanyExists(db: Knex, companyId: number | null | undefined) {
  if (companyId && !(await Company.query(db).findById(companyId))) {
    throw badRequest('The company does not exist', { companyId: 'does not exist' });
  }
}
