import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { DomainError } from '../../domain/errors';

/**
 * Reads the rows of an uploaded spreadsheet: a CSV (UTF-8, with or without a byte-order mark,
 * comma or semicolon) or the first worksheet of an .xlsx. Every cell comes as text; a formula
 * cell as the value Excel saved with it, never evaluated. Rows are read as a stream, so a file
 * past the row limit is refused without reading the rest.
 */
export type SheetKind = 'csv' | 'xlsx';
/** One row: its number in the file (the heading row is 1) and its cells as text. */
export type SheetRow = { line: number; cells: string[] };
export type Sheet = { headings: string[]; rows: SheetRow[] };

export const tooManyRows = (limit: number) =>
  new DomainError('tooLarge', 'import.tooManyRows', `A file may hold at most ${limit.toLocaleString('en')} rows: split it into several files`);

const unreadable = (kind: SheetKind) =>
  new DomainError('invalid', 'import.unreadableFile', kind === 'xlsx' ? 'The file could not be read as an Excel workbook (.xlsx)' : 'The file could not be read as CSV');

/** The kind of a file by its name (.csv or .xlsx); anything else is a 415. */
export function sheetKind(fileName: string): SheetKind {
  const ext = fileName.toLowerCase().split('.').at(-1);
  if (ext === 'csv' || ext === 'txt') return 'csv';
  if (ext === 'xlsx') return 'xlsx';
  throw new DomainError('unsupportedMediaType', 'request.unsupportedMediaType', 'Send a .csv or .xlsx file');
}

/** A cell of exceljs as text: formulas give their saved result, dates an ISO date (or time). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value !== 'object') return String(value);
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) return '';
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('error' in value) return '';
  return '';
}

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

/** A cell an export neutralised against formulas ("'=SUM…", writeSheet.ts) is read as it was. */
const unneutralised = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * The delimiter of a CSV: the one of comma and semicolon that splits its first record into more
 * fields (Excel in Arabic and most European locales saves with semicolons).
 */
async function csvDelimiter(path: string): Promise<',' | ';'> {
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read({ buffer: Buffer.alloc(64 * 1024) });
    const sample = buffer.subarray(0, bytesRead).toString('utf8');
    const fields = (delimiter: string) => {
      try {
        const [first] = parseSync(sample, { delimiter, bom: true, to: 1, relax_quotes: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
        return first?.length ?? 0;
      } catch {
        return 0;
      }
    };
    return fields(';') > fields(',') ? ';' : ',';
  } finally {
    await file.close();
  }
}

async function readCsv(path: string, maxRows: number): Promise<Sheet> {
  const delimiter = await csvDelimiter(path);
  const source = createReadStream(path);
  const parser = source.pipe(
    parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true, info: true }),
  );
  let headings: string[] | undefined;
  const rows: SheetRow[] = [];
  try {
    // info.lines: the line the record ends on, the row number a spreadsheet shows for it.
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!headings) {
        headings = record.map((h) => h.trim());
        continue;
      }
      if (rows.length >= maxRows) throw tooManyRows(maxRows);
      rows.push({ line: info.lines, cells: record.map(unneutralised) });
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof DomainError) throw error;
    throw unreadable('csv');
  } finally {
    // pipe() does not close its source when the parser stops early (too many rows, a broken
    // file): the file stays open, and its space in use after the upload's folder is removed.
    source.destroy();
  }
  return { headings: headings ?? [], rows };
}

async function readXlsx(path: string, maxRows: number): Promise<Sheet> {
  // The streaming reader: rows arrive as the file is unzipped, a worksheet at a time.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'emit' });
  let headings: string[] | undefined;
  const rows: SheetRow[] = [];
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = row.values as ExcelJS.CellValue[];
        // exceljs numbers cells from 1: values[0] is empty.
        const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1]));
        if (isBlank(cells)) continue;
        if (!headings) {
          headings = cells.map((h) => h.trim());
          continue;
        }
        if (rows.length >= maxRows) throw tooManyRows(maxRows);
        rows.push({ line: row.number, cells });
      }
      // The first worksheet only: a workbook's other sheets are notes, lists, pivots.
      break;
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw unreadable('xlsx');
  }
  return { headings: headings ?? [], rows };
}

/** Reads a CSV or the first worksheet of an .xlsx, at most `maxRows` rows under the heading row. */
export function readSheet(path: string, kind: SheetKind, maxRows: number): Promise<Sheet> {
  return kind === 'csv' ? readCsv(path, maxRows) : readXlsx(path, maxRows);
}
