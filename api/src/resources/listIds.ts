import type { Knex } from 'knex';
import { selectRows } from '../db';
import type { Viewer } from './baseModel';
import { scopeBindings, sqlScopeOf } from './sqlScope';

/** The columns that carry a list's scope: the company's, and the buyer's where buyers see rows of the table. */
type ScopeColumns = { company: string; buyer?: string };

/**
 * Reads the ids of a page of a list without a filter (the everyday first view of a list), in its
 * order, by one constant SQL text per scope and order: the query the list builds through the model
 * (its scope, the sort and its tie-breakers, the page's bounds) written once, with the same
 * conditions, so each engine reads it from the same index and answers the same rows, without
 * building that query with objection (ListOptions.unfilteredIds, http/listPlan.ts). A buyer, where
 * the table has no buyer column, and staff without a company see nothing, as the models' scopes.
 */
export function constantListIds(table: string, scope: ScopeColumns) {
  const orderColumn = new RegExp(`^${table}\\.[A-Za-z]+$`);
  // Built once for each scope and order (the sorts with their tie-breakers × 2 directions × 3 scopes).
  const texts = new Map<string, string>();
  const textFor = (kind: 'all' | 'company' | 'buyer', orderColumns: string[], direction: 'asc' | 'desc') => {
    const key = `${kind}:${direction}:${orderColumns.join(',')}`;
    let sql = texts.get(key);
    if (!sql) {
      if (!orderColumns.every((column) => orderColumn.test(column))) throw new Error(`Not a column of ${table} to sort on: ${orderColumns.join(', ')}`);
      const where = kind === 'company' ? ` where ${table}.${scope.company} = ?` : kind === 'buyer' ? ` where ${table}.${scope.buyer} = ?` : '';
      sql = `select ${table}.id from ${table}${where} order by ${orderColumns.map((column) => `${column} ${direction}`).join(', ')} limit ? offset ?`;
      texts.set(key, sql);
    }
    return sql;
  };
  return async (db: Knex, viewer: Viewer, orderColumns: string[], direction: 'asc' | 'desc', offset: number, limit: number): Promise<number[]> => {
    const viewerScope = sqlScopeOf(viewer);
    if (!viewerScope || (viewerScope.kind === 'buyer' && !scope.buyer)) return [];
    const rows = await selectRows<{ id: number | string }>(db, textFor(viewerScope.kind, orderColumns, direction), [...scopeBindings(viewerScope), limit, offset]);
    return rows.map((row) => Number(row.id));
  };
}
