import type { User } from '../users/model';

/** An objection or a plain knex query: hot read paths (the dashboard) skip the model layer. */
export type ScopableQuery = { where(column: string, value: number): unknown };

/**
 * SUPER_ADMIN sees every vehicle; company staff their company's; a BUYER only the vehicles sold to
 * it (buyerId), whichever company they belong to.
 */
export function scopeVehicles<Q extends ScopableQuery>(query: Q, user: User): Q {
  if (user.role === 'SUPER_ADMIN') return query;
  if (user.role === 'BUYER') return query.where('vehicles.buyerId', user.id) as Q;
  return query.where('vehicles.companyId', user.companyId ?? -1) as Q;
}
