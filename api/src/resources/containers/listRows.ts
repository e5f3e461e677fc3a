import type { Knex } from 'knex';
import { selectRows } from '../../db';
import { seesEveryCompany } from '../../domain/permissions';
import type { Viewer } from '../baseModel';
import { withContainerWarnings } from './model';

/**
 * The container list's rows for a page's ids, read by one constant SQL text per page size and
 * scope (the SQLite layer keeps it prepared) and shaped here: what the model's rowColumns gave
 * through objection, key for key (compared byte for byte in api/test/listAnswersFixture.test.ts),
 * without building that query and hydrating a model per row only to serialise it again (the
 * containers page cost twice a vehicle page, a third of it in objection and knex). As for the
 * vehicles (vehicles/listRows.ts), the scope is a second guard written `+companyId`, so that
 * SQLite reads the 25 ids rather than the company's index.
 */
const FROM = `select containers.*,
 fromPort.name as fromPortName, fromPort.nameAr as fromPortNameAr, fromPort.country as fromPortCountry,
 toPort.name as toPortName, toPort.nameAr as toPortNameAr, toPort.country as toPortCountry,
 company.name as companyName,
 (select count(*) from vehicles where vehicles.containerId = containers.id) as vehicleCount
from containers
left join ports as fromPort on fromPort.id = containers.fromPortId
left join ports as toPort on toPort.id = containers.toPortId
left join companies as company on company.id = containers.companyId`;

/** Container's scopedTo (whereInCompanyOf): every company's, the viewer's own, or none. */
type Scope = { kind: 'all' } | { kind: 'company'; companyId: number };
function scopeOf(viewer: Viewer): Scope | null {
  if (seesEveryCompany(viewer.role)) return { kind: 'all' };
  return viewer.companyId === null ? null : { kind: 'company', companyId: viewer.companyId };
}

/** The SQL text for n ids and a scope, built once for each (at most MAX_ROWS sizes × 2 scopes). */
const texts = new Map<string, string>();
function textFor(count: number, scope: Scope['kind']): string {
  const key = `${count}:${scope}`;
  let sql = texts.get(key);
  if (!sql) {
    const guard = scope === 'company' ? ' and +containers.companyId = ?' : '';
    sql = `${FROM}\nwhere containers.id in (${new Array(count).fill('?').join(', ')})${guard}`;
    texts.set(key, sql);
  }
  return sql;
}

type Row = Record<string, unknown> & { id: number | string; vehicleCount: number | string };

/** A list row: the columns, names and warnings, and the invoice numbers the page adds. */
export type ContainerListRow = Record<string, unknown> & { id: number; companyId: number; invoiceNumbers?: string[] };

/**
 * A row as the model answered it: its columns in the table's order, the joined names, the count
 * as a number, then the invoice numbers (filled by the list's completePage, withInvoiceNumbers)
 * and the warnings, in that order.
 */
const shape = (row: Row) => withContainerWarnings({ ...row, vehicleCount: Number(row.vehicleCount), invoiceNumbers: undefined }) as ContainerListRow;

/** The rows of `ids` (already read through the viewer's scope), in the ids' order. */
export async function containerListRows(db: Knex, viewer: Viewer, ids: readonly number[]): Promise<ContainerListRow[]> {
  const scope = scopeOf(viewer);
  if (!ids.length || !scope) return [];
  const rows = await selectRows<Row>(db, textFor(ids.length, scope.kind), scope.kind === 'company' ? [...ids, scope.companyId] : [...ids]);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [shape(row)] : [];
  });
}
