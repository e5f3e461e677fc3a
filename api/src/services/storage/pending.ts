import type { Knex } from 'knex';

/**
 * The S3 keys in flight (storage_pending_keys): the record that lets the sweep remove exactly the
 * objects this install wrote and did not keep, and nothing else of a bucket it may share.
 *
 * - An upload records its key, committed on its own, before it writes any object; the
 *   transaction that inserts the file's row deletes the record (`clearPendingUpload`), so the
 *   record and the row are never both there, and one of them always is.
 * - A delete records the keys of the rows it takes in its own transaction
 *   (`recordPendingRemoval`): a rolled-back delete records nothing; after the commit the objects
 *   are removed, then the records (`forgetPendingKeys`).
 * A record a day old is an upload whose process stopped before its row, or a removal that failed
 * (S3 unreachable): the sweep removes its objects, then the record.
 */
export const PENDING_KEYS = 'storage_pending_keys';
export type PendingKind = 'upload' | 'removal';

/**
 * Where the records are, and how a write of its own reaches the database: the app's
 * writeTransaction (run again when it lost to another writer), which this layer may not import.
 */
export type PendingKeysDb = { db: Knex; write<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> };

/** A plain transaction, for callers without the app's (tests, scripts). */
export const pendingKeysDb = (db: Knex, write?: PendingKeysDb['write']): PendingKeysDb => ({ db, write: write ?? ((work) => db.transaction(work)) });

/** Rows inserted in one statement (three values each: well under either engine's limit). */
const INSERT_BATCH = 500;

const nowText = () => new Date().toISOString();

/** Before an upload writes its objects: its key, committed on its own (no object of it exists yet). */
export async function recordPendingUpload({ write }: PendingKeysDb, storageKey: string): Promise<void> {
  await write((trx) => trx(PENDING_KEYS).insert({ storageKey, kind: 'upload' satisfies PendingKind, createdAt: nowText() }));
}

/**
 * In the transaction that inserts the row of an upload (or points a row at its objects): the
 * upload is no longer in flight. A key whose record is gone, or that a sweep has claimed, is one
 * the sweep removes or removed (an upload that took more than a day): the transaction fails, and
 * no row points at objects that are going.
 */
export async function clearPendingUpload(trx: Knex, storageKey: string): Promise<void> {
  const cleared = await trx(PENDING_KEYS).where({ storageKey }).whereNull('claimedBy').delete();
  if (Number(cleared) !== 1) throw new Error(`The upload's objects (${storageKey}) are no longer in flight: the storage sweep took them`);
}

/**
 * Whether an upload is still in flight: its record is there. The transaction that inserts its row
 * deletes the record, so a record gone after that transaction failed as far as its caller could
 * tell is a row committed all the same (its answer lost with a connection gone at COMMIT), and
 * its objects must stay (the S3 storage's `discard`).
 */
export async function isPendingUpload({ db }: PendingKeysDb, storageKey: string): Promise<boolean> {
  return Boolean(await db(PENDING_KEYS).where({ storageKey, kind: 'upload' satisfies PendingKind }).first('storageKey'));
}

/**
 * In the transaction that deletes rows pointing at S3 objects (or points them elsewhere): their
 * keys, so that their objects are removed even if this process stops right after the commit. A key
 * recorded already (two deletes of one file at once) stays as it is.
 */
export async function recordPendingRemoval(trx: Knex, storageKeys: string[]): Promise<void> {
  const createdAt = nowText();
  const keys = [...new Set(storageKeys)];
  for (let i = 0; i < keys.length; i += INSERT_BATCH) {
    const rows = keys.slice(i, i + INSERT_BATCH).map((storageKey) => ({ storageKey, kind: 'removal' satisfies PendingKind, createdAt }));
    await trx(PENDING_KEYS).insert(rows).onConflict('storageKey').ignore();
  }
}

/** After the objects of these keys were removed: their records go (nothing left to sweep). */
export async function forgetPendingKeys({ write }: PendingKeysDb, storageKeys: string[]): Promise<void> {
  for (let i = 0; i < storageKeys.length; i += INSERT_BATCH) {
    const batch = storageKeys.slice(i, i + INSERT_BATCH);
    await write((trx) => trx(PENDING_KEYS).whereIn('storageKey', batch).delete());
  }
}
