import { CONTAINER_COLUMNS, VEHICLE_COLUMNS, columnOfHeading, type SheetColumn, type SheetLanguage } from '@domain/sheetColumns';

/**
 * What the import wizard reads and writes in the browser: the template files, the first rows of a
 * CSV with the field each of its columns maps to (the same heading rules as the API, from
 * domain/sheetColumns.ts), and the errors table as a CSV. The API stays the judge of every row.
 */
export type ImportResource = 'vehicles' | 'containers';

export const columnsOf = (resource: ImportResource): SheetColumn[] => (resource === 'vehicles' ? VEHICLE_COLUMNS : CONTAINER_COLUMNS);

/** Excel reads a CSV as UTF-8 (Arabic included) only when it starts with a byte order mark. */
const BOM = '\uFEFF';

/** A cell as CSV: quoted when it holds a separator, a quote or a line break. */
const csvCell = (value: string) => (/[",;\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export const toCsv = (rows: string[][]) => BOM + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

/** The template: the headings in one language; the Company column only for who may name one. */
export function templateCsv(resource: ImportResource, language: SheetLanguage, withCompany: boolean): string {
  const columns = columnsOf(resource).filter((column) => withCompany || column.key !== 'company');
  return toCsv([columns.map((column) => column[language])]);
}

/** Splits CSV text into rows of cells (RFC 4180 quotes), with `,` or `;` between cells. */
export function parseCsv(text: string, maxRows = Infinity): string[][] {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  // The separator the API also accepts: a semicolon when the heading row has more of them (Excel in many locales).
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length && rows.length < maxRows; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      cell = '';
      if (row.some((value) => value.trim() !== '')) rows.push(row);
      row = [];
    } else cell += char;
  }
  row.push(cell);
  if (rows.length < maxRows && row.some((value) => value.trim() !== '')) rows.push(row);
  return rows;
}

/** Each heading of the file with the column it fills, or null when the import ignores it. */
export type ColumnMapping = { heading: string; column: SheetColumn | null };

export const mappingOf = (resource: ImportResource, headings: string[]): ColumnMapping[] =>
  headings.map((heading) => ({ heading, column: columnOfHeading(columnsOf(resource), heading) ?? null }));

/** How many rows the wizard previews. */
export const PREVIEW_ROWS = 5;

export type CsvPreview = { mapping: ColumnMapping[]; rows: string[][] };

/** The heading row and the first rows of a CSV, mapped. */
export function previewCsv(resource: ImportResource, text: string): CsvPreview {
  const [headings = [], ...rows] = parseCsv(text, PREVIEW_ROWS + 1);
  return { mapping: mappingOf(resource, headings), rows };
}

export const isCsvName = (name: string) => /\.(csv|txt)$/i.test(name);
