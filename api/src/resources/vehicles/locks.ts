import type { Knex } from 'knex';
import type { Viewer } from '../baseModel';
import { lockVisibleRows } from '../lockedRows';
import { sqlScopeOf } from '../sqlScope';
import { Vehicle } from './model';

/**
 * Vehicles `ids` that `viewer` may see (Vehicle's scopedTo: a buyer's purchases, else the company's),
 * with `columns`, locked until the transaction ends, in id order, parsed as the model parses them.
 */
export async function lockVisibleVehicles(trx: Knex, viewer: Viewer, ids: readonly number[], columns: readonly string[]): Promise<Vehicle[]> {
  const rows = await lockVisibleRows(trx, 'vehicles', { company: 'companyId', buyer: 'buyerId' }, sqlScopeOf(viewer), ids, columns);
  return rows.map((row) => Vehicle.fromDatabaseJson(row));
}
