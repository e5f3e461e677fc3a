import type { Knex } from 'knex';
import { isMysql, keptTexts, selectRows } from '../../db';
import type { Viewer } from '../baseModel';
import { scopeBindings, sqlScopeOf } from '../sqlScope';
import { Vehicle } from './model';

/*
 * The rows a vehicle's write changes, read and locked by a constant SQL text (Vehicle's scopedTo as
 * the text's condition) and parsed as the model parses them (Vehicle.fromDatabaseJson: its JSON
 * and number columns). Every status change, edit and deletion starts here: objection building
 * the query and a model for it cost about 120 µs of a write's CPU, the text 40 (27 Nov 2026, MariaDB,
 * in a transaction, four at a time).
 */

const SCOPE_CONDITIONS = { all: '', company: ' and companyId = ?', buyer: ' and buyerId = ?' };
const text = keptTexts(200);

/** Columns of vehicles only, never text from outside: they come from the code and the parsed schemas' keys. */
function assertColumns(columns: readonly string[]) {
  for (const column of columns) if (!/^[A-Za-z]+$/.test(column)) throw new Error(`not a column of vehicles: ${column}`);
}

/**
 * Vehicles `ids` that `viewer` may see, with `columns`, locked until the transaction ends (MySQL's
 * FOR UPDATE; a SQLite write transaction already holds the one writer's lock), in id order: the
 * order every writer takes them in. An id the viewer may not see is simply not answered.
 */
export async function lockVisibleVehicles(trx: Knex, viewer: Viewer, ids: readonly number[], columns: readonly string[]): Promise<Vehicle[]> {
  const scope = sqlScopeOf(viewer);
  if (!scope || !ids.length) return [];
  const mysql = isMysql(trx);
  const sql = text(`${mysql}:${scope.kind}:${ids.length}:${columns.join(',')}`, () => {
    assertColumns(columns);
    const idList = ids.length === 1 ? 'id = ?' : `id in (${ids.map(() => '?').join(', ')})`;
    return `select ${columns.join(', ')} from vehicles where ${idList}${SCOPE_CONDITIONS[scope.kind]} order by id${mysql ? ' for update' : ''}`;
  });
  const rows = await selectRows<Record<string, unknown>>(trx, sql, [...ids, ...scopeBindings(scope)]);
  return rows.map((row) => Vehicle.fromDatabaseJson(row));
}
