import { API_URL, bodyOf, httpClient, responseError, sendJson, statusOf } from '../providers/http';
import { errorMessage } from '../providers/errorMessage';
import { saveBlob } from '../invoices/invoiceApi';
import { MAX_FILES_PER_UPLOAD, dispositionFileName, type FileOwner, type StoredFile } from './format';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** POST /api/{owner}/{id}/files: the files in groups of at most 20 (the API's limit per request). */
export async function uploadRecordFiles(owner: FileOwner, ownerId: number | string, files: File[]): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  for (let i = 0; i < files.length; i += MAX_FILES_PER_UPLOAD) {
    const body = new FormData();
    for (const file of files.slice(i, i + MAX_FILES_PER_UPLOAD)) body.append('file', file, file.name);
    const { json } = await httpClient(`${API_URL}/${owner}/${encodeURIComponent(ownerId)}/files`, { method: 'POST', body });
    stored.push(...(json as StoredFile[]));
  }
  return stored;
}

export const deleteRecordFile = (owner: FileOwner, ownerId: number | string, fileId: number | string) =>
  sendJson<StoredFile>('DELETE', `/${owner}/${encodeURIComponent(ownerId)}/files/${encodeURIComponent(fileId)}`);


/**
 * Fetches a file and saves it under the name the server gives (else `fallbackName`). Fetched
 * rather than followed as a link, so that a failure becomes a toast, not a saved error page.
 */
export async function downloadToDisk(url: string, fallbackName: string): Promise<string> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw await responseError(response);
  const name = dispositionFileName(response.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(await response.blob(), name);
  return name;
}

/**
 * The text for a failed upload or analysis: the server's own sentence when it says what went
 * wrong with this request (wrong type, too large, AI down: it says what to do), the usual
 * translated message otherwise.
 */
export function requestErrorText(error: unknown, translate: Translate, fallbackKey: string): string {
  const status = statusOf(error);
  const message = bodyOf(error)?.message;
  if (message && status !== undefined && [400, 413, 415, 502, 503, 504].includes(status)) return message;
  return errorMessage(error, translate, fallbackKey);
}
