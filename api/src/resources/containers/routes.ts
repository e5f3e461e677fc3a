import Router from '@koa/router';
import { moveRecordFiles } from '../files/store';
import type { Knex } from 'knex';
import { authorize, approvedUser, type ApiContext } from '../../http/auth';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { uniqueOr409 } from '../../http/dbErrors';
import { respondWithList, type ListSpec } from '../../http/listQuery';
import { keptListTotal } from '../rowCounts';
import { foundOr404 } from '../foundOr404';
import { parse, parseId } from '../../http/validate';
import { canChooseCompany } from '../../domain/permissions';
import { CONTAINER_SHIPPER_ROLES } from '../../domain/roles';
import { assertCompanyExists } from '../companies/policy';
import { assertPortsExist } from '../ports/policy';
import { assertUserOfCompany } from '../users/policy';
import type { User } from '../users/model';
import { Vehicle } from '../vehicles/model';
import { withInvoiceNumbers } from '../invoices/containerInvoices';
import { Container } from './model';
import { ContainerCreateSchema, ContainerUpdateSchema } from './schema';

const LIST: ListSpec = {
  resource: 'containers',
  sort: {
    id: 'containers.id',
    number: 'containers.number',
    bookingNumber: 'containers.bookingNumber',
    containerSize: 'containers.containerSize',
    loadingDate: 'containers.loadingDate',
    arrivalDate: 'containers.arrivalDate',
    shippingLine: 'containers.shippingLine',
    createdAt: 'containers.createdAt',
  },
  filters: {
    id: { column: 'containers.id', kind: 'number' },
    companyId: { column: 'containers.companyId', kind: 'number' },
    shipperId: { column: 'containers.shipperId', kind: 'number' },
    fromPortId: { column: 'containers.fromPortId', kind: 'number' },
    toPortId: { column: 'containers.toPortId', kind: 'number' },
    loadingDate: { column: 'containers.loadingDate', kind: 'date' },
    arrivalDate: { column: 'containers.arrivalDate', kind: 'date' },
    createdAt: { column: 'containers.createdAt', kind: 'date' },
  },
  search: ['containers.number', 'containers.bookingNumber', 'containers.sealNumber', 'containers.shippingLine'],
  defaultSort: ['createdAt', 'DESC'],
  idColumn: 'containers.id',
  tieBreakers: { 'containers.number': [] },
};

const NUMBER_TAKEN = 'Container number already exists';

export function containerRoutes(db: Knex) {
  const router = new Router({ prefix: '/containers' });

  const visible = (user: User) => Container.query(db).modify('scopedTo', user).modify('rowColumns');

  const findVisible = (ctx: ApiContext) => foundOr404(visible(approvedUser(ctx)), parseId(ctx.params.id), 'Container not found');

  const detail = async (container: Container, viewer: User) => {
    const [, vehicles, files] = await Promise.all([
      withInvoiceNumbers(db, viewer, [container]),
      container.$relatedQuery('vehicles', db).orderBy('id').select('id', 'vin', 'make', 'model', 'year', 'status', 'vehicleInfo', 'buyerId'),
      container.$relatedQuery('files', db).orderBy('id').select('id', 'fileType', 'fileName', 'mimeType', 'fileSize', 'width', 'height', 'createdAt'),
    ]);
    return { ...container.toJSON(), vehicles, files };
  };

  const numberTaken = async (number: string) => Boolean(await Container.query(db).findOne({ number }).select('id'));

  /** Through the model, so each vehicle's updatedAt records that it left the container. */
  const unassignVehicles = (trx: Knex, containerId: number) => Vehicle.query(trx).where({ containerId }).patch({ containerId: null });

  /** SUPER_ADMIN picks the company and the shipper; everyone else gets their own. */
  const ownership = async (user: User, input: { companyId?: number; shipperId?: number }, current?: Container) => {
    if (!canChooseCompany(user.role)) {
      if ((input.companyId && input.companyId !== user.companyId) || (input.shipperId && input.shipperId !== (current?.shipperId ?? user.id))) {
        throw forbidden('Only a super administrator can choose the company and the shipper');
      }
      return { companyId: user.companyId!, shipperId: current?.shipperId ?? user.id };
    }
    const companyId = input.companyId ?? current?.companyId;
    if (!companyId) throw badRequest('Company is required', { companyId: 'is required' });
    const companyChanged = input.companyId !== undefined && input.companyId !== current?.companyId;
    const shipperId = input.shipperId ?? (companyChanged ? undefined : (current?.shipperId ?? undefined));
    if (!shipperId) throw badRequest('Shipper is required', { shipperId: 'is required' });
    await assertCompanyExists(db, companyId);
    await assertUserOfCompany(db, 'shipperId', shipperId, companyId, CONTAINER_SHIPPER_ROLES);
    return { companyId, shipperId };
  };

  router.get('/', authorize('containers', 'read'), async (ctx) => {
    const user = approvedUser(ctx);
    await respondWithList(ctx, LIST, visible(user), {
      completePage: (rows: Container[]) => withInvoiceNumbers(db, user, rows),
      keptTotal: (filter) => keptListTotal(db, 'containers', user, filter),
    });
  });

  router.get('/:id', authorize('containers', 'read'), async (ctx) => {
    ctx.body = await detail(await findVisible(ctx), approvedUser(ctx));
  });

  router.post('/', authorize('containers', 'create'), async (ctx) => {
    const user = approvedUser(ctx);
    const input = parse(ContainerCreateSchema, ctx.request.body, 'container');
    const owner = await ownership(user, input);
    await assertPortsExist(db, { fromPortId: input.fromPortId, toPortId: input.toPortId });
    if (await numberTaken(input.number)) throw conflict(NUMBER_TAKEN);
    const created = await uniqueOr409(NUMBER_TAKEN, () => Container.query(db).insert({ ...input, ...owner }));
    ctx.status = 201;
    ctx.body = await detail((await visible(user).findById(created.id))!, user);
  });

  const update = async (ctx: ApiContext) => {
    const user = approvedUser(ctx);
    const container = await findVisible(ctx);
    const input = parse(ContainerUpdateSchema, ctx.request.body, 'container');
    const owner = await ownership(user, input, container);
    await assertPortsExist(db, { fromPortId: input.fromPortId, toPortId: input.toPortId });
    if (input.number && input.number !== container.number && (await numberTaken(input.number))) {
      throw conflict(NUMBER_TAKEN);
    }
    await uniqueOr409(NUMBER_TAKEN, () =>
      db.transaction(async (trx) => {
        await Container.query(trx).patch({ ...input, ...owner }).findById(container.id);
        // A container moved to another company leaves its old company's vehicles behind, and
        // takes its own files along.
        if (owner.companyId !== container.companyId) {
          await unassignVehicles(trx, container.id);
          await moveRecordFiles(trx, { containerId: container.id }, owner.companyId);
        }
      }),
    );
    ctx.body = await detail((await visible(user).findById(container.id))!, user);
  };
  router.patch('/:id', authorize('containers', 'update'), update);
  router.put('/:id', authorize('containers', 'update'), update);

  /** Its vehicles are unassigned (the foreign key sets null) and its files go with it. */
  router.delete('/:id', authorize('containers', 'delete'), async (ctx) => {
    const container = await findVisible(ctx);
    const body = await detail(container, approvedUser(ctx));
    await db.transaction(async (trx) => {
      await unassignVehicles(trx, container.id);
      await Container.query(trx).deleteById(container.id);
    });
    ctx.body = body;
  });

  return router;
}
