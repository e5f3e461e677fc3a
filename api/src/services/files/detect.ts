import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { DomainError } from '../../domain/errors';

/**
 * What a file is, by its content (magic bytes), never by its name or claimed type.
 * Images: JPEG, PNG, WebP. Documents: PDF, Word (.doc, .docx); shared documents also plain text.
 */
export type DetectedFile = { kind: 'IMAGE' | 'DOCUMENT'; mimeType: string; extension: string };

const IMAGES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const DOC = 'application/msword';

/** Old Word files are OLE compound files, like .xls and .msi installers: look for Word's stream. */
async function isWordCompoundFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(Math.min((await handle.stat()).size, 4 * 1024 * 1024));
    await handle.read(buffer, 0, buffer.length, 0);
    return buffer.includes(Buffer.from('WordDocument', 'utf16le'));
  } finally {
    await handle.close();
  }
}

/** Plain text: valid UTF-8 without control bytes other than tab, CR and LF, and no markup. */
async function isPlainText(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(Math.min((await handle.stat()).size, 1024 * 1024));
    await handle.read(buffer, 0, buffer.length, 0);
    if (buffer.length === 0) return false;
    const text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    // eslint-disable-next-line no-control-regex -- control characters mark a file as not text
    if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text)) return false;
    // Browsers sniff markup; a "text" file that starts as HTML or SVG is refused.
    return !/^\s*(<!doctype|<html|<svg|<\?xml|<script)/i.test(text);
  } catch {
    return false;
  }
}

export type Accept = { images: boolean; text: boolean };

export function acceptedNames(accept: Accept): string {
  return [accept.images ? 'JPEG, PNG, WebP images' : null, 'PDF, Word (.doc, .docx)', accept.text ? 'plain text (.txt)' : null]
    .filter(Boolean)
    .join(', ');
}

export async function detectFile(path: string, accept: Accept): Promise<DetectedFile> {
  const type = await fileTypeFromFile(path);
  const mime = type?.mime;
  if (mime && accept.images && IMAGES[mime]) return { kind: 'IMAGE', mimeType: mime, extension: IMAGES[mime] };
  if (mime === 'application/pdf') return { kind: 'DOCUMENT', mimeType: mime, extension: 'pdf' };
  if (mime === DOCX) return { kind: 'DOCUMENT', mimeType: DOCX, extension: 'docx' };
  if (mime === 'application/x-cfb' && (await isWordCompoundFile(path))) return { kind: 'DOCUMENT', mimeType: DOC, extension: 'doc' };
  if (!type && accept.text && (await isPlainText(path))) return { kind: 'DOCUMENT', mimeType: 'text/plain; charset=utf-8', extension: 'txt' };
  throw new DomainError('unsupportedMediaType', 'request.unsupportedMediaType', `This type of file is not accepted. Accepted: ${acceptedNames(accept)}.`);
}
