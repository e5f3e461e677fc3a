import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sheetStream, type Cell, type SheetFormat } from '../src/services/spreadsheets/writeSheet';

/**
 * An export streams with backpressure (services/spreadsheets/writeSheet.ts): while nobody reads
 * the download, it reads no more rows from the database, so a 25,000-row export held by a slow
 * client holds a few batches in memory, never the whole list. No database: the rows are made here.
 */
const BATCHES = 50;
const ROWS_PER_BATCH = 500;

function countedBatches() {
  const pulled = { count: 0 };
  async function* batches(): AsyncGenerator<Cell[][]> {
    for (let b = 0; b < BATCHES; b++) {
      pulled.count++;
      // A turn of the event loop per batch, as a database query gives.
      await new Promise((resolve) => setImmediate(resolve));
      yield Array.from({ length: ROWS_PER_BATCH }, (_, r) => [`1HGCM8263A${String(b * ROWS_PER_BATCH + r).padStart(7, '0')}`, 'تويوتا', 'Land Cruiser', 2020 + (r % 5), `Notes of row ${r} ${'x'.repeat(r % 80)}`]);
    }
  }
  return { pulled, batches: batches() };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until no batch has been read for 300 ms (or 5 s have passed). */
async function untilStill(pulled: { count: number }) {
  const deadline = Date.now() + 5000;
  for (let last = -1; pulled.count !== last && Date.now() < deadline; ) {
    last = pulled.count;
    await pause(300);
  }
}

describe.each(['xlsx', 'csv'] as SheetFormat[])('a %s export of 25,000 rows', (format) => {
  it('reads no further rows while the download is not read, then writes every row once it is', async () => {
    const { pulled, batches } = countedBatches();
    const stream = sheetStream(format, ['VIN', 'Make', 'Model', 'Year', 'Notes'], batches, 'Vehicles');
    await untilStill(pulled);
    // Nobody reads: a few batches are in the pipe (the compressed .xlsx takes more of them to fill
    // it), the others not even read.
    expect(pulled.count).toBeLessThan(20);
    const chunks: Buffer[] = [];
    await pipeline(stream, new Writable({ write: (chunk: Buffer, _encoding, done) => (chunks.push(chunk), done()) }));
    expect(pulled.count).toBe(BATCHES);
    const file = Buffer.concat(chunks);
    if (format === 'csv') {
      expect(file.toString('utf8').trimEnd().split('\r\n')).toHaveLength(BATCHES * ROWS_PER_BATCH + 1);
    } else {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
      const sheet = workbook.getWorksheet('Vehicles')!;
      expect(sheet.rowCount).toBe(BATCHES * ROWS_PER_BATCH + 1);
      expect(sheet.getRow(BATCHES * ROWS_PER_BATCH + 1).getCell(1).value).toBe(`1HGCM8263A${String(BATCHES * ROWS_PER_BATCH - 1).padStart(7, '0')}`);
    }
  });

  it('stops reading rows when the client goes away', async () => {
    const { pulled, batches } = countedBatches();
    const stream = sheetStream(format, ['VIN'], batches, 'Vehicles');
    stream.resume();
    await new Promise((resolve) => setImmediate(resolve));
    stream.destroy();
    await untilStill(pulled);
    expect(pulled.count).toBeLessThan(BATCHES);
  });
});
