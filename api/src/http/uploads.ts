import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import type { UploadedFile } from '../services/files/uploadedFile';
import { HttpError, badRequest } from './errors';
import { StalledDisk, withDiskDeadline, writeStreamWithDeadline } from './diskDeadline';
import { isStorageFull, storageFull } from './storageFull';
import { isRunning } from '../services/processRunning';

export const MAX_FILES_PER_REQUEST = 20;

declare module 'koa' {
  interface DefaultState {
    uploads?: UploadedFile[];
    uploadFields?: Record<string, string>;
  }
}

/**
 * Every upload is written into its own folder under DATA_DIR/tmp (the service user's, as all it
 * writes; never a folder of the machine shared with other users), named after the process that
 * reads it, so the folders a killed process left behind can be told from the ones a running
 * process is writing. The app sets it (app.context.uploadsRoot, app.ts).
 */
export const uploadsFolder = (dataDir: string) => path.join(dataDir, 'tmp');

declare module 'koa' {
  interface BaseContext {
    uploadsRoot: string;
    /** How long one disk operation of an upload may take (DISK_WRITE_TIMEOUT_MS; app.ts sets it). */
    diskWriteTimeoutMs: number;
  }
}

/**
 * Removes the upload folders of processes that no longer run (a crash or kill -9 mid-upload never
 * reaches the removal in uploads()). Called at start; folders of running processes, this one's
 * and other API processes' on the same machine, are left alone. Answers how many it removed.
 */
export async function sweepStaleUploads(root: string): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(root);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const entry of entries) {
    const pid = Number(/^(\d+)-/.exec(entry)?.[1]);
    if (!pid || isRunning(pid)) continue;
    await rm(path.join(root, entry), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * Removes an upload's folder. Retries while a file is still being created in it (ENOTEMPTY) and
 * never throws: a failure here must not replace the request's own answer; a folder still left is
 * removed at the next start (sweepStaleUploads).
 */
async function removeFolder(dir: string) {
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 }).catch(() => undefined);
}

/**
 * Fails once the client has gone before its body was read whole. The parser hears of an abort
 * only from then on: a request whose client left while the server was still busy before the body
 * (its session read, a busy process) would wait for ever, its folder with it, until a restart.
 */
function clientGone(ctx: Context): Promise<never> {
  return new Promise((_, reject) => {
    const gone = () => reject(badRequest('The upload was cut off before it ended: send it again'));
    if (ctx.req.destroyed) gone();
    else ctx.req.once('close', () => !ctx.req.complete && gone());
  });
}

/** formidable's error codes: more files than maxFiles, and the ones for "too big". */
const TOO_MANY_FILES = 1015;
const FILE_TOO_LARGE = 1016;
const UPLOAD_TOO_LARGE = 1009;
const FIELDS_TOO_LARGE = 1006;
const TOO_MANY_FIELDS = 1007;
const MAX_FIELDS = 20;
const MAX_FIELDS_BYTES = 256 * 1024;

/**
 * Multipart uploads (field `file`, up to 20 files). Each request writes into its own temporary
 * folder, removed when the request ends however it ends, so temporary files never pile up.
 */
export function uploads(maxBytes: number) {
  const maxMb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return async (ctx: Context, next: Next) => {
    if (!ctx.is('multipart/form-data')) {
      throw new HttpError(415, 'request.unsupportedMediaType', 'Send the files as multipart/form-data in the field "file"');
    }
    // Every disk operation of the upload has a deadline: a disk that hangs rather than fails is
    // answered 507 in bounded time, never a request that waits for ever.
    const ms = ctx.diskWriteTimeoutMs;
    const stuckOrFull = (err: unknown) => err instanceof StalledDisk || isStorageFull(err);
    let dir: string;
    try {
      dir = await withDiskDeadline(
        mkdir(ctx.uploadsRoot, { recursive: true, mode: 0o700 }).then(() => mkdtemp(path.join(ctx.uploadsRoot, `${process.pid}-`))),
        ms,
      );
    } catch (err) {
      if (stuckOrFull(err)) throw storageFull();
      throw err;
    }
    try {
      const parse = koaBody({
        multipart: true,
        json: false,
        urlencoded: false,
        text: false,
        formidable: {
          uploadDir: dir,
          maxFileSize: maxBytes,
          maxTotalFileSize: maxBytes * MAX_FILES_PER_REQUEST,
          maxFiles: MAX_FILES_PER_REQUEST,
          maxFields: MAX_FIELDS,
          maxFieldsSize: MAX_FIELDS_BYTES,
          allowEmptyFiles: false,
          // Each file written where formidable would write it (the file it passes is made from its
          // File properties, filepath among them, which @types/formidable leaves out of VolatileFile).
          fileWriteStreamHandler: (file) => writeStreamWithDeadline((file as unknown as { filepath: string }).filepath, ms),
        },
      });
      try {
        await Promise.race([parse(ctx, async () => {}), clientGone(ctx)]);
      } catch (err) {
        // Checked first: formidable names a failed write of the temporary file as an unreadable upload.
        if (stuckOrFull(err)) throw storageFull();
        const e = err as { code?: number; httpCode?: number };
        if (e.code === TOO_MANY_FILES) {
          throw new HttpError(413, 'request.tooManyFiles', `At most ${MAX_FILES_PER_REQUEST} files per upload: send the others in another one`);
        }
        // Each 413 names the limit it hit.
        if (e.code === FILE_TOO_LARGE) throw new HttpError(413, 'request.tooLarge', `Files are limited to ${maxMb} MB each`);
        if (e.code === UPLOAD_TOO_LARGE) {
          throw new HttpError(413, 'request.tooLarge', `One upload is limited to ${Math.round(maxMb * MAX_FILES_PER_REQUEST)} MB in all`);
        }
        if (e.code === FIELDS_TOO_LARGE) {
          throw new HttpError(413, 'request.tooLarge', `The form fields sent with the files are limited to ${MAX_FIELDS_BYTES / 1024} kB in all`);
        }
        if (e.code === TOO_MANY_FIELDS) throw new HttpError(413, 'request.tooLarge', `At most ${MAX_FIELDS} form fields are sent with the files`);
        if (e.httpCode === 413) throw new HttpError(413, 'request.tooLarge', 'The upload is larger than the server accepts');
        throw badRequest('The upload could not be read: send multipart/form-data with the field "file"');
      }
      const raw = ctx.request.files?.file;
      const files = (Array.isArray(raw) ? raw : raw ? [raw] : []).map((f) => ({
        path: f.filepath,
        name: f.originalFilename ?? 'file',
        size: f.size,
      }));
      if (!files.length) throw badRequest('No file was sent: use the field "file"', { file: 'is required' });
      // A temporary file shorter than what arrived was cut off by a full disk, even when the
      // write's error did not reach the parser in time: named as such, never as a damaged file.
      for (const file of files) {
        const written = await withDiskDeadline(stat(file.path), ms).then((s) => s.size, () => -1);
        if (written < file.size) throw storageFull();
      }
      ctx.state.uploads = files;
      ctx.state.uploadFields = Object.fromEntries(
        Object.entries((ctx.request.body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? String(v[0]) : String(v)]),
      );
      await next();
    } finally {
      // Not waited for past the deadline either: a folder left is removed at the next start.
      await withDiskDeadline(removeFolder(dir), ms).catch(() => undefined);
      // An aborted body may still have a file being opened in the folder as the request ends:
      // once the response has closed, nothing more is written there, so look once more then.
      ctx.res.once('close', () => void removeFolder(dir));
    }
  };
}
