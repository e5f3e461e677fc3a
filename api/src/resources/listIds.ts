import type { Knex } from 'knex';
import { keptTexts, selectRows } from '../db';
import { likePattern } from '../http/listPlan';
import type { Condition } from '../http/listQuery';
import type { Viewer } from './baseModel';
import type { ScopeColumns } from './rowsByIdsText';
import { scopeBindings, sqlScopeOf } from './sqlScope';

/** SQL texts kept per list, past which the oldest go (an id list's `in` makes a text per length). */
const TEXTS_KEPT = 200;

/**
 * Reads the ids of a page of a list, in its order, and counts its rows, by one constant SQL text
 * per scope, order and shape of filter: the queries the list builds through the model (its scope,
 * the filter's conditions, the sort and its tie-breakers, the page's bounds; the count of the
 * filtered rows, a search's up to its bound) written once with the same conditions, so each engine
 * reads them from the same index and answers the same rows, without building those queries with
 * objection (ListOptions.idsByConstantText and countByConstantText, http/listPlan.ts). The
 * conditions it writes are a column of the table compared, listed or null, and a search by LIKE
 * over the list's `search` columns, as listPlan's applyConditions writes them, or through the
 * search index as its own SQL test of the id (IndexedSearch.condition); anything else ("not
 * equal") answers undefined and the list builds its query. A buyer, where the table has no buyer
 * column, and staff without a company see nothing, as the models' scopes.
 */
export function constantListTexts(table: string, scope: ScopeColumns, search: readonly string[] = []) {
  const ownColumn = new RegExp(`^${table}\\.[A-Za-z]+$`);
  const searchable = search.every((column) => ownColumn.test(column)) ? search : [];
  const textFor = keptTexts(TEXTS_KEPT);

  /**
   * The viewer's scope and the conditions as one WHERE, with its values; null when the viewer sees
   * nothing; undefined when a condition is not plain (the list then builds its query).
   */
  const whereOf = (viewer: Viewer, conditions: readonly Condition[]): { where: string; bindings: unknown[] } | null | undefined => {
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
      } else if (condition.kind === 'indexed') {
        tests.push(condition.sql);
        values.push(...condition.values);
      } else if (condition.kind === 'search' && searchable.length) {
        tests.push(`(${searchable.map((column) => `${column} like ? escape '!'`).join(' or ')})`);
        values.push(...searchable.map(() => likePattern(condition.text)));
      } else {
        return undefined;
      }
    }
    const viewerScope = sqlScopeOf(viewer);
    if (!viewerScope || (viewerScope.kind === 'buyer' && !scope.buyer)) return null;
    // Where a search index's matches lead, the scope's column is tested on each, not read by its index.
    const led = conditions.some((condition) => condition.kind === 'indexed' && condition.leads) ? '+' : '';
    if (viewerScope.kind === 'company') tests.unshift(`${led}${table}.${scope.company} = ?`);
    if (viewerScope.kind === 'buyer') tests.unshift(`${led}${table}.${scope.buyer} = ?`);
    return { where: tests.length ? ` where ${tests.join(' and ')}` : '', bindings: [...scopeBindings(viewerScope), ...values] };
  };

  return {
    ids(db: Knex, viewer: Viewer, conditions: readonly Condition[], orderColumns: string[], direction: 'asc' | 'desc', offset: number, limit: number): Promise<number[]> | undefined {
      if (!orderColumns.every((column) => ownColumn.test(column))) return undefined;
      const found = whereOf(viewer, conditions);
      if (found === undefined) return undefined;
      if (found === null) return Promise.resolve([]);
      const order = orderColumns.map((column) => `${column} ${direction}`).join(', ');
      const sql = textFor(`ids${found.where}|${order}`, () => `select ${table}.id from ${table}${found.where} order by ${order} limit ? offset ?`);
      return selectRows<{ id: number | string }>(db, sql, [...found.bindings, limit, offset] as Knex.Value[]).then((rows) => rows.map((row) => Number(row.id)));
    },

    /** The rows the conditions leave, counted up to `bound` when given (a search's matches: SEARCH_COUNT_BOUND + 1). */
    count(db: Knex, viewer: Viewer, conditions: readonly Condition[], bound: number | undefined): Promise<number> | undefined {
      const found = whereOf(viewer, conditions);
      if (found === undefined) return undefined;
      if (found === null) return Promise.resolve(0);
      const sql = textFor(`count${found.where}|${bound !== undefined}`, () =>
        bound === undefined ? `select count(*) as total from ${table}${found.where}` : `select count(*) as total from (select 1 from ${table}${found.where} limit ?) as matches`,
      );
      const bindings = (bound === undefined ? found.bindings : [...found.bindings, bound]) as Knex.Value[];
      return selectRows<{ total: number | string }>(db, sql, bindings).then(([row]) => Number(row?.total ?? 0));
    },
  };
}
