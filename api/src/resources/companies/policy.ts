import type { Knex } from 'knex';
import type { User } from '../users/model';
import { can, seesEveryCompany } from '../../domain/permissions';
import { badRequest, notFound } from '../../http/errors';
import { Company } from './model';

/**
 * What GET /companies/{id} gives a user: every column of the companies it sees (`companies.read`),
 * only the id, name and code of its own company (`companies.readOwn`), or nothing.
 */
export function companyReadScope(user: User): 'seen' | 'ownName' | null {
  if (can(user.role, 'companies', 'read')) return 'seen';
  if (can(user.role, 'companies', 'readOwn')) return 'ownName';
  return null;
}

/**
 * What a user may change on a company it sees: everything (`companies.update`), the invoice
 * profile and logo only (`companyProfile.update`), or nothing.
 */
export function companyEditRights(user: User): 'all' | 'profile' | null {
  if (can(user.role, 'companies', 'update')) return 'all';
  if (can(user.role, 'companyProfile', 'update')) return 'profile';
  return null;
}

/**
 * The company whose seller profile an invoice form asks for: a SUPER_ADMIN names it (400
 * without), company staff get their own, and another company's id is "not found".
 */
export function sellerCompanyId(user: User, requested: number | undefined): number {
  if (seesEveryCompany(user.role)) {
    if (requested === undefined) throw badRequest('Choose the company whose seller details to use', { companyId: 'is required' });
    return requested;
  }
  if (!user.companyId || (requested !== undefined && requested !== user.companyId)) throw notFound('Company not found');
  return user.companyId;
}

/** A companyId given in a body must name an existing company (400 otherwise, before any write). */
export async function assertCompanyExists(db: Knex, companyId: number | null | undefined) {
  if (companyId && !(await Company.query(db).findById(companyId))) {
    throw badRequest('The company does not exist', { companyId: 'does not exist' });
  }
}
