import type { FileStorages } from '../../services/storage';
import { removeObjects } from '../files/objects';
import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Next } from 'koa';
import { Readable } from 'node:stream';
import { authorize, approvedUser, type ApiContext } from '../../http/auth';
import { DomainError } from '../../domain/errors';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors';
import { sendDownload } from '../../http/download';
import { respondWithList, type ListSpec } from '../../http/listQuery';
import { uploads } from '../../http/uploads';
import { foundOr404 } from '../foundOr404';
import { parse, parseId } from '../../http/validate';
import { vatNumberProblem } from '../../domain/vatNumber';
import { detectFile } from '../../services/files/detect';
import { LOGO_MAX_BYTES, processLogo } from '../../services/files/logo';
import { Company } from './model';
import { CompanyCreateSchema, CompanyProfileUpdateSchema, CompanyUpdateSchema, SUPER_ADMIN_FIELDS } from './schema';
import { companyEditRights, companyReadScope } from './policy';
import { deleteCompanyWithData } from './cascade';
import { companyLogo, deleteCompanyLogo, saveCompanyLogo } from './profile';
import { createCompany, updateCompany } from './operations';

const LIST: ListSpec = {
  resource: 'companies',
  sort: { id: 'id', name: 'name', code: 'code', active: 'active', createdAt: 'createdAt' },
  filters: { id: { column: 'id', kind: 'number' }, active: { column: 'active', kind: 'boolean' }, createdAt: { column: 'createdAt', kind: 'date' } },
  search: ['name', 'code'],
  defaultSort: ['createdAt', 'DESC'],
  idColumn: 'id',
};

const SUPER_ADMIN_FIELDS_ONLY = 'Only a super administrator can change the name, code or status of a company';
const NOT_A_LOGO = 'The logo must be one PNG, JPEG or WebP image';

/**
 * The VAT number the company ends up with must fit the country and currency it ends up with
 * (domain/vatNumber.ts); checked whenever one of the three changes.
 */
function assertVatNumber(change: Record<string, unknown>, company: Pick<Company, 'vatNumber' | 'country' | 'currency'>) {
  if (!['vatNumber', 'country', 'currency'].some((field) => field in change)) return;
  const problem = vatNumberProblem(company.vatNumber, company);
  if (problem) throw badRequest(/^[A-Z]/.test(problem) ? problem : `Invalid company: vatNumber: ${problem}`, { vatNumber: problem });
}

/**
 * A COMPANY_ADMIN edits its company's profile only: a name, code or status that would change is
 * refused with 403 before anything is written. The same values as stored pass (a form that sends
 * the whole record back changes nothing there). Sent for a company it does not see, they are
 * refused alike, whether that company exists or not.
 */
function assertProfileOnly(body: unknown, company: Company | undefined) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const sent = SUPER_ADMIN_FIELDS.filter((field) => Object.hasOwn(body, field) && (body as Record<string, unknown>)[field] !== undefined);
  if (!sent.length) return;
  const parsed = CompanyUpdateSchema.pick({ name: true, code: true, active: true }).safeParse(body);
  if (!company || !parsed.success || sent.some((field) => parsed.data[field] !== company[field])) {
    throw forbidden(SUPER_ADMIN_FIELDS_ONLY);
  }
}

export function companyRoutes(db: Knex, storages: FileStorages) {
  const router = new Router({ prefix: '/companies' });

  /** The companies the caller sees, every column with hasLogo. */
  const visible = (ctx: ApiContext) => Company.query(db).modify('scopedTo', approvedUser(ctx)).modify('withLogoFlag');
  const findVisible = (ctx: ApiContext) => foundOr404(visible(ctx), parseId(ctx.params.id), 'Company not found');

  /** Whoever may change a company at all: all of it (`companies`) or its profile (`companyProfile`). */
  const mayEdit = async (ctx: ApiContext, next: Next) => {
    if (!companyEditRights(approvedUser(ctx))) throw forbidden();
    await next();
  };

  router.get('/', authorize('companies', 'read'), async (ctx) => {
    await respondWithList(ctx, LIST, visible(ctx));
  });

  router.get('/:id', async (ctx) => {
    const user = approvedUser(ctx);
    const scope = companyReadScope(user);
    if (!scope) throw forbidden();
    if (scope === 'seen') {
      ctx.body = await findVisible(ctx);
      return;
    }
    // Its own company's name and code; any other company is "not found", as for a company admin.
    const id = parseId(ctx.params.id);
    const own = user.companyId && id === user.companyId ? await Company.query(db).findById(id).select('id', 'name', 'code') : undefined;
    if (!own) throw notFound('Company not found');
    ctx.body = { id: Number(own.id), name: own.name, code: own.code };
  });

  router.post('/', authorize('companies', 'create'), async (ctx) => {
    const input = parse(CompanyCreateSchema, ctx.request.body, 'company');
    assertVatNumber(input, { vatNumber: input.vatNumber ?? null, country: input.country ?? null, currency: input.currency });
    const id = await createCompany(approvedUser(ctx), input, db);
    ctx.status = 201;
    ctx.body = await Company.query(db).modify('withLogoFlag').findById(id);
  });

  const update = async (ctx: ApiContext) => {
    const user = approvedUser(ctx);
    const rights = companyEditRights(user);
    const company = await visible(ctx).findById(parseId(ctx.params.id));
    if (rights !== 'all') assertProfileOnly(ctx.request.body, company);
    if (!company) throw notFound('Company not found');
    const input = parse(rights === 'all' ? CompanyUpdateSchema : CompanyProfileUpdateSchema, ctx.request.body, 'company');
    assertVatNumber(input, { ...company, ...input } as Company);
    await updateCompany(user, { id: company.id, changes: input }, db);
    ctx.body = await findVisible(ctx);
  };
  router.patch('/:id', mayEdit, update);
  router.put('/:id', mayEdit, update);

  router.delete('/:id', authorize('companies', 'delete'), async (ctx) => {
    const company = await findVisible(ctx);
    await removeObjects(storages, await deleteCompanyWithData(db, company.id, approvedUser(ctx)));
    ctx.body = company;
  });

  // The logo of the invoice profile: stored re-encoded (PNG, within 800 × 300), a row of
  // company_logos whose bytes are in it or in S3 (STORAGE_URL, as every stored file's).
  router.get('/:id/logo', authorize('companyProfile', 'read'), async (ctx) => {
    const company = await findVisible(ctx);
    const png = await companyLogo(db, storages, company.id);
    if (!png) throw notFound('Logo not found');
    sendDownload(ctx, Readable.from([png]), { fileName: `${company.code}-logo.png`, mimeType: 'image/png', size: png.length }, true);
  });

  router.put(
    '/:id/logo',
    authorize('companyProfile', 'update'),
    async (ctx, next) => {
      // Found (or 404) before a byte of the upload is read.
      ctx.state.logoCompany = await findVisible(ctx);
      await next();
    },
    uploads(LOGO_MAX_BYTES),
    async (ctx) => {
      const company = ctx.state.logoCompany as Company;
      const files = ctx.state.uploads!;
      if (files.length !== 1) throw badRequest(NOT_A_LOGO, { file: 'must be one image' });
      const detected = await detectFile(files[0].path, { images: true, text: false }).catch((error: unknown) => {
        if (error instanceof DomainError && error.kind === 'unsupportedMediaType') return null;
        throw error;
      });
      if (detected?.kind !== 'IMAGE') throw new HttpError(415, 'request.unsupportedMediaType', NOT_A_LOGO);
      await saveCompanyLogo(db, storages, approvedUser(ctx), company.id, await processLogo(files[0].path));
      ctx.body = await findVisible(ctx);
    },
  );

  router.delete('/:id/logo', authorize('companyProfile', 'update'), async (ctx) => {
    const company = await findVisible(ctx);
    await deleteCompanyLogo(db, storages, approvedUser(ctx), company.id);
    company.hasLogo = false;
    ctx.body = company;
  });

  return router;
}
