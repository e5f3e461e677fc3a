import type { Identifier } from 'react-admin';
import { API_URL, sendFiles } from '../providers/http';

/** POST /api/documents: one file, shared with every company. */
export const uploadDocument = (file: File) => sendFiles('POST', '/documents', [file]);

/** Where a shared document is read (GET /api/documents/{id}/download, as an attachment). */
export const documentFileUrl = (id: Identifier) => `${API_URL}/documents/${encodeURIComponent(id)}/download`;
