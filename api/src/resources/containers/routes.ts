import type { FileStorages } from '../../services/storage';
import { removeObjects } from '../files/objects';
import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser, type ApiContext } from '../../http/auth';
import { respondWithList, type ListSpec } from '../../http/listQuery';
import { keptListTotal } from '../rowCounts';
import { foundOr404 } from '../foundOr404';
import { parse, parseId } from '../../http/validate';
import type { User } from '../users/model';
import { withInvoiceNumbers } from '../invoices/containerInvoices';
import { requestLanguage } from '../imports/messages';
import { respondWithExport } from '../sheetExport';
import { addShipperNames, containerExportColumns } from './export';
import { constantListTexts } from '../listIds';
import { containerListRows } from './listRows';
import { Container } from './model';
import { ContainerCreateSchema, ContainerStatusSchema, ContainerUpdateSchema } from './schema';
import { createContainer, deleteContainer, setContainerStatus, updateContainer } from './operations';
import { writeTransaction } from '../writeTransaction';

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
    status: { column: 'containers.status', kind: 'text' },
  },
  search: ['containers.number', 'containers.bookingNumber', 'containers.sealNumber', 'containers.shippingLine'],
  defaultSort: ['createdAt', 'DESC'],
  idColumn: 'containers.id',
  tieBreakers: { 'containers.number': [] },
};

/** The list's page ids and counts by constant SQL texts (resources/listIds.ts; Container's `scopedTo`). */
const LIST_TEXTS = constantListTexts('containers', { company: 'companyId' }, LIST.search);

export function containerRoutes(db: Knex, storages: FileStorages) {
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

  router.get('/', authorize('containers', 'read'), async (ctx) => {
    const user = approvedUser(ctx);
    // The base query carries no joins nor vehicle counts (every sort and filter is a column of
    // containers), and is built only for what the constant texts do not read: a page's ids and
    // count (listIds.ts) and every page's rows (listRows.ts) are read by constant SQL texts.
    await respondWithList(ctx, LIST, () => Container.query(db).modify('scopedTo', user), {
      completePage: (rows: Container[]) => withInvoiceNumbers(db, user, rows),
      keptTotal: (filter) => keptListTotal(db, 'containers', user, filter),
      rowsOf: (ids) => containerListRows(db, user, ids),
      idsByConstantText: (conditions, columns, direction, offset, limit) => LIST_TEXTS.ids(db, user, conditions, columns, direction, offset, limit),
      countByConstantText: (conditions, bound) => LIST_TEXTS.count(db, user, conditions, bound),
    });
  });

  /** Every container of the list's filter and sort, as a CSV or .xlsx download (resources/sheetExport.ts). */
  router.get('/export', authorize('containers', 'read'), async (ctx) => {
    const user = approvedUser(ctx);
    await respondWithExport(ctx, LIST, visible(user), {
      name: 'containers',
      columns: containerExportColumns(requestLanguage(ctx, user)),
      completeBatch: (rows) => addShipperNames(db, rows),
    });
  });

  router.get('/:id', authorize('containers', 'read'), async (ctx) => {
    ctx.body = await detail(await findVisible(ctx), approvedUser(ctx));
  });

  router.post('/', authorize('containers', 'create'), async (ctx) => {
    const user = approvedUser(ctx);
    const input = parse(ContainerCreateSchema, ctx.request.body, 'container');
    const id = await writeTransaction(db, (trx) => createContainer(user, input, trx), { createdBy: user });
    ctx.status = 201;
    ctx.body = await detail((await visible(user).findById(id))!, user);
  });

  const update = async (ctx: ApiContext) => {
    const user = approvedUser(ctx);
    const id = parseId(ctx.params.id);
    const changes = parse(ContainerUpdateSchema, ctx.request.body, 'container');
    await writeTransaction(db, (trx) => updateContainer(user, { id, changes }, trx));
    ctx.body = await detail(await findVisible(ctx), user);
  };
  router.patch('/:id', authorize('containers', 'update'), update);
  router.put('/:id', authorize('containers', 'update'), update);

  /** A milestone: the container's status and date, and its vehicles moved with it in the same transaction. */
  router.patch('/:id/status', authorize('containers', 'update'), async (ctx) => {
    const user = approvedUser(ctx);
    const id = parseId(ctx.params.id);
    const input = parse(ContainerStatusSchema, ctx.request.body, 'status');
    const { vehiclesUpdated } = await writeTransaction(db, (trx) => setContainerStatus(user, { id, ...input }, trx));
    ctx.body = { ...(await detail(await findVisible(ctx), user)), vehiclesUpdated };
  });

  /** Its vehicles are unassigned and its files go with it; the answer is the container as it was. */
  router.delete('/:id', authorize('containers', 'delete'), async (ctx) => {
    const user = approvedUser(ctx);
    const container = await findVisible(ctx);
    const body = await detail(container, user);
    const storageKeys = await writeTransaction(db, (trx) => deleteContainer(user, { id: container.id }, trx));
    await removeObjects(storages, storageKeys);
    ctx.body = body;
  });

  return router;
}
