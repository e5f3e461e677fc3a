import type { Knex } from 'knex';
import { FILE_TABLES } from './kinds';
import type { FileKind, FileStorage, FileVariant, StagedFile, VariantSource } from './types';

export type Variants = Partial<Record<FileVariant, VariantSource>>;

/**
 * The one way new bytes are stored, whatever their kind: the bytes first (S3: objects under fresh
 * random keys, streamed, outside any transaction), then the rows in `commit` (a write transaction
 * that inserts each row with its staged `columns` and calls its `write` with the row's id; the
 * database storage writes its chunks there). If `commit` fails, what was staged is removed: no row
 * without its bytes, no bytes without their row. Only when no row holds the key, though: a commit
 * whose answer was lost (a connection gone at COMMIT) may have kept its rows, and their bytes
 * must stay; when that cannot be told (the database unreachable), the objects are left to the
 * sweep. A process that stops between the two steps leaves objects the sweep removes.
 */
export async function stageThenCommit<T>(db: Knex, storage: FileStorage, kind: FileKind, files: Variants[], commit: (staged: StagedFile[]) => Promise<T>): Promise<T> {
  const staged: StagedFile[] = [];
  try {
    for (const variants of files) staged.push(await storage.stage(variants, kind));
    return await commit(staged);
  } catch (error) {
    await Promise.all(staged.map((file) => discardUnlessKept(db, kind, file)));
    throw error;
  }
}

async function discardUnlessKept(db: Knex, kind: FileKind, file: StagedFile): Promise<void> {
  const key = file.columns.storageKey;
  if (key) {
    const kept = await db(FILE_TABLES[kind].table)
      .where({ storageKey: key })
      .first('storageKey')
      .then(Boolean, () => true);
    if (kept) return;
  }
  await file.discard().catch(() => undefined); // else the sweep finds them a day later
}
