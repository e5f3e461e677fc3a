import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import type { User } from '../users/model';
import type { ScopableQuery } from '../vehicles/policy';

/** SUPER_ADMIN sees every container; company staff their own company's (BUYERs none). */
export function scopeContainers<Q extends ScopableQuery>(query: Q, user: User): Q {
  return (user.role === 'SUPER_ADMIN' ? query : query.where('containers.companyId', user.companyId ?? -1)) as Q;
}

/** A vehicle may only join a container of its own company (DESIGN.md §4). */
export async function assertContainerInCompany(db: Knex, containerId: number | null | undefined, companyId: number) {
  if (!containerId) return;
  const row = await db('containers').where({ id: containerId, companyId }).first('id');
  if (!row) throw badRequest('The container was not found in this company', { containerId: 'must be a container of the same company' });
}
