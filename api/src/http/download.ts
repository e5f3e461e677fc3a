import type { Readable } from 'node:stream';
import contentDisposition from 'content-disposition';
import type { Context } from 'koa';
import { safeFileName } from '../services/files/names';

/**
 * Sends stored bytes as a download: attachment with an RFC 6266 file name, the stored type, no
 * sniffing, and a sandboxing CSP so a file can never run as a page of ours.
 */
export function sendDownload(ctx: Context, body: Readable | Buffer, file: { fileName: string; mimeType: string; size?: number }, inline = false) {
  ctx.set('Content-Disposition', contentDisposition(safeFileName(file.fileName), { type: inline ? 'inline' : 'attachment' }));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.type = file.mimeType;
  if (file.size !== undefined) ctx.length = file.size;
  ctx.body = body;
}
