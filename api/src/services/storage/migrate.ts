import type { Knex } from 'knex';
import { dropDatabaseBytes } from './database';
import { FILE_KINDS, FILE_TABLES } from './kinds';
import type { FileStorage, FileStorages, FileVariant, StoredFile } from './index';
import { recordPendingRemoval } from './pending';
import type { FileKind } from './types';

const VARIANTS: FileVariant[] = ['original', 'compressed', 'thumbnail'];
/** A document, an invoice's PDF and a logo have one version. */
const VARIANTS_OF: Record<FileKind, FileVariant[]> = { vehicleFile: VARIANTS, document: ['original'], invoice: ['original'], logo: ['original'] };
/** Rows read per page: the walk holds one page of ids, never the whole table. */
const PAGE = 100;

export type MigrationResult = { copied: number; vanished: number };

/** How many stored files are not yet in `target`: what a migration to it has to copy. */
export async function filesToMigrate(db: Knex, target: FileStorage): Promise<number> {
  let total = 0;
  for (const kind of FILE_KINDS) total += Number((await db(FILE_TABLES[kind].table).whereNot({ storage: target.name }).count({ n: '*' }))[0].n);
  return total;
}

/**
 * Copies every stored file that is not yet in `target` there, one file at a time: the files of
 * vehicles and containers, then company documents, invoices' PDFs and company logos. A file's
 * versions are written to the target (streamed from where its row says they are, byte for byte:
 * an issued invoice's PDF stays the one issued), then its row is pointed at them in a transaction
 * that also drops the database's bytes when they were the source; the old S3 objects, when S3 was
 * the source, go after that commit. The rows are the record of progress: a run that stops (or is
 * stopped) is resumed by running it again, which skips every file already moved. A file deleted,
 * replaced or moved meanwhile is left as it is, and what was written for it removed. Safe while
 * servers run: reads follow each row, whichever side it points at.
 */
export async function migrateFiles(db: Knex, sources: FileStorages, target: FileStorage, onFile: (done: number) => void = () => undefined): Promise<MigrationResult> {
  let copied = 0;
  let vanished = 0;
  for (const kind of FILE_KINDS) {
    const { table, id, version } = FILE_TABLES[kind];
    for (let lastId = 0; ; ) {
      const rows: { id: number; storage: string; storageKey: string | null; version?: string }[] = await db(table)
        .whereNot({ storage: target.name })
        .where(id, '>', lastId)
        .orderBy(id)
        .limit(PAGE)
        .select({ id }, 'storage', 'storageKey', ...(version ? [{ version }] : []));
      if (!rows.length) break;
      for (const row of rows) {
        lastId = row.id;
        if (await moveFile(db, sources, target, { ...row, kind })) copied++;
        else vanished++;
        onFile(copied + vanished);
      }
    }
  }
  return { copied, vanished };
}

async function moveFile(db: Knex, sources: FileStorages, target: FileStorage, file: StoredFile & { kind: FileKind; version?: string }): Promise<boolean> {
  const { table, id, version } = FILE_TABLES[file.kind];
  const source = sources.of(file);
  const variants: Partial<Record<FileVariant, () => ReturnType<FileStorage['open']>>> = {};
  for (const variant of VARIANTS_OF[file.kind]) if (await source.has(db, file, variant)) variants[variant] = () => source.open(db, file, variant);
  const staged = await target.stage(variants, file.kind);
  let moved = false;
  try {
    moved = await db.transaction(async (trx) => {
      // Still the same file where we read it from (not deleted, not replaced, not moved by another run)?
      const now = await trx(table).where({ [id]: file.id }).forUpdate().first('storage', 'storageKey', ...(version ? [{ version }] : []));
      if (!now || now.storage !== file.storage || now.storageKey !== file.storageKey || now.version !== file.version) return false;
      if (file.storage === 'db') await dropDatabaseBytes(trx, file);
      await staged.write(trx, file.id);
      // The old objects are removed after the commit; recorded here, the sweep's if that fails.
      if (file.storage === 's3' && file.storageKey) await recordPendingRemoval(trx, [file.storageKey]);
      await trx(table).where({ [id]: file.id }).update(staged.columns);
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
