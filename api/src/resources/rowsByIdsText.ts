import { keptTexts } from '../db';
import type { SqlScope } from './sqlScope';

/** The columns that carry a table's scope: the company's, and the buyer's where buyers see its rows. */
export type ScopeColumns = { company: string; buyer?: string };

/**
 * The constant SQL text that reads a list page's rows for its ids: `select` (the columns and the
 * joins, the table as `alias`), the ids, and the viewer's scope kept as a second guard (the ids
 * were read through it), written `+column` so that SQLite does not choose the scope's index over
 * the ids (with `companyId = ?` a page walked every row of the company). One text per page size
 * and scope, built once (the SQLite layer keeps it prepared).
 */
export function rowsByIdsText(select: string, alias: string, scope: ScopeColumns) {
  const texts = keptTexts();
  return (count: number, kind: SqlScope['kind']): string =>
    texts(`${count}:${kind}`, () => {
      const column = kind === 'company' ? scope.company : kind === 'buyer' ? scope.buyer : undefined;
      return `select ${select}\nwhere ${alias}.id in (${new Array(count).fill('?').join(', ')})${column ? ` and +${alias}.${column} = ?` : ''}`;
    });
}
