import type { Knex } from 'knex';
import { whereInCompanyOf, type Viewer } from './baseModel';

/** The tables whose rows are counted per company (and status), migration 20261126000200_company_row_counts. */
export type CountedTable = 'vehicles' | 'containers';

/**
 * How many rows of a table the viewer's company scope holds, from the counts the triggers keep:
 * a super admin's is the sum of a hundred companies' rows rather than a count of every vehicle.
 * Plain knex: `company_row_counts` is no resource's table, only a figure kept for the lists.
 * Only for a scope that is the company scope alone (a buyer's purchases are not counted here).
 */
export async function keptRowCount(db: Knex, table: CountedTable, viewer: Viewer, only: { companyId?: unknown; status?: unknown } = {}): Promise<number> {
  const query = db('company_row_counts').where('tableName', table).sum({ total: 'total' });
  if (only.companyId !== undefined) query.where('companyId', Number(only.companyId));
  if (only.status !== undefined) query.where('status', String(only.status));
  const [row] = (await whereInCompanyOf(query as never, 'companyId', viewer)) as { total: number | string | null }[];
  return Number(row?.total ?? 0);
}

/** The viewer's company scope's vehicles by status, from the kept counts (the dashboard's cards). */
export async function keptVehiclesByStatus(db: Knex, viewer: Viewer): Promise<Map<string, number>> {
  const query = db('company_row_counts').where('tableName', 'vehicles').select('status').sum({ total: 'total' }).groupBy('status');
  const rows = (await whereInCompanyOf(query as never, 'companyId', viewer)) as { status: string; total: number | string }[];
  return new Map(rows.map((row) => [row.status, Number(row.total)]));
}

/** The list filters the kept counts answer: one company and, for vehicles, one status. */
const ANSWERED_FILTERS: Record<CountedTable, string[]> = { vehicles: ['companyId', 'status'], containers: ['companyId'] };

/**
 * A list's total from the kept counts when its filter is one they answer (none, a company, a
 * status, or both: the super admin's everyday views), or undefined and the list counts its rows.
 */
export function keptListTotal(db: Knex, table: CountedTable, viewer: Viewer, filter: Record<string, unknown>): (() => Promise<number>) | undefined {
  const answered = Object.entries(filter).every(
    ([field, value]) => ANSWERED_FILTERS[table].includes(field) && (typeof value === 'string' || typeof value === 'number'),
  );
  return answered ? () => keptRowCount(db, table, viewer, filter) : undefined;
}
