import type { Knex } from 'knex';
import { FILE_TABLES } from './kinds';
import type { S3Storage } from './s3';

/** An object this old without its row is no upload in progress: no upload's transaction lasts a day. */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
/** How often each server process sweeps, after a random first delay within the period (processes do not sweep together). */
export const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;
/** Keys looked up in one query. */
const LOOKUP_BATCH = 500;

export type SweepResult = { objects: number; removed: number };

/**
 * Removes S3 objects that no row points at (vehicle_files, documents, invoices, company_logos) and
 * that are older than a day: those of an upload whose process stopped between writing the objects and committing the row, or of a delete
 * whose removal after the commit failed (S3 unreachable). Lists the bucket's files/ objects page by
 * page and checks their keys against the rows a batch at a time, so memory stays flat however many
 * files there are. Safe in several processes at once: removing an object twice is no error.
 */
export async function sweepOrphanObjects(db: Knex, s3: S3Storage, { now = Date.now(), olderThanMs = ORPHAN_AGE_MS } = {}): Promise<SweepResult> {
  const cutoff = now - olderThanMs;
  let objects = 0;
  let removed = 0;
  /** Old objects by their file's key, checked against the rows once enough are gathered. */
  let batch = new Map<string, string[]>();
  const settle = async (candidates: Map<string, string[]>) => {
    if (!candidates.size) return;
    const keys = [...candidates.keys()];
    // A key is known when any table's row holds it: a vehicle file, a document, an invoice, a logo.
    const known = new Set<string>();
    for (const { table } of Object.values(FILE_TABLES)) {
      const rows: { storageKey: string }[] = await db(table).whereIn('storageKey', keys).select('storageKey');
      for (const row of rows) known.add(row.storageKey);
    }
    const doomed = keys.filter((key) => !known.has(key)).flatMap((key) => candidates.get(key)!);
    if (doomed.length) await s3.deleteObjects(doomed);
    removed += doomed.length;
  };
  for await (const object of s3.list()) {
    objects++;
    if (object.lastModified.getTime() > cutoff) continue;
    batch.set(object.storageKey, [...(batch.get(object.storageKey) ?? []), object.key]);
    if (batch.size >= LOOKUP_BATCH) {
      await settle(batch);
      batch = new Map();
    }
  }
  await settle(batch);
  return { objects, removed };
}

/** The sweep every SWEEP_EVERY_MS in this process, until stopped; failures are logged, never thrown. */
export function startOrphanSweep(db: Knex, s3: S3Storage, log: { info(message: string, fields?: object): void; error(message: string, fields?: object): void }) {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepOrphanObjects(db, s3)
      .then((result) => result.removed && log.info('removed orphan objects from S3 storage', result))
      .catch((error: unknown) => log.error('could not sweep S3 storage for orphan objects', { error }));
  };
  let timer: NodeJS.Timeout = setTimeout(() => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  }, Math.random() * SWEEP_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearTimeout(timer);
      clearInterval(timer);
      await running;
    },
  };
}
