import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { baseUrl } from './support';

/** A folder of test files for this run. */
export const filesDir = mkdtempSync(path.join(tmpdir(), 'vehicle-export-files-'));

/** A plain-coloured photo (PNG or JPEG) written to disk, for the file pickers. */
export async function photo(name: string, rgb: { r: number; g: number; b: number }, width = 640, height = 480): Promise<string> {
  const image = sharp({ create: { width, height, channels: 3, background: rgb } });
  const bytes = name.endsWith('.png') ? await image.png().toBuffer() : await image.jpeg().toBuffer();
  const file = path.join(filesDir, name);
  writeFileSync(file, bytes);
  return file;
}

/** A small valid PDF of about `size` bytes (the server checks the content, not the name). */
export function pdf(name: string, size = 3000): string {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n';
  const tail = 'trailer << /Root 1 0 R >>\n%%EOF\n';
  const padding = `%${'x'.repeat(Math.max(0, size - head.length - tail.length - 2))}\n`;
  const file = path.join(filesDir, name);
  writeFileSync(file, head + padding + tail);
  return file;
}

export function textFile(name: string, text: string): string {
  const file = path.join(filesDir, name);
  writeFileSync(file, text);
  return file;
}

/** Signs in through the API and returns the session cookie (for multipart uploads). */
export async function sessionCookie(username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** POST multipart files to an API path (…/files or /documents) as the cookie's user. */
export async function uploadThroughApi(cookie: string, pathName: string, files: { name: string; bytes: Buffer; type: string }[]) {
  const body = new FormData();
  for (const file of files) body.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${baseUrl()}/api${pathName}`, { method: 'POST', headers: { Cookie: cookie }, body });
  if (res.status !== 201) throw new Error(`POST ${pathName}: ${res.status} ${await res.text()}`);
  return res.json();
}

export const pngBytes = (rgb: { r: number; g: number; b: number }) => sharp({ create: { width: 320, height: 240, channels: 3, background: rgb } }).png().toBuffer();
