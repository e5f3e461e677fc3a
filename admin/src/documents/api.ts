import type { Identifier } from 'react-admin';
import { API_URL, sendFiles, type SendFilesOptions } from '../providers/http';

/** POST /api/documents: one file, shared with every company. */
export const uploadDocument = (file: File, options?: SendFilesOptions) => sendFiles('POST', '/documents', [file], options);

/** Where a shared document is read (GET /api/documents/{id}/download, as an attachment). */
export const documentFileUrl = (id: Identifier) => `${API_URL}/documents/${encodeURIComponent(id)}/download`;
