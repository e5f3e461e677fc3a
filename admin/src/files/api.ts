import { API_URL, sendFiles, sendJson } from '../providers/http';
import { downloadToDisk } from '../providers/download';
import { MAX_FILES_PER_UPLOAD, zipName, type FileOwner, type StoredFile } from './format';

const filesPath = (owner: FileOwner, ownerId: number | string) => `/${owner}/${encodeURIComponent(ownerId)}/files`;

/** POST /api/{owner}/{id}/files: the files in groups of at most 20 (the API's limit per request). */
export async function uploadRecordFiles(owner: FileOwner, ownerId: number | string, files: File[]): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  for (let i = 0; i < files.length; i += MAX_FILES_PER_UPLOAD) {
    stored.push(...(await sendFiles<StoredFile[]>('POST', filesPath(owner, ownerId), files.slice(i, i + MAX_FILES_PER_UPLOAD))));
  }
  return stored;
}

export const deleteRecordFile = (owner: FileOwner, ownerId: number | string, fileId: number | string) =>
  sendJson<StoredFile>('DELETE', `${filesPath(owner, ownerId)}/${encodeURIComponent(fileId)}`);

/** Where a file of a vehicle or container is read: the original, or a smaller JPEG for <img>. */
export function fileUrl(owner: FileOwner, ownerId: number | string, fileId: number | string, variant?: 'compressed' | 'thumbnail'): string {
  const base = `${API_URL}${filesPath(owner, ownerId)}/${encodeURIComponent(fileId)}/download`;
  return variant ? `${base}?variant=${variant}&inline=1` : base;
}

/** GET /api/{owner}/{id}/download-images: every image of the record in one ZIP, saved to disk. */
export const downloadAllImages = (owner: FileOwner, ownerId: number | string) =>
  downloadToDisk(`${API_URL}/${owner}/${encodeURIComponent(ownerId)}/download-images`, zipName(owner, ownerId));
