import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, withWriterCache } from '../src/db';
import { VEHICLE_COLUMNS } from '../src/domain/sheetColumns';
import { pacer, STEP_MS } from '../src/resources/pace';
import { mapSheet, repeatedInFile } from '../src/resources/imports/sheetRows';
import { createTestDatabase, type TestDatabase } from './support/engines';

/**
 * An import shares the event loop (docs/decisions.md, "The event loop between steps"): mapping a
 * large file's rows to columns gives the loop back between bounded steps, and on SQLite the
 * import's COMMIT, which runs on the loop, has at most a small page cache left to write.
 */

/** A sheet of `n` vehicle rows as the reader answers it, the heading row on line 1. */
const sheetOf = (n: number) => ({
  headings: ['VIN', 'Make', 'Model', 'Year', 'Status', 'Container', 'Color'],
  rows: Array.from({ length: n }, (_, i) => ({ line: i + 2, cells: [`VIN${String(i).padStart(14, '0')}`, ' Toyota ', 'Camry', '2020', 'Loaded', '', 'White'] })),
});

/** Whether a callback queued for the next turn of the event loop ran before `work` ended. */
async function loopTurnedDuring<T>(work: () => Promise<T> | T): Promise<{ result: T; turned: boolean }> {
  let turned = false;
  setImmediate(() => {
    turned = true;
  });
  const result = await work();
  return { result, turned };
}

describe('an import in steps', () => {
  it('maps a large file to columns, and finds its repeated VINs, giving the event loop back meanwhile', async () => {
    // 60,000 rows: a few tens of milliseconds of mapping on any machine, several steps.
    const sheet = sheetOf(60_000);
    const mapped = await loopTurnedDuring(() => mapSheet(sheet, VEHICLE_COLUMNS, 'vin', 'en'));
    expect(mapped.turned).toBe(true);
    expect(mapped.result.rows).toHaveLength(60_000);
    expect(mapped.result.rows[59_999]).toEqual({ line: 60_001, values: { vin: 'VIN00000000059999', make: 'Toyota', model: 'Camry', year: '2020', status: 'Loaded', color: 'White' } });

    const rows = [...mapped.result.rows, ...mapped.result.rows.slice(0, 2).map((row, i) => ({ ...row, line: 70_000 + i }))];
    const repeated = await loopTurnedDuring(() => repeatedInFile(rows, 'vin', (v) => v, 'vin.duplicateInFile'));
    expect(repeated.turned).toBe(true);
    expect(repeated.result.map(({ line, problem }) => [line, problem.params.other])).toEqual([
      [70_000, 2],
      [70_001, 3],
    ]);
  });

  it('counts the time the turn was already held when a new phase starts its own pause', async () => {
    // One phase (mapping the rows) has held the loop for a step's length; the next phase's pause,
    // made now, gives the loop back at its first call rather than after a step of its own.
    const { turned } = await loopTurnedDuring(async () => {
      const busyUntil = performance.now() + STEP_MS + 5;
      const firstPhase = pacer();
      await firstPhase();
      while (performance.now() < busyUntil) {
        // the first phase's work
      }
      const nextPhase = pacer();
      await nextPhase();
    });
    expect(turned).toBe(true);

    // In a fresh turn, a pause answers at once: what was queued meanwhile has not run.
    await new Promise((resolve) => setImmediate(resolve));
    let queuedRan = false;
    setImmediate(() => {
      queuedRan = true;
    });
    await pacer()();
    expect(queuedRan).toBe(false);
  });

  describe('the SQLite writer cache during an import', () => {
    let database: TestDatabase;
    let db: Knex;
    const cacheSize = async (conn: Knex) => ((await conn.raw('PRAGMA cache_size')) as { cache_size: number }[])[0].cache_size;

    beforeAll(async () => {
      database = await createTestDatabase('sqlite');
      db = createDb(database.url);
    });
    afterAll(async () => {
      await closeDb(db);
      await database.drop();
    });

    it('is bounded while the transaction runs, and has its size back after, whether it commits or fails', async () => {
      const before = await db.transaction((trx) => cacheSize(trx));
      expect(before).toBe(-2000);
      expect(await db.transaction((trx) => withWriterCache(trx, 512, () => cacheSize(trx)))).toBe(-512);
      expect(await db.transaction((trx) => cacheSize(trx))).toBe(before);
      await expect(
        db.transaction((trx) =>
          withWriterCache(trx, 512, async () => {
            throw new Error('a row refused');
          }),
        ),
      ).rejects.toThrow('a row refused');
      expect(await db.transaction((trx) => cacheSize(trx))).toBe(before);
    });
  });
});
