import type { Knex } from 'knex';
import { selectRows } from '../../db';
import type { Viewer } from '../baseModel';
import { constantListIds } from '../listIds';
import { sqlScopeOf } from '../sqlScope';
import { Container } from './model';

/**
 * The container list's rows for a page's ids, read by one constant SQL text per page size (the
 * SQLite layer keeps it prepared): the columns of the model's `rowColumns` (every column, the
 * route's ports, the company's name, the number of vehicles), each row then made a model as
 * objection makes one from a row, so that the answer is the model's JSON, byte for byte (the list
 * answers' fixture, api/test/listAnswersFixture.test.ts). Building that query with objection cost
 * more than SQLite's work on it. The company scope is kept as a second guard (the ids were read
 * through it), written `+column` so that it does not choose the company's index over the ids.
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

/** The SQL text for n ids and a scope, built once for each. */
const texts = new Map<string, string>();
function textFor(count: number, scope: 'all' | 'company'): string {
  const key = `${count}:${scope}`;
  let sql = texts.get(key);
  if (!sql) {
    sql = `select ${COLUMNS}\nwhere c.id in (${new Array(count).fill('?').join(', ')})${scope === 'company' ? ' and +c.companyId = ?' : ''}`;
    texts.set(key, sql);
  }
  return sql;
}

/** The containers of `ids` (already read through the viewer's scope) as models, in the ids' order. */
export async function containerListRows(db: Knex, viewer: Viewer, ids: readonly number[]): Promise<Container[]> {
  const scope = sqlScopeOf(viewer);
  // Buyers see no containers (the permission table), staff without a company none (the model's scope).
  if (!ids.length || !scope || scope.kind === 'buyer') return [];
  const rows = await selectRows<Record<string, unknown>>(db, textFor(ids.length, scope.kind), scope.kind === 'company' ? [...ids, scope.value] : [...ids]);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [Container.fromDatabaseJson(row)] : [];
  });
}

/** The ids of a page of the container list, in its order, where its filter is plain (constantListIds; Container's `scopedTo`). */
export const containerListIds = constantListIds('containers', { company: 'companyId' });
