import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser } from '../../http/auth';
import { badRequest, forbidden } from '../../http/errors';
import { uploads } from '../../http/uploads';
import { parseId } from '../../http/validate';
import { canChooseCompany } from '../../domain/permissions';
import type { SheetLanguage } from '../../domain/sheetColumns';
import { readSheet, sheetKind, type Sheet } from '../../services/spreadsheets/readSheet';
import { containerImport } from '../containers/import';
import type { User } from '../users/model';
import { vehicleImport } from '../vehicles/import';
import { requestLanguage } from './messages';
import { runImport, type ImportPlan } from './runImport';

/** The most rows one file may hold (the limit: a fleet, not a data warehouse). */
export const MAX_IMPORT_ROWS = 20_000;
/** How many of the file's rows the answer carries, as read, for the wizard's preview. */
export const PREVIEW_ROWS = 5;

/**
 * The file as the server read it (a .csv or an .xlsx alike): its heading row and first rows, each
 * cell as text. The console shows them under the field each heading fills.
 */
const previewOf = (sheet: Sheet) => ({ headings: sheet.headings, rows: sheet.rows.slice(0, PREVIEW_ROWS).map((row) => row.cells) });

type PlanOf = (actor: User, sheet: Sheet, companyId: number | undefined, language: SheetLanguage) => Promise<ImportPlan<any>>;
const IMPORTS: { resource: 'vehicles' | 'containers'; plan: PlanOf }[] = [
  { resource: 'vehicles', plan: vehicleImport },
  { resource: 'containers', plan: containerImport },
];

/**
 * POST /api/vehicles/import and /api/containers/import: one .csv or .xlsx in the multipart field
 * `file`, `?dryRun=true` to see what would happen, `?companyId=` for a super administrator's
 * rows that name no company. Answers {rows, created, updated, unchanged, errors, warnings,
 * applied, preview}: 200, or 422 (nothing written) when a row has an error and it was not a dry run.
 */
export function importRoutes(db: Knex, uploadMaxBytes: number) {
  const router = new Router();
  for (const { resource, plan } of IMPORTS) {
    router.post(`/${resource}/import`, authorize(resource, 'create'), uploads(uploadMaxBytes), async (ctx) => {
      const user = approvedUser(ctx);
      const dryRun = ctx.query.dryRun === 'true' || ctx.query.dryRun === '1';
      const companyId = ctx.query.companyId === undefined ? undefined : parseId(ctx.query.companyId, 'companyId');
      if (companyId !== undefined && !canChooseCompany(user.role) && companyId !== user.companyId) throw forbidden('Only a super administrator can choose the company');
      const files = ctx.state.uploads ?? [];
      if (files.length !== 1) throw badRequest('Send one file', { file: 'send exactly one .csv or .xlsx file' });
      const sheet = await readSheet(files[0].path, sheetKind(files[0].name), MAX_IMPORT_ROWS);
      const language = requestLanguage(ctx, user);
      const summary = { ...(await runImport(db, await plan(user, sheet, companyId, language), { dryRun, language })), preview: previewOf(sheet) };
      if (!dryRun && summary.errors.length) {
        ctx.status = 422;
        ctx.body = { message: `${summary.errors.length} row error(s): nothing was imported`, code: 'import.rowErrors', ...summary };
        return;
      }
      ctx.body = summary;
    });
  }
  return router;
}
