import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { HttpError, badRequest } from './errors';

export const MAX_FILES_PER_REQUEST = 20;

export type UploadedFile = { path: string; name: string; size: number };

declare module 'koa' {
  interface DefaultState {
    uploads?: UploadedFile[];
    uploadFields?: Record<string, string>;
  }
}

/** formidable's error codes for "too big" and "too many". */
const TOO_LARGE = new Set([1009, 1015, 1016]);

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
    const dir = await mkdtemp(path.join(tmpdir(), 'vx-upload-'));
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
        if (TOO_LARGE.has(e.code ?? 0) || e.httpCode === 413) {
          throw new HttpError(413, 'request.tooLarge', `Files are limited to ${maxMb} MB each and ${MAX_FILES_PER_REQUEST} per upload`);
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
