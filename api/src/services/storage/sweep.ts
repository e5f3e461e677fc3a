import { randomBytes } from 'node:crypto';
import { PENDING_KEYS } from './pending';
import type { S3Storage } from './s3';

/** A key recorded this long ago is no upload in progress (no upload's transaction lasts a day), nor a removal under way. */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
/** How often each server process sweeps, after a random first delay within the period (processes do not sweep together). */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** How long a sweeping process holds the records it claimed: one that stopped with them frees them after this. */
export const SWEEP_CLAIM_MS = 10 * 60 * 1000;
/** Records claimed, and keys removed, at a time. */
const BATCH = 500;

export type SweepResult = { removed: number };

/**
 * Removes the S3 objects of keys whose record (storage_pending_keys, pending.ts) is older than a
 * day, then the records: an upload whose process stopped between its objects and its row, or a
 * delete whose removal after the commit failed or never ran. Only recorded keys are touched:
 * the bucket is never listed, so the objects of another install sharing it, which this database
 * never recorded, stay whatever their age; a committed file's record went with its row's insert.
 *
 * Several processes (API_PROCESSES, several machines) sweep on their own timers; each record is
 * claimed by one atomic UPDATE that only an unclaimed (or expired) claim passes, as mail_queue's
 * rows are by the mail senders, so one process at a time removes a key's objects and its record.
 * An upload that still reaches its row after a day finds its record claimed or gone, and fails
 * (pending.ts, clearPendingUpload) rather than point at objects that are going.
 */
export async function sweepPendingKeys(
  s3: Pick<S3Storage, 'pending' | 'deleteFiles'>,
  { now = Date.now(), olderThanMs = ORPHAN_AGE_MS, sweeper = randomBytes(8).toString('hex') } = {},
): Promise<SweepResult> {
  const { db, write } = s3.pending;
  const at = new Date(now).toISOString();
  const cutoff = new Date(now - olderThanMs).toISOString();
  const claimedUntil = new Date(now + SWEEP_CLAIM_MS).toISOString();
  const due = () => db(PENDING_KEYS).where('createdAt', '<', cutoff).where((q) => q.whereNull('claimedUntil').orWhere('claimedUntil', '<', at));
  let removed = 0;
  for (;;) {
    const keys: string[] = await due().orderBy('createdAt').limit(BATCH).pluck('storageKey');
    if (!keys.length) break;
    // Those still due as we claim them are ours; another process's claim made since excludes the rest.
    await write((trx) =>
      trx(PENDING_KEYS)
        .whereIn('storageKey', keys)
        .where('createdAt', '<', cutoff)
        .where((q) => q.whereNull('claimedUntil').orWhere('claimedUntil', '<', at))
        .update({ claimedBy: sweeper, claimedUntil }),
    );
    const mine: string[] = await db(PENDING_KEYS).whereIn('storageKey', keys).where({ claimedBy: sweeper }).pluck('storageKey');
    if (mine.length) {
      await s3.deleteFiles(mine);
      await write((trx) => trx(PENDING_KEYS).whereIn('storageKey', mine).where({ claimedBy: sweeper }).delete());
      removed += mine.length;
    }
    // Claimed rows are no longer due, so the next page is new work; a short page was the last.
    if (keys.length < BATCH) break;
  }
  return { removed };
}

type SweepLog = { info(message: string, fields?: object): void; error(message: string, fields?: object): void };

/**
 * The sweep every SWEEP_EVERY_MS in this process (the first after a random delay within it), until
 * stopped; rounds never overlap, and a failed round (S3 or the database unreachable) is logged,
 * never thrown: its claims run out and the next round, here or elsewhere, takes the keys again.
 */
export function startOrphanSweep(s3: S3Storage, log: SweepLog, { everyMs = SWEEP_EVERY_MS, firstAfterMs = Math.random() * SWEEP_EVERY_MS } = {}) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout;
  const round = () => {
    if (stopped) return;
    running = sweepPendingKeys(s3)
      .then((result) => result.removed && log.info('removed orphan objects from S3 storage', result))
      .catch((error: unknown) => log.error('could not sweep S3 storage for orphan objects', { error }))
      .finally(() => {
        if (!stopped) timer = setTimeout(round, everyMs).unref();
      });
  };
  timer = setTimeout(round, firstAfterMs).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
