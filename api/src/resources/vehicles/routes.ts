import type { FileStorages } from '../../services/storage';
import { removeObjects } from '../files/objects';
import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser, type ApiContext } from '../../http/auth';
import { respondWithList, type ListSpec } from '../../http/listQuery';
import { keptListTotal } from '../rowCounts';
import { parse, parseId } from '../../http/validate';
import { seesEveryCompany, seesOnlyOwnPurchases } from '../../domain/permissions';
import type { VinDecoder } from '../../services/vin/decoder';
import type { User } from '../users/model';
import { writeTransaction } from '../writeTransaction';
import { requestLanguage } from '../imports/messages';
import { respondWithExport } from '../sheetExport';
import { vehicleExportColumns } from './export';
import { Vehicle } from './model';
import { vehicleSearchIndex, vehicleSearchIndexOf } from './search';
import { ChecklistVerifySchema, VehicleCreateSchema, VehicleStatusSchema, VehicleUpdateSchema } from './schema';
import { checklistFor } from './checklist';
import { constantListTexts } from '../listIds';
import { vehicleListRows } from './listRows';
import { vehicleDetail } from './detail';
import { createVehicle, deleteVehicle, setVehicleStatus, updateVehicle, verifyChecklistDocument } from './operations';

const LIST: ListSpec = {
  resource: 'vehicles',
  sort: {
    id: 'vehicles.id',
    vin: 'vehicles.vin',
    make: 'vehicles.make',
    model: 'vehicles.model',
    year: 'vehicles.year',
    // The shipping stages' order (domain/statuses.ts statusRank), not the codes' alphabetical one.
    status: 'vehicles.statusRank',
    createdAt: 'vehicles.createdAt',
  },
  filters: {
    id: { column: 'vehicles.id', kind: 'number' },
    status: { column: 'vehicles.status', kind: 'text' },
    containerId: { column: 'vehicles.containerId', kind: 'number' },
    companyId: { column: 'vehicles.companyId', kind: 'number' },
    buyerId: { column: 'vehicles.buyerId', kind: 'number' },
    year: { column: 'vehicles.year', kind: 'number' },
    createdAt: { column: 'vehicles.createdAt', kind: 'date' },
    // true: a document the checklist asks for is past due and missing (an index's range: documentsDueAt).
    documentsOverdue: { column: 'vehicles.documentsDueAt', kind: 'passed' },
  },
  search: ['vehicles.vin', 'vehicles.make', 'vehicles.model'],
  defaultSort: ['createdAt', 'DESC'],
  idColumn: 'vehicles.id',
  // The status rank's indexes (like the dashboard's status ones) hold each status's vehicles by creation time.
  tieBreakers: { 'vehicles.vin': [], 'vehicles.statusRank': ['vehicles.createdAt', 'vehicles.id'] },
};

/**
 * The super admin's list searches every company's vehicles through the search index. Company
 * staff search their own rows: on SQLite the index finds their company's matches alone (its
 * entries hold the company, migration 20261203000100), so the count and a rare text's page cost
 * what the matches do, whatever the company's size (a make's count in a company of 50,000 cars:
 * about 2 ms against 13 ms or more by LIKE over every row); a common text's page is read along the
 * sort's index by LIKE (listPlan.ts planCompanySearch). On MySQL/MariaDB the index matches every
 * company's vehicles: a large company asks it where its matches are few (listPlan.ts
 * planScopedSearch), the LIKE is used otherwise. Buyers search their purchases by LIKE.
 */
/**
 * The list's page ids and counts by constant SQL texts, where its filter is plain or a search by
 * LIKE (resources/listIds.ts): the scope is Vehicle's `scopedTo` (a company's staff, a buyer's
 * purchases, or every company), and each engine reads the text from the same index as the model's
 * query (api/test/listPlans.test.ts).
 */
const LIST_TEXTS = constantListTexts('vehicles', { company: 'companyId', buyer: 'buyerId' }, LIST.search);

const LIST_OF_EVERY_COMPANY: ListSpec = { ...LIST, indexedSearch: vehicleSearchIndex };
/** A company's list: its search asks the index for that company's matches (search.ts). */
const listFor = (user: User): ListSpec =>
  seesEveryCompany(user.role)
    ? LIST_OF_EVERY_COMPANY
    : seesOnlyOwnPurchases(user.role) || user.companyId === null
      ? LIST
      : { ...LIST, scopedIndexedSearch: vehicleSearchIndexOf(user.companyId) };

export function vehicleRoutes(db: Knex, vin: VinDecoder, storages: FileStorages) {
  const router = new Router({ prefix: '/vehicles' });

  const visible = (user: User) => Vehicle.query(db).modify('scopedTo', user);

  /** The detail (vehicles/detail.ts): every write answers with it, so it is also what a write costs besides the change. */
  const detail = (id: number, user: User) => vehicleDetail(db, user, id);

  router.get('/', authorize('vehicles', 'read'), async (ctx) => {
    const user = approvedUser(ctx);
    // The base query reads only what the constant texts do not (a search through the index, a
    // "not equal" filter): the page's rows come from vehicleListRows, so it carries no joins nor
    // file counts (which withoutNeedlessJoins compiled twice per query only to leave out: every
    // sort and filter is a column of vehicles).
    await respondWithList(ctx, listFor(user), () => visible(user), {
      // A buyer's scope is their purchases, which the company's kept count does not tell.
      keptTotal: seesOnlyOwnPurchases(user.role) ? undefined : (filter) => keptListTotal(db, 'vehicles', user, filter),
      rowsOf: (ids) => vehicleListRows(db, user, ids),
      knex: db,
      idsByConstantText: (conditions, columns, direction, offset, limit) => LIST_TEXTS.ids(db, user, conditions, columns, direction, offset, limit),
      countByConstantText: (conditions, bound) => LIST_TEXTS.count(db, user, conditions, bound),
    });
  });

  /** Every vehicle of the list's filter and sort, as a CSV or .xlsx download (resources/sheetExport.ts). */
  router.get('/export', authorize('vehicles', 'read'), async (ctx) => {
    const user = approvedUser(ctx);
    const list = listFor(user);
    const columns = await vehicleExportColumns(db, requestLanguage(ctx, user));
    await respondWithExport(ctx, list, visible(user).modify('rowColumns').select('vehicles.notes'), { name: 'vehicles', columns });
  });

  router.get('/:id', authorize('vehicles', 'read'), async (ctx) => {
    ctx.body = await detail(parseId(ctx.params.id), approvedUser(ctx));
  });

  router.post('/', authorize('vehicles', 'create'), async (ctx) => {
    const user = approvedUser(ctx);
    const input = parse(VehicleCreateSchema, ctx.request.body, 'vehicle');
    // The public vehicle database fills what the user left out; offline, the bundled decoder does.
    const decoded = await vin.decode(input.vin);
    const id = await writeTransaction(db, (trx) => createVehicle(user, { ...input, decoded }, trx), { createdBy: user });
    ctx.status = 201;
    ctx.body = { ...(await detail(id, user)), vinDecodeSource: decoded.source };
  });

  const update = async (ctx: ApiContext) => {
    const user = approvedUser(ctx);
    const id = parseId(ctx.params.id);
    const changes = parse(VehicleUpdateSchema, ctx.request.body, 'vehicle');
    await writeTransaction(db, (trx) => updateVehicle(user, { id, changes }, trx));
    ctx.body = await detail(id, user);
  };
  router.patch('/:id', authorize('vehicles', 'update'), update);
  router.put('/:id', authorize('vehicles', 'update'), update);

  /** The one endpoint of a status change: the row's menu and the bulk bar (one request per vehicle). */
  router.patch('/:id/status', authorize('vehicles', 'setStatus'), async (ctx) => {
    const user = approvedUser(ctx);
    const id = parseId(ctx.params.id);
    const { status } = parse(VehicleStatusSchema, ctx.request.body, 'status');
    // What the row shows of the change ({id, status, updatedAt}), not the whole detail: the bulk bar
    // sends one change per vehicle, and the console reads the list again after them.
    ctx.body = await writeTransaction(db, (trx) => setVehicleStatus(user, { id, status }, trx));
  });

  /** The document checklist: whoever reads the vehicle reads it (a buyer its own vehicles'). */
  router.get('/:id/checklist', authorize('vehicles', 'read'), async (ctx) => {
    ctx.body = await checklistFor(db, approvedUser(ctx), parseId(ctx.params.id));
  });

  /** A checklist item checked: `{verified: true}` (false takes the check back); answers the checklist. */
  router.patch('/:id/checklist/:kind', authorize('vehicles', 'verifyDocuments'), async (ctx) => {
    const user = approvedUser(ctx);
    const id = parseId(ctx.params.id);
    const { kind, verified } = parse(ChecklistVerifySchema, { ...(ctx.request.body as object), kind: ctx.params.kind }, 'checklist');
    await writeTransaction(db, (trx) => verifyChecklistDocument(user, { id, kind, verified }, trx));
    ctx.body = await checklistFor(db, user, id);
  });

  router.delete('/:id', authorize('vehicles', 'delete'), async (ctx) => {
    const user = approvedUser(ctx);
    const id = parseId(ctx.params.id);
    // The answer is the vehicle as it was (404 when the user may not see it).
    const body = await detail(id, user);
    const storageKeys = await writeTransaction(db, (trx) => deleteVehicle(user, { id }, trx));
    await removeObjects(storages, storageKeys);
    ctx.body = body;
  });

  return router;
}
