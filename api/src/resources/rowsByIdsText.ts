import { keptTexts } from '../db';
import type { SqlScope } from './sqlScope';

/** The columns that carry a table's scope: the company's, and the buyer's where buyers see its rows. */
export type ScopeColumns = { company: string; buyer?: string };

/**
 * Where the select names the page's ids again (a grouped read of the rows' files or vehicles for
 * these rows alone, instead of a subquery run once per row and per figure: on MariaDB each run of
 * a dependent subquery costs several microseconds of its CPU: vehicles/listRows.ts).
 */
export const PAGE_IDS = '{page ids}';

/**
 * The constant SQL text that reads a list page's rows for its ids: `select` (the columns and the
 * joins, the table as `alias`), the ids, and the viewer's scope kept as a second guard (the ids
 * were read through it), written `+column` so that SQLite does not choose the scope's index over
 * the ids (with `companyId = ?` a page walked every row of the company). One text per page size
 * and scope, built once (the SQLite layer keeps it prepared). `bindings` gives its values: the ids
 * wherever the text holds them (PAGE_IDS in the select, then the rows' own), then the scope's.
 */
export function rowsByIdsText(select: string, alias: string, scope: ScopeColumns) {
  const texts = keptTexts();
  const idLists = select.split(PAGE_IDS).length;
  return {
    text: (count: number, kind: SqlScope['kind']): string =>
      texts(`${count}:${kind}`, () => {
        const column = kind === 'company' ? scope.company : kind === 'buyer' ? scope.buyer : undefined;
        const marks = new Array(count).fill('?').join(', ');
        return `select ${select.replaceAll(PAGE_IDS, marks)}\nwhere ${alias}.id in (${marks})${column ? ` and +${alias}.${column} = ?` : ''}`;
      }),
    bindings: (ids: readonly number[], scopeValues: readonly number[]): number[] => [...new Array<readonly number[]>(idLists).fill(ids).flat(), ...scopeValues],
  };
}
