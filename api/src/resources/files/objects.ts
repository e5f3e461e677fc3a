import type { Knex } from 'knex';
import { recordPendingRemoval, type FileStorages } from '../../services/storage';
import type { AnyQuery } from '../baseModel';
import { VehicleFile } from './model';

/** Which files a delete takes: a file, a record's files, or any matching rows. */
type Scope = (query: ReturnType<typeof VehicleFile.query>) => unknown;

/**
 * The S3 keys of the files a delete is about to take, read in the same transaction and recorded
 * there as pending removal (services/storage/pending.ts): their objects are removed once it
 * commits (removeObjects), never before, so a rolled-back delete keeps its bytes (and records
 * nothing), and a process that stops right after the commit leaves them to the sweep. The
 * database storage's chunks go with their rows (ON DELETE CASCADE).
 */
export async function s3KeysOf(trx: Knex, scope: Scope): Promise<string[]> {
  const query = VehicleFile.query(trx);
  scope(query);
  return s3KeysOfRows(trx, query);
}

/**
 * The same for the rows of any table that says where its bytes are (`storage`, `storageKey`):
 * documents, invoices, logos. `rows` is a query of the rows about to go (or to point at other
 * bytes: a replaced logo), made in `trx`, the transaction that changes them.
 */
export async function s3KeysOfRows(trx: Knex, rows: AnyQuery): Promise<string[]> {
  const found: { storageKey: string }[] = await rows.where({ storage: 's3' }).whereNotNull('storageKey').select('storageKey');
  const storageKeys = found.map((row) => row.storageKey);
  await recordPendingRemoval(trx, storageKeys);
  return storageKeys;
}

/**
 * After the commit: the objects of deleted files, then their records. A failure here (S3
 * unreachable) is not the user's: their delete is done, and the periodic sweep removes the
 * objects a day later (their records stay until then).
 */
export async function removeObjects(storages: FileStorages, storageKeys: string[]): Promise<void> {
  if (!storageKeys.length || !storages.s3) return;
  await storages.s3.remove(storageKeys).catch((error: unknown) => storages.onRemoveFailed(error, storageKeys));
}
