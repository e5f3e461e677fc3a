import type { Knex } from 'knex';
import { columnsOfTable, selectRowsViaJson } from '../../db';
import type { Viewer } from '../baseModel';
import { rowsByIdsText } from '../rowsByIdsText';
import { scopeBindings, sqlScopeOf } from '../sqlScope';
import { Container } from './model';

/**
 * The container list's rows for a page's ids, read by one constant SQL text per page size (the
 * SQLite layer keeps it prepared): the columns of the model's `rowColumns` (every column, the
 * route's ports, the company's name, the number of vehicles), each row then made a model as
 * objection makes one from a row, so that the answer is the model's JSON, byte for byte (the list
 * answers' fixture, api/test/listAnswersFixture.test.ts). Building that query with objection cost
 * more than SQLite's work on it.
 */
const COLUMNS = `c.*,
 fp.name as fromPortName, fp.nameAr as fromPortNameAr, fp.country as fromPortCountry,
 tp.name as toPortName, tp.nameAr as toPortNameAr, tp.country as toPortCountry,
 co.name as companyName,
 (select count(*) from vehicles v where v.containerId = c.id) as vehicleCount
from containers c
left join ports fp on fp.id = c.fromPortId
left join ports tp on tp.id = c.toPortId
left join companies co on co.id = c.companyId`;

/** The names of the columns COLUMNS adds to the container's own (`c.*`). */
const ADDED = ['fromPortName', 'fromPortNameAr', 'fromPortCountry', 'toPortName', 'toPortNameAr', 'toPortCountry', 'companyName', 'vehicleCount'];

/** The SQL text for n ids and a scope (rowsByIdsText), and its values. */
const rowsText = rowsByIdsText(COLUMNS, 'c', { company: 'companyId' });

/** The containers of `ids` (already read through the viewer's scope) as models, in the ids' order. */
export async function containerListRows(db: Knex, viewer: Viewer, ids: readonly number[]): Promise<Container[]> {
  const scope = sqlScopeOf(viewer);
  // Buyers see no containers (the permission table), staff without a company none (the model's scope).
  if (!ids.length || !scope || scope.kind === 'buyer') return [];
  // On SQLite the rows are read as SQLite's JSON (db/jsonRows.ts): 25 rows of 26 columns cost
  // 386 µs as better-sqlite3's objects, 80 µs so.
  const names = [...(await columnsOfTable(db, 'containers')), ...ADDED];
  const rows = await selectRowsViaJson<Record<string, unknown>>(db, rowsText.text(ids.length, scope.kind), names, rowsText.bindings(ids, scopeBindings(scope)));
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [Container.fromDatabaseJson(row)] : [];
  });
}
