import type { Knex } from 'knex';
import { isMysql, keptTexts, selectRows } from '../db';
import { scopeBindings, type SqlScope } from './sqlScope';

/*
 * The rows a write changes, read and locked by a constant SQL text that carries the viewer's scope
 * (the models' scopedTo as a condition). Every status change, edit and deletion of a vehicle or a
 * container starts here: objection building the query and a model for it cost about 120 µs of a
 * write's CPU, the text 40 (27 Nov 2026, MariaDB, in a transaction, four at a time). The caller
 * parses the rows as its model does (Model.fromDatabaseJson).
 */

const text = keptTexts(200);

/** Names of the code's own tables and columns, never text from outside. */
function assertNames(names: readonly string[]) {
  for (const name of names) if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a table or column name: ${name}`);
}

/** The columns that carry a table's scope (ScopeColumns of rowsByIdsText, by scope kind). */
export type ScopeColumnOf = { company: string; buyer?: string };

/**
 * Rows `ids` of `table` that the scope lets the viewer see, with `columns`, locked until the
 * transaction ends (MySQL's FOR UPDATE; a SQLite write transaction already holds the one writer's
 * lock), in id order: the order every writer takes them in. An id out of scope is not answered;
 * a scope of null (a user without a company) sees none.
 */
export async function lockVisibleRows(
  trx: Knex,
  table: string,
  scopeColumns: ScopeColumnOf,
  scope: SqlScope | null,
  ids: readonly number[],
  columns: readonly string[],
): Promise<Record<string, unknown>[]> {
  if (!scope || !ids.length) return [];
  const mysql = isMysql(trx);
  const scopeColumn = scope.kind === 'all' ? undefined : scopeColumns[scope.kind];
  const sql = text(`${table}:${mysql}:${scope.kind}:${scopeColumn}:${ids.length}:${columns.join(',')}`, () => {
    if (scope.kind !== 'all' && !scopeColumn) throw new Error(`${table} has no ${scope.kind} scope`);
    assertNames([table, ...columns, ...(scopeColumn ? [scopeColumn] : [])]);
    const idList = ids.length === 1 ? 'id = ?' : `id in (${ids.map(() => '?').join(', ')})`;
    return `select ${columns.join(', ')} from ${table} where ${idList}${scopeColumn ? ` and ${scopeColumn} = ?` : ''} order by id${mysql ? ' for update' : ''}`;
  });
  return selectRows<Record<string, unknown>>(trx, sql, [...ids, ...scopeBindings(scope)]);
}
