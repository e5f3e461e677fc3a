import type { Knex } from 'knex';
import { isMysql, selectRows } from '../db';
import { seesEveryCompany } from '../domain/permissions';
import { whereInCompanyOf, type Viewer } from './baseModel';

/** The tables whose rows are counted per company (and status), migration 20261126000200_company_row_counts. */
export type CountedTable = 'vehicles' | 'containers';

/** A row as it is counted: its company and, for a vehicle, its status (containers have none: ''). */
export type CountedRow = { companyId: number; status?: string | null };

const byKey = (a: { companyId: number; status: string }, b: { companyId: number; status: string }) =>
  a.companyId - b.companyId || (a.status < b.status ? -1 : a.status > b.status ? 1 : 0);

/**
 * Keeps the counts in the transaction that wrote the rows: the rows it added and removed (a moved
 * or re-statused row is both), netted per counter. Every writer takes its counters in one fixed
 * order (company, then status): two status changes going opposite ways lock the same two counter
 * rows in the same order, so neither can hold one while waiting for the other (a deadlock, which
 * the old triggers' old-then-new order gave). Called last in a write, so the company's hot
 * counter rows stay locked for the shortest time.
 */
export async function keepRowCounts(trx: Knex, table: CountedTable, change: { added?: CountedRow[]; removed?: CountedRow[] }): Promise<void> {
  const deltas = new Map<string, { companyId: number; status: string; delta: number }>();
  const count = (rows: CountedRow[] | undefined, sign: number) => {
    for (const row of rows ?? []) {
      const status = row.status ?? '';
      const key = `${row.companyId}\u0000${status}`;
      const entry = deltas.get(key) ?? { companyId: row.companyId, status, delta: 0 };
      entry.delta += sign;
      deltas.set(key, entry);
    }
  };
  count(change.added, 1);
  count(change.removed, -1);
  const counters = [...deltas.values()].filter((entry) => entry.delta !== 0).sort(byKey);
  if (!counters.length) return;
  // One statement for every counter (a status change moves two), its rows in that order: both
  // engines lock and update a multi-row upsert's rows one by one, in the order of its values.
  const values = counters.map(() => '(?, ?, ?, ?)').join(', ');
  await trx.raw(`insert into company_row_counts (tableName, companyId, status, total) values ${values} ${ADD_TO_TOTAL[isMysql(trx) ? 'mysql' : 'sqlite']}`, counters.flatMap(({ companyId, status, delta }) => [table, companyId, status, delta]));
}

/** An upsert's conflict adds the row's delta to the counter (VALUES(): MariaDB has no row alias). */
const ADD_TO_TOTAL = {
  mysql: 'on duplicate key update total = total + values(total)',
  sqlite: 'on conflict (tableName, companyId, status) do update set total = total + excluded.total',
};

/**
 * A company's counts of a table counted again from its rows, for writers that insert many rows
 * at once (the bench's seed): one statement rather than a counter update per row.
 */
export async function recountCompanyRows(trx: Knex, table: CountedTable, companyId: number): Promise<void> {
  await trx('company_row_counts').where({ tableName: table, companyId }).delete();
  const [status, grouped] = table === 'vehicles' ? ['status', 'companyId, status'] : ["''", 'companyId'];
  await trx.raw(
    `insert into company_row_counts (tableName, companyId, status, total) select ?, companyId, ${status}, count(*) from ?? where companyId = ? group by ${grouped}`,
    [table, table, companyId],
  );
}

/**
 * How many rows of a table the viewer's company scope holds, from the counts the writers keep:
 * a super admin's is the sum of a hundred companies' rows rather than a count of every vehicle.
 * Plain SQL: `company_row_counts` is no resource's table, only a figure kept for the lists. One
 * constant text per combination of conditions (at most eight), read as a prepared statement
 * (selectRows): every list page asks it, and building it with knex cost more than running it.
 * Only for a scope that is the company scope alone (a buyer's purchases are not counted here).
 */
export async function keptRowCount(db: Knex, table: CountedTable, viewer: Viewer, only: { companyId?: unknown; status?: unknown } = {}): Promise<number> {
  const conditions = ['tableName = ?'];
  const bindings: Knex.Value[] = [table];
  if (only.companyId !== undefined) {
    conditions.push('companyId = ?');
    bindings.push(Number(only.companyId));
  }
  if (only.status !== undefined) {
    conditions.push('status = ?');
    bindings.push(String(only.status));
  }
  // The company scope (whereInCompanyOf's): every company's, the viewer's own, or none.
  if (!seesEveryCompany(viewer.role)) {
    if (viewer.companyId === null) return 0;
    conditions.push('companyId = ?');
    bindings.push(viewer.companyId);
  }
  const [row] = await selectRows<{ total: number | string | null }>(db, `select sum(total) as total from company_row_counts where ${conditions.join(' and ')}`, bindings);
  return Number(row?.total ?? 0);
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
