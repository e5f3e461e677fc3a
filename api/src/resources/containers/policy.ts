import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { Container } from './model';

/** A vehicle may only join a container of its own company (DESIGN.md §4). */
export async function assertContainerInCompany(db: Knex, containerId: number | null | undefined, companyId: number) {
  if (!containerId) return;
  const row = await Container.query(db).findOne({ id: containerId, companyId }).select('id');
  if (!row) throw badRequest('The container was not found in this company', { containerId: 'must be a container of the same company' });
}
