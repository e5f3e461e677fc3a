import { columnOfHeading, type SheetColumn, type SheetLanguage } from '../../domain/sheetColumns';
import type { Sheet } from '../../services/spreadsheets/readSheet';
import { DomainError } from '../../domain/errors';
import { pacer } from '../pace';
import { RowProblem, type RowProblemAt } from './runImport';

/** A row as the import reads it: its line and its non-empty cells by column key. */
export type MappedRow = { line: number; values: Record<string, string> };

/** Rows mapped (or checked) between two looks at the clock: a few hundredths of a millisecond each. */
const ROWS_PER_LOOK = 100;

/**
 * Maps the file's headings (English, Arabic, or the keys) to the columns and each row's cells to
 * them. A heading the import does not know is a warning (its cells are ignored); a column every
 * row needs, missing, refuses the file. Twenty thousand rows take tens of milliseconds: the event
 * loop is given back between bounded steps (resources/pace.ts).
 */
export async function mapSheet(sheet: Sheet, columns: SheetColumn[], required: string, language: SheetLanguage) {
  const keys: (string | undefined)[] = [];
  const headings = new Map<string, string>();
  const warnings: RowProblemAt[] = [];
  sheet.headings.forEach((heading, index) => {
    const column = columnOfHeading(columns, heading);
    if (!column) {
      if (heading) warnings.push({ line: 1, problem: new RowProblem(null, 'column.unknown', { column: heading }) });
      keys[index] = undefined;
      return;
    }
    // A column given twice: the first one counts.
    if (headings.has(column.key)) return;
    headings.set(column.key, heading);
    keys[index] = column.key;
  });
  if (!headings.has(required)) {
    const column = columns.find((c) => c.key === required)!;
    throw new DomainError('invalid', 'import.missingColumn', `The file has no "${column.en}" column (or "${column.ar}")`, { [required]: 'is required' });
  }
  const rows: MappedRow[] = [];
  const pause = pacer();
  for (const [n, { line, cells }] of sheet.rows.entries()) {
    const values: Record<string, string> = {};
    cells.forEach((cell, index) => {
      const key = keys[index];
      const text = cell.trim();
      if (key && text) values[key] = text;
    });
    rows.push({ line, values });
    if (n % ROWS_PER_LOOK === 0) await pause();
  }
  if (!rows.length) throw new DomainError('invalid', 'import.noRows', 'The file has headings but no rows');
  // A column the file lacks (the company a super administrator must name) in the reader's language.
  const headingOf = (field: string | null) => (field ? (headings.get(field) ?? columns.find((c) => c.key === field)?.[language] ?? field) : null);
  return { rows, warnings, headingOf };
}

/** Rows whose `key` value appears on an earlier row: an error each, naming the first line. */
export async function repeatedInFile(rows: MappedRow[], key: string, normalize: (v: string) => string, code: string): Promise<RowProblemAt[]> {
  const first = new Map<string, number>();
  const problems: RowProblemAt[] = [];
  const pause = pacer();
  for (const [n, row] of rows.entries()) {
    if (n % ROWS_PER_LOOK === 0) await pause();
    const value = row.values[key];
    if (!value) continue;
    const normal = normalize(value);
    const seen = first.get(normal);
    if (seen === undefined) first.set(normal, row.line);
    else problems.push({ line: row.line, problem: new RowProblem(key, code, { other: seen }) });
  }
  return problems;
}
