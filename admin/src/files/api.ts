import { API_URL, sendFiles, sendJson, type SendFilesOptions } from '../providers/http';
import { downloadToDisk, followDownload } from '../providers/download';
import type { DocumentKind } from '@domain/documentChecklist';
import type { FileOwner, StoredFile } from './format';

const filesPath = (owner: FileOwner, ownerId: number | string) => `/${owner}/${encodeURIComponent(ownerId)}/files`;

/**
 * POST /api/{owner}/{id}/files with one file: the console sends each file alone, so that each
 * can be followed and cancelled on its own (the API takes up to 20 in one request).
 */
export const uploadRecordFile = (owner: FileOwner, ownerId: number | string, file: File, options?: SendFilesOptions) =>
  sendFiles<StoredFile[]>('POST', filesPath(owner, ownerId), [file], options);

export const deleteRecordFile = (owner: FileOwner, ownerId: number | string, fileId: number | string) =>
  sendJson<StoredFile>('DELETE', `${filesPath(owner, ownerId)}/${encodeURIComponent(fileId)}`);

/** PATCH /api/vehicles/{id}/files/{fileId} {documentKind}: a stored document given another kind; answers the file. */
export const setVehicleDocumentKind = (vehicleId: number | string, fileId: number | string, documentKind: DocumentKind) =>
  sendJson<StoredFile>('PATCH', `${filesPath('vehicles', vehicleId)}/${encodeURIComponent(fileId)}`, { documentKind });

/** Where a file of a vehicle or container is read: the original, or a smaller JPEG for <img>. */
export function fileUrl(owner: FileOwner, ownerId: number | string, fileId: number | string, variant?: 'compressed' | 'thumbnail'): string {
  const base = `${API_URL}${filesPath(owner, ownerId)}/${encodeURIComponent(fileId)}/download`;
  return variant ? `${base}?variant=${variant}&inline=1` : base;
}

/**
 * GET /api/{owner}/{id}/download-images: every image of the record in one streamed ZIP, followed
 * as a plain link so the browser saves it as it arrives (never assembled in the page's memory).
 */
export const downloadAllImages = (owner: FileOwner, ownerId: number | string) =>
  followDownload(`${API_URL}/${owner}/${encodeURIComponent(ownerId)}/download-images`);
