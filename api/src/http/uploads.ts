import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import type { UploadedFile } from '../services/files/uploadedFile';
import { HttpError, badRequest } from './errors';

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
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

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

/** formidable's error codes: more files than maxFiles, and the ones for "too big". */
const TOO_MANY_FILES = 1015;
const TOO_LARGE = new Set([1009, 1016]);

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
    await mkdir(ctx.uploadsRoot, { recursive: true, mode: 0o700 });
    const dir = await mkdtemp(path.join(ctx.uploadsRoot, `${process.pid}-`));
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
          maxFields: 20,
          maxFieldsSize: 256 * 1024,
          allowEmptyFiles: false,
        },
      });
      try {
        await parse(ctx, async () => {});
      } catch (err) {
        const e = err as { code?: number; httpCode?: number };
        if (e.code === TOO_MANY_FILES) {
          throw new HttpError(413, 'request.tooManyFiles', `At most ${MAX_FILES_PER_REQUEST} files per upload: send the others in another one`);
        }
        if (TOO_LARGE.has(e.code ?? 0) || e.httpCode === 413) {
          throw new HttpError(413, 'request.tooLarge', `Files are limited to ${maxMb} MB each`);
        }
        throw badRequest('The upload could not be read: send multipart/form-data with the field "file"');
      }
      const raw = ctx.request.files?.file;
      const files = (Array.isArray(raw) ? raw : raw ? [raw] : []).map((f) => ({
        path: f.filepath,
        name: f.originalFilename ?? 'file',
        size: f.size,
      }));
      if (!files.length) throw badRequest('No file was sent: use the field "file"', { file: 'is required' });
      ctx.state.uploads = files;
      ctx.state.uploadFields = Object.fromEntries(
        Object.entries((ctx.request.body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? String(v[0]) : String(v)]),
      );
      await next();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
