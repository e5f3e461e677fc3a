import Router from '@koa/router';
import type { Knex } from 'knex';
import { approvedUser, authorize, type ApiContext } from '../../http/auth';
import { respondWithList, type ListSpec } from '../../http/listQuery';
import { notFound } from '../../http/errors';
import { foundOr404 } from '../foundOr404';
import { parse, parseId } from '../../http/validate';
import { assertCompanyExists } from '../companies/policy';
import { writeTransaction } from '../writeTransaction';
import { createPort, deletePort, updatePort } from './operations';
import { portUsage } from './policy';
import { Port } from './model';
import { PortCreateSchema, PortUpdateSchema } from './schema';

/** Ports are shared reference data: every approved role reads all of them (DESIGN.md §4). */
const LIST: ListSpec = {
  resource: 'ports',
  sort: { id: 'id', name: 'name', nameAr: 'nameAr', country: 'country', createdAt: 'createdAt' },
  filters: { id: { column: 'id', kind: 'number' }, country: { column: 'country', kind: 'text' }, companyId: { column: 'companyId', kind: 'number' } },
  search: ['name', 'nameAr', 'country'],
  defaultSort: ['name', 'ASC'],
  idColumn: 'id',
};

export function portRoutes(db: Knex) {
  const router = new Router({ prefix: '/ports' });

  const find = (ctx: ApiContext) => foundOr404(Port.query(db), parseId(ctx.params.id), 'Port not found');

  router.get('/', authorize('ports', 'read'), async (ctx) => {
    await respondWithList(ctx, LIST, Port.query(db));
  });

  router.get('/:id', authorize('ports', 'read'), async (ctx) => {
    ctx.body = await find(ctx);
  });

  router.post('/', authorize('ports', 'create'), async (ctx) => {
    const input = parse(PortCreateSchema, ctx.request.body, 'port');
    await assertCompanyExists(db, input.companyId);
    ctx.status = 201;
    ctx.body = await writeTransaction(db, (trx) => createPort(approvedUser(ctx), input, trx));
  });

  const update = async (ctx: ApiContext) => {
    const port = await find(ctx);
    const input = parse(PortUpdateSchema, ctx.request.body, 'port');
    await assertCompanyExists(db, input.companyId);
    const updated = await writeTransaction(db, (trx) => updatePort(approvedUser(ctx), { id: port.id, changes: input }, trx));
    // Deleted since it was found: gone, like any port not there.
    if (!updated) throw notFound('Port not found');
    ctx.body = updated;
  };
  router.patch('/:id', authorize('ports', 'update'), update);
  router.put('/:id', authorize('ports', 'update'), update);

  // What a delete would touch, for the console to say before it asks (only who may delete asks).
  router.get('/:id/usage', authorize('ports', 'delete'), async (ctx) => {
    ctx.body = await portUsage(db, (await find(ctx)).id);
  });

  router.delete('/:id', authorize('ports', 'delete'), async (ctx) => {
    const port = await find(ctx);
    await writeTransaction(db, (trx) => deletePort(approvedUser(ctx), port, trx));
    ctx.body = port;
  });

  return router;
}
