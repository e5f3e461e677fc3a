import type { Knex } from 'knex';
import type { FileStorages } from '../../services/storage';
import type { AnyQuery } from '../baseModel';
import { VehicleFile } from './model';

/** Which files a delete takes: a file, a record's files, or any matching rows. */
type Scope = (query: ReturnType<typeof VehicleFile.query>) => unknown;

/**
 * The S3 keys of the files a delete is about to take, read in the same transaction: their objects
 * are removed once it commits (removeObjects), never before, so a rolled-back delete keeps its
 * bytes. The database storage's chunks go with their rows (ON DELETE CASCADE).
 */
export async function s3KeysOf(trx: Knex, scope: Scope): Promise<string[]> {
  const query = VehicleFile.query(trx);
  scope(query);
  return s3KeysOfRows(query);
}

/**
 * The same for the rows of any table that says where its bytes are (`storage`, `storageKey`):
 * documents, invoices, logos. `rows` is a query of the rows about to go, in the deleting transaction.
 */
export async function s3KeysOfRows(rows: AnyQuery): Promise<string[]> {
  const found: { storageKey: string }[] = await rows.where({ storage: 's3' }).whereNotNull('storageKey').select('storageKey');
  return found.map((row) => row.storageKey);
}

/**
 * After the commit: the objects of deleted files. A failure here (S3 unreachable) is not the
 * user's: their delete is done, and the periodic sweep removes the objects a day later.
 */
export async function removeObjects(storages: FileStorages, storageKeys: string[]): Promise<void> {
  if (!storageKeys.length || !storages.s3) return;
  await storages.s3.remove(storageKeys).catch((error: unknown) => storages.onRemoveFailed(error, storageKeys));
}
