import type { FileKind, FileStorage, FileVariant, StagedFile, VariantSource } from './types';

export type Variants = Partial<Record<FileVariant, VariantSource>>;

/**
 * The one way new bytes are stored, whatever their kind: the bytes first (S3: each key recorded
 * as in flight in storage_pending_keys, then objects under it, streamed, outside any transaction),
 * then the rows in `commit` (a write transaction that inserts each row with its staged `columns`
 * and calls its `write` with the row's id: the database storage writes its chunks there, S3
 * deletes the key's record there). If `commit` fails, what was staged is discarded: no row
 * without its bytes, no bytes without their row. S3's `discard` removes the objects only while
 * their record is there, so the objects of a commit whose answer was lost (a connection gone at
 * COMMIT, its rows kept) stay. A process that stops between the two steps, or a discard that
 * fails, leaves the record: the sweep removes its objects a day later (services/storage/sweep.ts).
 */
export async function stageThenCommit<T>(storage: FileStorage, kind: FileKind, files: Variants[], commit: (staged: StagedFile[]) => Promise<T>): Promise<T> {
  const staged: StagedFile[] = [];
  try {
    for (const variants of files) staged.push(await storage.stage(variants, kind));
    return await commit(staged);
  } catch (error) {
    await Promise.all(staged.map((file) => file.discard().catch(() => undefined))); // else the sweep's, a day later
    throw error;
  }
}
