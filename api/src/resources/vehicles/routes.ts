import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser, type ApiContext } from '../../http/auth';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { uniqueOr409 } from '../../http/dbErrors';
import { respondWithList, type ListSpec } from '../../http/listQuery';
import { parse, parseId } from '../../http/validate';
import { DEFAULT_VEHICLE_STATUS } from '../../domain/statuses';
import type { VinDecoder } from '../../services/vin/decoder';
import { assertCompanyExists } from '../companies/policy';
import { assertContainerInCompany } from '../containers/policy';
import { assertPortsExist } from '../ports/policy';
import { assertUserOfCompany } from '../users/policy';
import type { User } from '../users/model';
import { Vehicle, vehicleJson } from './model';
import { scopeVehicles } from './policy';
import { VehicleCreateSchema, VehicleStatusSchema, VehicleUpdateSchema } from './schema';
import { recordStatusChange, statusHistory } from './statusEvents';
import { moveRecordFiles } from '../../services/files/store';

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
  countWithoutJoins: true,
};

/** List and detail columns: never file bytes, never the long analysis texts in lists. */
const ROW_COLUMNS = [
  'vehicles.id', 'vehicles.vin', 'vehicles.make', 'vehicles.model', 'vehicles.year', 'vehicles.status',
  'vehicles.containerId', 'vehicles.fromPortId', 'vehicles.toPortId', 'vehicles.shipperId', 'vehicles.buyerId',
  'vehicles.companyId', 'vehicles.vehicleInfo', 'vehicles.createdAt', 'vehicles.updatedAt',
  'containers.number as containerNumber', 'companies.name as companyName',
];

const fileCount = (db: Knex, fileType: 'IMAGE' | 'DOCUMENT', alias: string) =>
  db('vehicle_files').count('*').where('vehicle_files.vehicleId', db.ref('vehicles.id')).where('fileType', fileType).as(alias);

const VIN_TAKEN = 'VIN already exists';

export function vehicleRoutes(db: Knex, vin: VinDecoder) {
  const router = new Router({ prefix: '/vehicles' });

  // Plain knex rather than the model for reading rows: on a list page, building the query and the
  // models cost about as much as running it.
  const joinedRows = (user: User) =>
    scopeVehicles(
      db('vehicles')
        .leftJoin('containers', 'containers.id', 'vehicles.containerId')
        .leftJoin('companies', 'companies.id', 'vehicles.companyId')
        .select(ROW_COLUMNS),
      user,
    );

  const rows = (user: User) =>
    joinedRows(user).select([
      fileCount(db, 'IMAGE', 'imageCount'),
      fileCount(db, 'DOCUMENT', 'documentCount'),
      // The first image's thumbnail shows in the vehicle list.
      db('vehicle_files').min('id').where('vehicle_files.vehicleId', db.ref('vehicles.id')).where('fileType', 'IMAGE').as('thumbnailFileId'),
    ]);

  const findVisible = async (ctx: ApiContext) => {
    const vehicle = await scopeVehicles(Vehicle.query(db), approvedUser(ctx)).findById(parseId(ctx.params.id));
    if (!vehicle) throw notFound('Vehicle not found');
    return vehicle;
  };

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
      joinedRows(user)
        .select('vehicles.notes', 'vehicles.accidentAnalysis', 'vehicles.accidentAnalysisAr', 'vehicles.accidentAnalysisImageCount', 'vehicles.lastAnalysisDate')
        .select('containers.containerSize', 'containers.loadingDate', 'containers.arrivalDate')
        .leftJoin('users as buyer', 'buyer.id', 'vehicles.buyerId')
        .select('buyer.username as buyerName')
        .where('vehicles.id', id)
        .first(),
      db('vehicle_files').where({ vehicleId: id }).orderBy('id').select('id', 'fileType', 'fileName', 'mimeType', 'fileSize', 'width', 'height', 'createdAt'),
      statusHistory(db, id),
    ]);
    if (!vehicle) throw notFound('Vehicle not found');
    const { containerSize, loadingDate, arrivalDate, ...row } = vehicle;
    const container = row.containerId ? { id: row.containerId, number: row.containerNumber, containerSize, loadingDate, arrivalDate } : null;
    const images = files.filter((file) => file.fileType === 'IMAGE');
    return {
      ...vehicleJson(row),
      imageCount: images.length,
      documentCount: files.length - images.length,
      thumbnailFileId: images[0]?.id ?? null,
      files,
      statusHistory: history,
      container,
    };
  };

  const checkReferences = async (companyId: number, refs: { containerId?: number | null; buyerId?: number | null; fromPortId?: number | null; toPortId?: number | null }) => {
    await assertContainerInCompany(db, refs.containerId, companyId);
    await assertUserOfCompany(db, 'buyerId', refs.buyerId, companyId, ['BUYER']);
    await assertPortsExist(db, { fromPortId: refs.fromPortId, toPortId: refs.toPortId });
  };

  router.get('/', authorize('vehicles', 'read'), async (ctx) => {
    await respondWithList(ctx, LIST, rows(approvedUser(ctx)), vehicleJson);
  });

  router.get('/:id', authorize('vehicles', 'read'), async (ctx) => {
    ctx.body = await detail(parseId(ctx.params.id), approvedUser(ctx));
  });

  router.post('/', authorize('vehicles', 'create'), async (ctx) => {
    const user = approvedUser(ctx);
    const input = parse(VehicleCreateSchema, ctx.request.body, 'vehicle');
    // As for containers: another company's id is refused, never silently replaced by one's own.
    if (user.role !== 'SUPER_ADMIN' && input.companyId !== undefined && input.companyId !== user.companyId) {
      throw forbidden('Only a super administrator can choose the company');
    }
    const companyId = user.role === 'SUPER_ADMIN' ? input.companyId : user.companyId;
    if (!companyId) throw badRequest('Company is required', { companyId: 'is required' });
    if (user.role === 'SUPER_ADMIN') await assertCompanyExists(db, companyId);
    await checkReferences(companyId, input);
    if (await db('vehicles').where({ vin: input.vin }).first('id')) throw conflict(VIN_TAKEN);

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
    if (movesCompany && user.role !== 'SUPER_ADMIN') {
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
    if (input.vin && input.vin !== vehicle.vin && (await db('vehicles').where({ vin: input.vin }).first('id'))) throw conflict(VIN_TAKEN);

    await uniqueOr409(VIN_TAKEN, () =>
      db.transaction(async (trx) => {
        // The status it replaces, read again under the row's lock (see the status route).
        const { status: previousStatus } = await trx('vehicles').where({ id: vehicle.id }).forUpdate().first('status');
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
      const current = await scopeVehicles(trx('vehicles'), user).where('vehicles.id', id).forUpdate().first('vehicles.status');
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
