/**
 * Rows to CSV (RFC 4180): a header from the first row's keys, fields quoted when they hold a
 * comma, a quote or a line break. A leading BOM lets spreadsheet programs read Arabic as UTF-8.
 */
export function toCsv(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '\uFEFF';
  const headers = Object.keys(rows[0]);
  const cell = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    // A cell that starts like a formula is not run by spreadsheets (CSV injection).
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return '\uFEFF' + [headers, ...rows.map((row) => headers.map((h) => row[h]))].map((line) => line.map(cell).join(',')).join('\r\n');
}
