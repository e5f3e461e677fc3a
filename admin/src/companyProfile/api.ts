import type { Identifier } from 'react-admin';
import { API_URL, sendFiles, sendJson } from '../providers/http';
import type { CompanyProfile, ProfilePayload } from './profile';

const companyPath = (id: Identifier) => `/companies/${encodeURIComponent(id)}`;

/** GET /api/companies/{id}: the company with its invoice profile. */
export const fetchCompanyProfile = (id: Identifier) => sendJson<CompanyProfile>('GET', companyPath(id));

/** PATCH /api/companies/{id} with profile fields only: the saved company. */
export const saveCompanyProfile = (id: Identifier, payload: ProfilePayload) => sendJson<CompanyProfile>('PATCH', companyPath(id), payload);

/** PUT /api/companies/{id}/logo, multipart field `file`. */
export async function uploadCompanyLogo(id: Identifier, file: File): Promise<void> {
  await sendFiles('PUT', `${companyPath(id)}/logo`, [file]);
}

/** DELETE /api/companies/{id}/logo. */
export const deleteCompanyLogo = (id: Identifier) => sendJson('DELETE', `${companyPath(id)}/logo`);

/**
 * The logo's address (GET /api/companies/{id}/logo). `version` changes after every upload or
 * removal, so the browser never shows the logo it cached before.
 */
export const companyLogoUrl = (id: Identifier, version: string | number) => `${API_URL}${companyPath(id)}/logo?v=${encodeURIComponent(version)}`;
