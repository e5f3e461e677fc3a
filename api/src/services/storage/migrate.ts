import type { Knex } from 'knex';
import type { FileStorage, FileStorages, FileVariant, StoredFile } from './index';
import { recordPendingRemoval } from './pending';

const VARIANTS: FileVariant[] = ['original', 'compressed', 'thumbnail'];
/** Rows read per page: the walk holds one page of ids, never the whole table. */
const PAGE = 100;

export type MigrationResult = { copied: number; vanished: number };

/**
 * Copies every vehicle or container file that is not yet in `target` there, one file at a time:
 * its variants are written to the target (streamed from where its row says they are), then its row
 * is pointed at them in a transaction that also drops the database's chunks when they were the
 * source; the old S3 objects, when S3 was the source, go after that commit. The row is the record
 * of progress: a run that stops (or is stopped) is resumed by running it again, which skips every
 * file already moved. A file deleted or moved meanwhile is left as it is, and what was written for
 * it removed. Safe while servers run: reads follow each row, whichever side it points at.
 */
export async function migrateFiles(db: Knex, sources: FileStorages, target: FileStorage, onFile: (done: number) => void = () => undefined): Promise<MigrationResult> {
  let copied = 0;
  let vanished = 0;
  for (let lastId = 0; ; ) {
    const page: StoredFile[] = await db('vehicle_files').whereNot({ storage: target.name }).where('id', '>', lastId).orderBy('id').limit(PAGE).select('id', 'storage', 'storageKey');
    if (!page.length) break;
    for (const file of page) {
      lastId = file.id;
      if (await moveFile(db, sources, target, file)) copied++;
      else vanished++;
      onFile(copied + vanished);
    }
  }
  return { copied, vanished };
}

async function moveFile(db: Knex, sources: FileStorages, target: FileStorage, file: StoredFile): Promise<boolean> {
  const source = sources.of(file);
  const variants: Partial<Record<FileVariant, () => ReturnType<FileStorage['open']>>> = {};
  for (const variant of VARIANTS) if (await source.has(db, file, variant)) variants[variant] = () => source.open(db, file, variant);
  const staged = await target.stage(variants);
  let moved = false;
  try {
    moved = await db.transaction(async (trx) => {
      // Still the same file where we read it from (not deleted, not moved by another run)?
      const now = await trx('vehicle_files').where({ id: file.id }).forUpdate().first('storage', 'storageKey');
      if (!now || now.storage !== file.storage || now.storageKey !== file.storageKey) return false;
      await staged.write(trx, file.id);
      if (file.storage === 'db') await trx('file_chunks').where({ vehicleFileId: file.id }).delete();
      // The old objects are removed after the commit; recorded here, the sweep's if that fails.
      if (file.storage === 's3' && file.storageKey) await recordPendingRemoval(trx, [file.storageKey]);
      await trx('vehicle_files').where({ id: file.id }).update(staged.columns);
      return true;
    });
  } catch (error) {
    await staged.discard().catch(() => undefined);
    throw error;
  }
  if (!moved) {
    await staged.discard().catch(() => undefined);
    return false;
  }
  if (file.storage === 's3' && file.storageKey) await source.remove([file.storageKey]).catch(() => undefined); // else the sweep's, a day later
  return true;
}
