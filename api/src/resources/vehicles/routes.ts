import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser, type ApiContext } from '../../http/auth';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { uniqueOr409 } from '../../http/dbErrors';
import { respondWithList, type ListSpec } from '../../http/listQuery';
import { keptListTotal } from '../rowCounts';
import { foundOr404 } from '../foundOr404';
import { parse, parseId } from '../../http/validate';
import { DEFAULT_VEHICLE_STATUS } from '../../domain/statuses';
import { canChooseCompany, seesEveryCompany, seesOnlyOwnPurchases } from '../../domain/permissions';
import { VEHICLE_BUYER_ROLES } from '../../domain/roles';
import type { VinDecoder } from '../../services/vin/decoder';
import { assertCompanyExists } from '../companies/policy';
import { assertContainerInCompany } from '../containers/policy';
import { assertPortsExist } from '../ports/policy';
import { assertUserOfCompany } from '../users/policy';
import type { User } from '../users/model';
import { VehicleFile } from '../files/model';
import { Vehicle } from './model';
import { vehicleSearchIndex } from './search';
import { VehicleCreateSchema, VehicleStatusSchema, VehicleUpdateSchema } from './schema';
import { recordStatusChange, statusHistory } from './statusEvents';
import { moveRecordFiles } from '../files/store';

const LIST: ListSpec = {
  resource: 'vehicles',
  sort: {
    id: 'vehicles.id',
    vin: 'vehicles.vin',
    make: 'vehicles.make',
    model: 'vehicles.model',
    year: 'vehicles.year',
    status: 'vehicles.status',
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
  },
  search: ['vehicles.vin', 'vehicles.make', 'vehicles.model'],
  defaultSort: ['createdAt', 'DESC'],
  idColumn: 'vehicles.id',
  // The dashboard's status indexes hold each status's vehicles by creation time.
  tieBreakers: { 'vehicles.vin': [], 'vehicles.status': ['vehicles.createdAt', 'vehicles.id'] },
};

/**
 * The super admin's list searches every company's vehicles through the search index. Company
 * staff and buyers search their own rows, which the scope's index narrows first: there the LIKE
 * is cheaper than the index whenever the text is common (a make): 0.5 ms against 2.4 ms for
 * "toyota" in a company of 1,000 vehicles, where across 100,000 the index takes 8.8 ms against
 * 14.7 ms, and 0.3 ms against 15 ms for a VIN's tail.
 */
const LIST_OF_EVERY_COMPANY: ListSpec = { ...LIST, indexedSearch: vehicleSearchIndex };

const VIN_TAKEN = 'VIN already exists';

export function vehicleRoutes(db: Knex, vin: VinDecoder) {
  const router = new Router({ prefix: '/vehicles' });

  const visible = (user: User) => Vehicle.query(db).modify('scopedTo', user);

  const findVisible = (ctx: ApiContext) => foundOr404(visible(approvedUser(ctx)), parseId(ctx.params.id), 'Vehicle not found');

  /**
   * The detail: the row, its analysis, file metadata, container summary and status history, for a
   * vehicle the user may see (404 otherwise). The list's file counts and thumbnail come from the
   * files read here rather than from three subqueries per row: every write answers with the
   * detail, so it is what a status change costs besides the change itself.
   */
  const detail = async (id: number, user: User) => {
    // The row (with its container, joined) and the two lists are read at once: on MySQL each
    // is a round trip, and a request waits for the slowest rather than for their sum.
    const [vehicle, files, history] = await Promise.all([
      visible(user)
        .modify('rowColumns')
        .select('vehicles.notes', 'vehicles.accidentAnalysis', 'vehicles.accidentAnalysisAr', 'vehicles.accidentAnalysisImageCount', 'vehicles.lastAnalysisDate')
        .select('container.containerSize', 'container.loadingDate', 'container.arrivalDate', 'container.shippingLine')
        // The container's route, for everyone who sees the car (a buyer follows it by these).
        .leftJoinRelated('container.[fromPort, toPort]', { aliases: { fromPort: 'routeFrom', toPort: 'routeTo' } })
        .select(
          'container:routeFrom.name as routeFromName', 'container:routeFrom.nameAr as routeFromNameAr', 'container:routeFrom.country as routeFromCountry',
          'container:routeTo.name as routeToName', 'container:routeTo.nameAr as routeToNameAr', 'container:routeTo.country as routeToCountry',
        )
        .findById(id),
      VehicleFile.query(db).where({ vehicleId: id }).orderBy('id').select('id', 'fileType', 'fileName', 'mimeType', 'fileSize', 'width', 'height', 'createdAt'),
      statusHistory(db, id),
    ]);
    if (!vehicle) throw notFound('Vehicle not found');
    const {
      containerSize, loadingDate, arrivalDate, shippingLine,
      routeFromName, routeFromNameAr, routeFromCountry, routeToName, routeToNameAr, routeToCountry,
      ...row
    } = vehicle.toJSON() as Record<string, unknown>;
    const port = (name: unknown, nameAr: unknown, country: unknown) => (name ? { name, nameAr, country } : null);
    const container = row.containerId
      ? {
          id: row.containerId,
          number: row.containerNumber,
          containerSize,
          loadingDate,
          arrivalDate,
          shippingLine,
          fromPort: port(routeFromName, routeFromNameAr, routeFromCountry),
          toPort: port(routeToName, routeToNameAr, routeToCountry),
        }
      : null;
    const images = files.filter((file) => file.fileType === 'IMAGE');
    return {
      ...row,
      imageCount: images.length,
      documentCount: files.length - images.length,
      thumbnailFileId: images[0]?.id ?? null,
      files,
      statusHistory: history,
      container,
    };
  };

  const vinTaken = async (vin: string) => Boolean(await Vehicle.query(db).findOne({ vin }).select('id'));

  const checkReferences = async (companyId: number, refs: { containerId?: number | null; buyerId?: number | null; fromPortId?: number | null; toPortId?: number | null }) => {
    await assertContainerInCompany(db, refs.containerId, companyId);
    await assertUserOfCompany(db, 'buyerId', refs.buyerId, companyId, VEHICLE_BUYER_ROLES);
    await assertPortsExist(db, { fromPortId: refs.fromPortId, toPortId: refs.toPortId });
  };

  router.get('/', authorize('vehicles', 'read'), async (ctx) => {
    const user = approvedUser(ctx);
    const list = seesEveryCompany(user.role) ? LIST_OF_EVERY_COMPANY : LIST;
    await respondWithList(ctx, list, visible(user).modify('rowColumns').modify('fileSummary'), {
      // A buyer's scope is their purchases, which the company's kept count does not tell.
      keptTotal: seesOnlyOwnPurchases(user.role) ? undefined : (filter) => keptListTotal(db, 'vehicles', user, filter),
    });
  });

  router.get('/:id', authorize('vehicles', 'read'), async (ctx) => {
    ctx.body = await detail(parseId(ctx.params.id), approvedUser(ctx));
  });

  router.post('/', authorize('vehicles', 'create'), async (ctx) => {
    const user = approvedUser(ctx);
    const input = parse(VehicleCreateSchema, ctx.request.body, 'vehicle');
    // As for containers: another company's id is refused, never silently replaced by one's own.
    const choosesCompany = canChooseCompany(user.role);
    if (!choosesCompany && input.companyId !== undefined && input.companyId !== user.companyId) {
      throw forbidden('Only a super administrator can choose the company');
    }
    const companyId = choosesCompany ? input.companyId : user.companyId;
    if (!companyId) throw badRequest('Company is required', { companyId: 'is required' });
    if (choosesCompany) await assertCompanyExists(db, companyId);
    await checkReferences(companyId, input);
    if (await vinTaken(input.vin)) throw conflict(VIN_TAKEN);

    // The public vehicle database fills what the user left out; offline, the bundled decoder does.
    const decoded = await vin.decode(input.vin);
    const status = input.status ?? DEFAULT_VEHICLE_STATUS;
    const id = await uniqueOr409(VIN_TAKEN, () =>
      db.transaction(async (trx) => {
        const created = await Vehicle.query(trx).insert({
          vin: input.vin,
          make: input.make ?? decoded.make,
          model: input.model ?? decoded.model,
          year: input.year ?? decoded.year,
          containerId: input.containerId ?? null,
          buyerId: input.buyerId ?? null,
          fromPortId: input.fromPortId ?? null,
          toPortId: input.toPortId ?? null,
          notes: input.notes ?? null,
          vehicleInfo: { ...decoded.vehicleInfo, ...input.vehicleInfo },
          status,
          companyId,
          shipperId: user.id,
        });
        await recordStatusChange(trx, created.id, null, status, user.id);
        return created.id;
      }),
    );
    ctx.status = 201;
    ctx.body = { ...(await detail(id, user)), vinDecodeSource: decoded.source };
  });

  const update = async (ctx: ApiContext) => {
    const user = approvedUser(ctx);
    const vehicle = await findVisible(ctx);
    const input = parse(VehicleUpdateSchema, ctx.request.body, 'vehicle');
    const movesCompany = input.companyId !== undefined && input.companyId !== vehicle.companyId;
    if (movesCompany && !canChooseCompany(user.role)) {
      throw forbidden('Only a super administrator can move a vehicle to another company');
    }
    const companyId = input.companyId ?? vehicle.companyId;
    if (movesCompany) {
      await assertCompanyExists(db, companyId);
      // The old company's container and buyer cannot follow the car to its new company.
      input.containerId ??= null;
      input.buyerId ??= null;
    }
    await checkReferences(companyId, input);
    if (input.vin && input.vin !== vehicle.vin && (await vinTaken(input.vin))) throw conflict(VIN_TAKEN);

    await uniqueOr409(VIN_TAKEN, () =>
      db.transaction(async (trx) => {
        // The status it replaces, read again under the row's lock (see the status route).
        const { status: previousStatus } = (await Vehicle.query(trx).findById(vehicle.id).forUpdate().select('status'))!;
        if (Object.keys(input).length) await Vehicle.query(trx).patch(input).findById(vehicle.id);
        if (input.status && input.status !== previousStatus) await recordStatusChange(trx, vehicle.id, previousStatus, input.status, user.id);
        if (movesCompany) await moveRecordFiles(trx, { vehicleId: vehicle.id }, companyId);
      }),
    );
    ctx.body = await detail(vehicle.id, user);
  };
  router.patch('/:id', authorize('vehicles', 'update'), update);
  router.put('/:id', authorize('vehicles', 'update'), update);

  router.patch('/:id/status', authorize('vehicles', 'setStatus'), async (ctx) => {
    const user = approvedUser(ctx);
    const id = parseId(ctx.params.id);
    await db.transaction(async (trx) => {
      // Read and changed in one transaction, the row locked on MySQL: two changes at once
      // record their history in the order they were made, each from the status it replaced.
      const current = await Vehicle.query(trx).modify('scopedTo', user).findById(id).forUpdate().select('vehicles.status');
      if (!current) throw notFound('Vehicle not found');
      const { status } = parse(VehicleStatusSchema, ctx.request.body, 'status');
      if (status === current.status) return;
      await Vehicle.query(trx).patch({ status }).findById(id);
      await recordStatusChange(trx, id, current.status, status, user.id);
    });
    ctx.body = await detail(id, user);
  });

  router.delete('/:id', authorize('vehicles', 'delete'), async (ctx) => {
    const user = approvedUser(ctx);
    const vehicle = await findVisible(ctx);
    const body = await detail(vehicle.id, user);
    await vehicle.$query(db).delete();
    ctx.body = body;
  });

  return router;
}
