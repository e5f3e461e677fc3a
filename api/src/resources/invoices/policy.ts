import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import type { User } from '../users/model';
import { Container } from '../containers/model';

/**
 * The containers of one invoice: all visible to the caller and all of one company (a SUPER_ADMIN
 * may pick any company's, but not mix them). Returns that company.
 */
export async function invoiceCompany(db: Knex, user: User, containerIds: number[]): Promise<number> {
  const rows = await Container.query(db).modify('scopedTo', user).whereIn('id', containerIds).select('id', 'companyId');
  if (rows.length !== containerIds.length) {
    throw badRequest('One or more containers were not found', { containerIds: 'must be containers of your company' });
  }
  const companies = new Set(rows.map((r) => r.companyId));
  if (companies.size > 1) throw badRequest('All containers of an invoice must belong to one company', { containerIds: 'must be of one company' });
  return rows[0].companyId;
}
