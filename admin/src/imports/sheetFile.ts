import { CONTAINER_COLUMNS, VEHICLE_COLUMNS, columnOfHeading, type SheetColumn, type SheetLanguage } from '@domain/sheetColumns';

/**
 * What the import wizard makes in the browser: the template files, the field each heading of the
 * file fills (the same heading rules as the API, from domain/sheetColumns.ts) over the first rows
 * the server read (a .csv or an .xlsx alike: no reader of either in the browser), and the errors
 * table as a CSV. The API stays the judge of every row.
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

/** Each heading of the file with the column it fills, or null when the import ignores it. */
export type ColumnMapping = { heading: string; column: SheetColumn | null };

export const mappingOf = (resource: ImportResource, headings: string[]): ColumnMapping[] =>
  headings.map((heading) => ({ heading, column: columnOfHeading(columnsOf(resource), heading) ?? null }));

/** The file's heading row mapped, and its first rows: what the dry run answered it read (`preview`). */
export type SheetPreview = { mapping: ColumnMapping[]; rows: string[][] };

export const previewOf = (resource: ImportResource, preview: { headings: string[]; rows: string[][] }): SheetPreview => ({
  mapping: mappingOf(resource, preview.headings),
  rows: preview.rows,
});
