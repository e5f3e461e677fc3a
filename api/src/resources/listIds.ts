import type { Knex } from 'knex';
import { selectRows } from '../db';
import type { Condition } from '../http/listQuery';
import type { Viewer } from './baseModel';
import type { ScopeColumns } from './rowsByIdsText';
import { scopeBindings, sqlScopeOf } from './sqlScope';


/** SQL texts kept per list, past which the oldest go (an id list's `in` makes a text per length). */
const TEXTS_KEPT = 200;

/**
 * Reads the ids of a page of a list, in its order, by one constant SQL text per scope, order and
 * shape of filter: the query the list builds through the model (its scope, the filter's
 * conditions, the sort and its tie-breakers, the page's bounds) written once with the same
 * conditions, so each engine reads it from the same index and answers the same rows, without
 * building that query with objection (ListOptions.idsByConstantText, http/listPlan.ts). The
 * conditions it writes are a column of the table compared, listed or null, as listPlan's
 * applyConditions writes them; anything else (a search, "not equal") answers undefined and the
 * list builds its query. A buyer, where the table has no buyer column, and staff without a
 * company see nothing, as the models' scopes.
 */
export function constantListIds(table: string, scope: ScopeColumns) {
  const ownColumn = new RegExp(`^${table}\\.[A-Za-z]+$`);
  const texts = new Map<string, string>();
  const textFor = (key: string, build: () => string) => {
    let sql = texts.get(key);
    if (sql) texts.delete(key);
    else sql = build();
    texts.set(key, sql);
    if (texts.size > TEXTS_KEPT) texts.delete(texts.keys().next().value!);
    return sql;
  };
  return (db: Knex, viewer: Viewer, conditions: readonly Condition[], orderColumns: string[], direction: 'asc' | 'desc', offset: number, limit: number): Promise<number[]> | undefined => {
    if (!orderColumns.every((column) => ownColumn.test(column))) return undefined;
    const tests: string[] = [];
    const values: unknown[] = [];
    for (const condition of conditions) {
      if (condition.kind === 'compare' && ownColumn.test(condition.column)) {
        tests.push(`${condition.column} ${condition.op} ?`);
        values.push(condition.value);
      } else if (condition.kind === 'null' && ownColumn.test(condition.column)) {
        tests.push(`${condition.column} is null`);
      } else if (condition.kind === 'in' && ownColumn.test(condition.column) && condition.values.length) {
        tests.push(`${condition.column} in (${condition.values.map(() => '?').join(', ')})`);
        values.push(...condition.values);
      } else {
        return undefined;
      }
    }
    const viewerScope = sqlScopeOf(viewer);
    if (!viewerScope || (viewerScope.kind === 'buyer' && !scope.buyer)) return Promise.resolve([]);
    if (viewerScope.kind === 'company') tests.unshift(`${table}.${scope.company} = ?`);
    if (viewerScope.kind === 'buyer') tests.unshift(`${table}.${scope.buyer} = ?`);
    const where = tests.length ? ` where ${tests.join(' and ')}` : '';
    const order = orderColumns.map((column) => `${column} ${direction}`).join(', ');
    const sql = textFor(`${where}|${order}`, () => `select ${table}.id from ${table}${where} order by ${order} limit ? offset ?`);
    const bindings = [...scopeBindings(viewerScope), ...values, limit, offset] as Knex.Value[];
    return selectRows<{ id: number | string }>(db, sql, bindings).then((rows) => rows.map((row) => Number(row.id)));
  };
}
