import type { Knex } from 'knex';
import { VEHICLE_STATUSES } from '../../domain/statuses';
import type { Viewer } from '../baseModel';
import { Vehicle } from './model';

export type StatusCardVehicle = { id: number; vin: string; make: string | null; model: string | null; year: number | null; status: string; createdAt: string };

/**
 * The dashboard's status cards: the newest `perStatus` vehicles of each status the viewer sees,
 * in one query. Each branch is the model's scoped query, one indexed, limited read per status
 * (vehicles by status and creation time), joined by UNION ALL in plain knex, which objection does
 * not compose from limited sub-queries. Ranking every vehicle in view instead (a window function)
 * read all 100,000 rows of a super admin's view on every visit to the home page.
 */
export async function newestOfEachStatus(db: Knex, viewer: Viewer, perStatus: number): Promise<StatusCardVehicle[]> {
  const [first, ...rest] = VEHICLE_STATUSES.map((status, i) =>
    db.select('*').from(
      Vehicle.query(db)
        .modify('scopedTo', viewer)
        .select('vehicles.id', 'vehicles.vin', 'vehicles.make', 'vehicles.model', 'vehicles.year', 'vehicles.status', 'vehicles.createdAt')
        .where('vehicles.status', status)
        .orderBy([{ column: 'vehicles.createdAt', order: 'desc' }, { column: 'vehicles.id', order: 'desc' }])
        .limit(perStatus)
        .toKnexQuery()
        .as(`s${i}`),
    ),
  );
  return first.unionAll(rest);
}
