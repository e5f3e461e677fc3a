import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { HttpError } from './errors';

/**
 * A write that failed for lack of space, from any layer: the file system (ENOSPC, EDQUOT, also
 * wrapped by formidable or a stream), SQLite (SQLITE_FULL) or MariaDB/MySQL ("The table is full",
 * "Disk full", "Error writing file ... errno: 28").
 */
const CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', 'ER_RECORD_FILE_FULL', 'ER_DISK_FULL', 'ER_DISK_FULL_NOWAIT', 'ER_OUTOFMEMORY_STORAGE']);
/** MariaDB's errno 28 is the operating system's ENOSPC, in the text of a write error. */
const TEXT = /No space left on device|errno: 28\b|OS errno 28\b|Disk (is )?full/i;

type Failure = { code?: unknown; errno?: unknown; message?: unknown; sqlMessage?: unknown; nativeError?: Failure; cause?: Failure };

export function isStorageFull(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as Failure;
  if (typeof e.code === 'string' && CODES.has(e.code)) return true;
  if (TEXT.test(String(e.sqlMessage ?? '')) || TEXT.test(String(e.message ?? ''))) return true;
  return isStorageFull(e.nativeError, depth + 1) || isStorageFull(e.cause, depth + 1);
}

export const storageFull = () =>
  new HttpError(507, 'storage.full', 'The server has run out of storage space, so nothing was saved. Please tell your administrator.');

/** Bytes free for this process in the file system that holds `folder`. */
export async function freeBytes(folder: string): Promise<number> {
  const stats = await statfs(folder);
  return stats.bavail * stats.bsize;
}

/** statfs of the folder, or of its nearest existing parent (the data folder may not exist yet). */
async function freeBytesNear(folder: string): Promise<number | null> {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    try {
      return await freeBytes(dir);
    } catch {
      if (path.dirname(dir) === dir) return null;
    }
  }
}

/**
 * Why the server should not take writes now: the first of `folders` (the data folder, SQLite's
 * database folder, each by the setting that names it) with less free space than `minBytes`, or
 * null when all have enough. The answer names the setting, not the path: /api/health is public.
 */
export async function lowStorage(folders: Record<string, string>, minBytes: number): Promise<string | null> {
  for (const [setting, folder] of Object.entries(folders)) {
    const free = await freeBytesNear(folder);
    if (free !== null && free < minBytes) {
      return `Free space in the folder of ${setting} is ${Math.floor(free / 1024 / 1024)} MB, below the ${Math.round(minBytes / 1024 / 1024)} MB the server needs (DISK_FREE_MIN_MB)`;
    }
  }
  return null;
}
