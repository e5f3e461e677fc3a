import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

/**
 * Writes a list as a CSV or an .xlsx, row by row as the rows arrive (a stream the response
 * sends as it goes: an export of every vehicle never sits whole in memory).
 */
export type SheetFormat = 'csv' | 'xlsx';
export type Cell = string | number | null;

export const SHEET_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A text cell that a spreadsheet would read as a formula (=, +, - or @ first, or a tab or
 * carriage return before one) is written behind an apostrophe, which Excel and LibreOffice show
 * as text (OWASP, "CSV injection"). The import takes the apostrophe off again.
 */
export function neutralise(cell: Cell): Cell {
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** One batch of rows as CSV text (a chunk of the response: a write per row would cost more than the row). */
const csvText = (rows: Cell[][]) => stringify(rows.map((row) => row.map(neutralise)), { record_delimiter: 'windows' });

function csvStream(headings: string[], batches: AsyncIterable<Cell[][]>): Readable {
  return Readable.from(
    (async function* () {
      // The byte-order mark makes Excel read the file as UTF-8 (Arabic text), not the system's code page.
      yield `\uFEFF${csvText([headings])}`;
      for await (const batch of batches) yield csvText(batch);
    })(),
    { objectMode: false },
  );
}

function xlsxStream(headings: string[], batches: AsyncIterable<Cell[][]>, sheetName: string): Readable {
  const output = new PassThrough();
  // Inline strings and no styles: each row is written and let go as it is committed. A text cell
  // of an .xlsx is a string cell, never a formula, whatever it starts with.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(sheetName);
  void (async () => {
    worksheet.addRow(headings).commit();
    for await (const batch of batches) {
      if (output.destroyed) return; // the client went away: read no more rows
      for (const row of batch) worksheet.addRow(row).commit();
      // Backpressure: the next batch is read only once the response has taken this one. The
      // workbook writes whatever it is given at once, so without this wait a slow client made
      // the whole file pile up here (what csvStream gets from Readable.from's pull).
      await roomIn(output);
    }
    worksheet.commit();
    await workbook.commit();
  })().catch((error: Error) => output.destroy(error));
  return output;
}

/** Resolves once the stream's buffer is below its high-water mark again, or it has closed. */
function roomIn(stream: PassThrough): Promise<void> {
  if (stream.destroyed || stream.writableLength < stream.writableHighWaterMark) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** `batches`: the rows, a batch at a time (each batch read by one query). */
export function sheetStream(format: SheetFormat, headings: string[], batches: AsyncIterable<Cell[][]>, sheetName = 'Sheet1'): Readable {
  return format === 'csv' ? csvStream(headings, batches) : xlsxStream(headings, batches, sheetName);
}
