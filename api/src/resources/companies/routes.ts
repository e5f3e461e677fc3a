import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser, type ApiContext } from '../../http/auth';
import { notFound } from '../../http/errors';
import { uniqueOr409 } from '../../http/dbErrors';
import { respondWithList, type ListSpec } from '../../http/listQuery';
import { parse, parseId } from '../../http/validate';
import { Company } from './model';
import { CompanyCreateSchema, CompanyUpdateSchema } from './schema';
import { scopeCompanies } from './policy';
import { deleteCompanyWithData } from './cascade';

const LIST: ListSpec = {
  resource: 'companies',
  sort: { id: 'id', name: 'name', code: 'code', active: 'active', createdAt: 'createdAt' },
  filters: { id: { column: 'id', kind: 'number' }, active: { column: 'active', kind: 'boolean' }, createdAt: { column: 'createdAt', kind: 'date' } },
  search: ['name', 'code'],
  defaultSort: ['createdAt', 'DESC'],
  idColumn: 'id',
};

const DUPLICATE_CODE = 'Company code already exists';

export function companyRoutes(db: Knex) {
  const router = new Router({ prefix: '/companies' });

  const findVisible = async (ctx: ApiContext) => {
    const company = await scopeCompanies(Company.query(db), approvedUser(ctx)).findById(parseId(ctx.params.id));
    if (!company) throw notFound('Company not found');
    return company;
  };

  router.get('/', authorize('companies', 'read'), async (ctx) => {
    const base = scopeCompanies(Company.query(db), approvedUser(ctx)).toKnexQuery();
    await respondWithList(ctx, LIST, base, (row) => Company.fromDatabaseJson(row));
  });

  router.get('/:id', authorize('companies', 'read'), async (ctx) => {
    ctx.body = await findVisible(ctx);
  });

  router.post('/', authorize('companies', 'create'), async (ctx) => {
    const input = parse(CompanyCreateSchema, ctx.request.body, 'company');
    ctx.status = 201;
    ctx.body = await uniqueOr409(DUPLICATE_CODE, () => Company.query(db).insertAndFetch(input));
  });

  const update = async (ctx: ApiContext) => {
    const company = await findVisible(ctx);
    const input = parse(CompanyUpdateSchema, ctx.request.body, 'company');
    ctx.body = await uniqueOr409(DUPLICATE_CODE, () => company.$patchAndFetchFields(db, input));
  };
  router.patch('/:id', authorize('companies', 'update'), update);
  router.put('/:id', authorize('companies', 'update'), update);

  router.delete('/:id', authorize('companies', 'delete'), async (ctx) => {
    const company = await findVisible(ctx);
    await deleteCompanyWithData(db, company.id);
    ctx.body = company;
  });

  return router;
}
