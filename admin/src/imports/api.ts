import { sendFiles } from '../providers/http';
import type { ImportResource } from './sheetFile';

/** An import's answer (docs/api.md, POST /api/vehicles/import): the dry run's and the real run's. */
export type ImportIssue = { line: number; column: string | null; code: string; message: string };
export type ImportSummary = {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportIssue[];
  warnings: ImportIssue[];
  applied: boolean;
  /** The file's heading row and first rows, as the server read them. */
  preview: { headings: string[]; rows: string[][] };
};

/**
 * Sends the file to POST /api/<resource>/import, as a dry run or for real; messages in `language`;
 * `companyId` (a super administrator's choice) for the rows that name no company.
 */
export function sendImport(resource: ImportResource, file: File, options: { dryRun: boolean; language: string; companyId?: number | null }): Promise<ImportSummary> {
  const params = new URLSearchParams({ lang: options.language });
  if (options.dryRun) params.set('dryRun', 'true');
  if (options.companyId) params.set('companyId', String(options.companyId));
  return sendFiles<ImportSummary>('POST', `/${resource}/import?${params}`, [file]);
}

/** The summary a refused real run carries (422 import.rowErrors: rows changed since the dry run). */
export const summaryOf = (error: unknown): ImportSummary | undefined => {
  const body = (error as { body?: Partial<ImportSummary> } | null)?.body;
  return body && Array.isArray(body.errors) && typeof body.rows === 'number' ? (body as ImportSummary) : undefined;
};
