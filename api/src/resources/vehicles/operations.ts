import { s3KeysOf } from '../files/objects';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { uniqueOr409 } from '../../http/dbErrors';
import { DEFAULT_VEHICLE_STATUS, statusRank, type VehicleStatus } from '../../domain/statuses';
import { canonicalMake } from '../../domain/makes';
import { vehicleMovesForward } from '../../domain/containerStatuses';
import { can, canChooseCompany, type Action } from '../../domain/permissions';
import { VEHICLE_BUYER_ROLES } from '../../domain/roles';
import type { VinDecode } from '../../services/vin/decoder';
import { assertCompanyExists } from '../companies/policy';
import { assignVehicles, unassignVehicles } from '../containers/operations';
import { assertPortsExist } from '../ports/policy';
import { assertUserOfCompany } from '../users/policy';
import type { User } from '../users/model';
import { moveRecordFiles } from '../files/store';
import { keepRowCounts } from '../rowCounts';
import { Vehicle } from './model';
import { lockVisibleVehicles } from './locks';
import { addToSearchIndex, changesSearchedText, removeFromSearchIndex } from './searchIndex';
import { recordStatusChanges } from './statusEvents';
import { recordEvent, recordEvents } from '../auditLog/record';
import { createdFields, diffChanges } from '../../domain/auditEvents';
import { notifyVehicleStatusChanged } from '../notifications/notify';
import { VehicleFile } from '../files/model';
import type { ChecklistKind } from '../../domain/documentChecklist';
import type { VehicleCreateSchema, VehicleUpdateSchema } from './schema';

/**
 * The vehicle's business actions (docs/architecture.md, "Operations"). Each takes the acting
 * user, its input (already parsed) and the transaction it writes in, checks the rules, writes
 * through the model, keeps the company's counts and the search index, and returns the result.
 * Routes, the demo loader and anything later call these, inside writeTransaction, which may run
 * them again from the start: they read what they need in the transaction and write nothing else.
 */

const VIN_TAKEN = 'VIN already exists';

function mayDo(actor: User, action: Action) {
  if (!can(actor.role, 'vehicles', action)) throw forbidden();
}

/** The references but the container, which only assignVehicles and unassignVehicles set. */
type References = { buyerId?: number | null; fromPortId?: number | null; toPortId?: number | null };

async function checkReferences(trx: Knex, companyId: number, refs: References) {
  await assertUserOfCompany(trx, 'buyerId', refs.buyerId, companyId, VEHICLE_BUYER_ROLES);
  await assertPortsExist(trx, { fromPortId: refs.fromPortId, toPortId: refs.toPortId });
}

async function assertVinFree(trx: Knex, vin: string) {
  if (await Vehicle.query(trx).findOne({ vin }).select('id')) throw conflict(VIN_TAKEN);
}

const LOCKED_COLUMNS = ['id', 'companyId', 'containerId', 'status', 'vin', 'updatedAt'];
/** What a status change reads under the lock: the buyer too, whom it tells (none: no one to ask about). */
const STATUS_COLUMNS = ['id', 'companyId', 'status', 'updatedAt', 'buyerId'];

/**
 * The vehicle the actor may see, its row locked until the transaction ends (404 otherwise), with
 * `alsoRead`: columns a change needs as they were (read in the same statement, under the lock).
 */
async function lockVisible(trx: Knex, actor: User, id: number, alsoRead: readonly string[] = []) {
  const columns = alsoRead.length ? [...new Set([...LOCKED_COLUMNS, ...alsoRead])] : LOCKED_COLUMNS;
  const [vehicle] = await lockVisibleVehicles(trx, actor, [id], columns);
  if (!vehicle) throw notFound('Vehicle not found');
  return vehicle;
}

export type VehicleCreate = z.infer<typeof VehicleCreateSchema> & {
  /** What the VIN decoder found (read before the transaction: it may ask a web service). */
  decoded: Pick<VinDecode, 'make' | 'model' | 'year' | 'vehicleInfo'>;
};

/** A new vehicle of the actor's company (a super admin names one); returns its id. */
export async function createVehicle(actor: User, input: VehicleCreate, trx: Knex): Promise<number> {
  return (await createVehicles(actor, [input], trx))[0];
}

/** The company a new vehicle goes to: the actor's own, or the one a super admin names. */
function companyOfNew(actor: User, input: VehicleCreate): number {
  // Another company's id is refused, never silently replaced by one's own.
  const choosesCompany = canChooseCompany(actor.role);
  if (!choosesCompany && input.companyId !== undefined && input.companyId !== actor.companyId) {
    throw forbidden('Only a super administrator can choose the company');
  }
  const companyId = choosesCompany ? input.companyId : actor.companyId;
  if (!companyId) throw badRequest('Company is required', { companyId: 'is required' });
  return companyId;
}

/**
 * New vehicles (createVehicle is it for one; an import gives it a few hundred rows at once):
 * the same rules and writes as for one, in a few statements whatever their number. Each company,
 * buyer and port named is checked once; any refusal refuses them all (the caller's savepoint
 * undoes what was written). Answers the new ids, in the order of `inputs`. `betweenSteps` (an
 * import's) gives the event loop back between its statements, so that a few hundred cars in a
 * dozen containers never hold it long.
 */
export async function createVehicles(actor: User, inputs: VehicleCreate[], trx: Knex, options: { betweenSteps?: () => Promise<void> } = {}): Promise<number[]> {
  const betweenSteps = options.betweenSteps ?? (async () => {});
  mayDo(actor, 'create');
  if (!inputs.length) return [];
  const companyIds = inputs.map((input) => companyOfNew(actor, input));
  if (canChooseCompany(actor.role)) for (const companyId of new Set(companyIds)) await assertCompanyExists(trx, companyId);
  const buyers = new Set<string>();
  const ports = new Set<string>();
  for (const [i, input] of inputs.entries()) {
    const buyer = `${companyIds[i]}:${input.buyerId ?? ''}`;
    const port = `${input.fromPortId ?? ''}:${input.toPortId ?? ''}`;
    if (!buyers.has(buyer)) await assertUserOfCompany(trx, 'buyerId', input.buyerId, companyIds[i], VEHICLE_BUYER_ROLES);
    if (!ports.has(port)) await assertPortsExist(trx, { fromPortId: input.fromPortId, toPortId: input.toPortId });
    buyers.add(buyer);
    ports.add(port);
  }
  const vins = inputs.map((input) => input.vin);
  if (new Set(vins).size !== vins.length) throw conflict(VIN_TAKEN);
  await assertVinsFree(trx, vins);
  const createdAt = new Date().toISOString();
  const rows = inputs.map((input, i) => {
    const { decoded } = input;
    const status = input.status ?? DEFAULT_VEHICLE_STATUS;
    return Vehicle.fromJson({
      vin: input.vin,
      make: canonicalMake(input.make ?? decoded.make),
      model: input.model ?? decoded.model,
      year: input.year ?? decoded.year,
      buyerId: input.buyerId ?? null,
      fromPortId: input.fromPortId ?? null,
      toPortId: input.toPortId ?? null,
      notes: input.notes ?? null,
      vehicleInfo: { ...decoded.vehicleInfo, ...input.vehicleInfo },
      status,
      statusRank: statusRank(status),
      companyId: companyIds[i],
      shipperId: actor.id,
      createdAt,
    });
  });
  await betweenSteps();
  const ids = await uniqueOr409(VIN_TAKEN, () => insertVehicles(trx, rows));
  await betweenSteps();
  await recordStatusChanges(
    trx,
    actor,
    rows.map((row, i) => ({ vehicleId: ids[i], companyId: row.companyId, fromStatus: null, toStatus: row.status, containerId: null })),
  );
  await betweenSteps();
  await recordEvents(
    trx,
    rows.map((row, i) => ({ actor, action: 'create', entity: 'vehicles', entityId: ids[i], companyId: row.companyId, changes: createdFields({ ...row.toJSON(), id: ids[i] }) })),
  );
  // In a container through the one assignment (its rule, its lock on the container), a container
  // at a time in id order (the order every writer takes them in). A container that has departed
  // moves the car on from `status` (a second change in its history, and in the counts, which may
  // take it from `status` before the line below adds it: the sum is what counts).
  const byContainer = new Map<number, number[]>();
  inputs.forEach((input, i) => {
    if (input.containerId) byContainer.set(input.containerId, [...(byContainer.get(input.containerId) ?? []), ids[i]]);
  });
  for (const containerId of [...byContainer.keys()].sort((a, b) => a - b)) {
    await betweenSteps();
    await assignVehicles(actor, { containerId, vehicleIds: byContainer.get(containerId)! }, trx);
  }
  await betweenSteps();
  await addToSearchIndex(trx, { ids });
  await keepRowCounts(trx, 'vehicles', { added: rows.map((row) => ({ companyId: row.companyId, status: row.status })) });
  return ids;
}

/** None of the VINs is taken (one query, however many). */
async function assertVinsFree(trx: Knex, vins: string[]) {
  if (await Vehicle.query(trx).whereIn('vin', vins).first().select('id')) throw conflict(VIN_TAKEN);
}

/**
 * Writes the rows (formatted as the model writes them: JSON columns) in one statement and answers
 * their ids in order. Plain knex: objection inserts several rows at once only on PostgreSQL. The
 * ids of several rows are read back by VIN: neither engine promises consecutive ids to a
 * multi-row insert (MySQL's interleaved auto-increment).
 */
async function insertVehicles(trx: Knex, rows: Vehicle[]): Promise<number[]> {
  const values = rows.map((row) => row.$toDatabaseJson());
  if (rows.length === 1) return [Number((await trx(Vehicle.tableName).insert(values[0]))[0])];
  await trx(Vehicle.tableName).insert(values);
  const found = await trx(Vehicle.tableName).whereIn('vin', rows.map((row) => row.vin)).select('id', 'vin');
  const idOf = new Map(found.map((row: { id: number; vin: string }) => [row.vin, Number(row.id)]));
  return rows.map((row) => idOf.get(row.vin)!);
}

/** What a status change answers: what a list row shows of it, not the whole detail. */
export type StatusChanged = { id: number; status: VehicleStatus; updatedAt: string | null };

/**
 * The one status change: from the row's menu, the bulk bar, an update carrying a status, a
 * container's milestone, or any later caller. The rows are read and changed under their locks
 * (taken in id order), so two changes at once record their history in the order they were made,
 * each from the status it replaced. The same status again changes nothing and records nothing. A
 * milestone names its container (`causedBy`, kept in the history) and moves a vehicle only forward
 * (`forwardOnly`): a car already further along keeps its status. Several vehicles go to one status
 * in a few statements whatever their number (a container of 40 in one milestone); a vehicle the
 * actor may not see is a 404 and changes nothing. Answers each vehicle as it now is, and the ids that moved.
 */
export async function setVehicleStatuses(
  actor: User,
  input: { ids: number[]; status: VehicleStatus; causedBy?: { containerId: number }; forwardOnly?: boolean },
  trx: Knex,
): Promise<{ vehicles: StatusChanged[]; movedIds: number[] }> {
  mayDo(actor, 'setStatus');
  const ids = [...new Set(input.ids)];
  if (!ids.length) return { vehicles: [], movedIds: [] };
  const current = await lockVisibleVehicles(trx, actor, ids, STATUS_COLUMNS);
  if (current.length !== ids.length) throw notFound('Vehicle not found');
  const moving = current.filter((v) => v.status !== input.status && (!input.forwardOnly || vehicleMovesForward(v.status, input.status)));
  const vehicles: StatusChanged[] = current.map((v) => ({ id: v.id, status: v.status, updatedAt: v.updatedAt }));
  if (!moving.length) return { vehicles, movedIds: [] };
  const movedIds = moving.map((v) => v.id);
  // Stamped here rather than by the model: the answer says when it was written.
  const updatedAt = new Date().toISOString();
  await trx('vehicles').whereIn('id', movedIds).update({ status: input.status, statusRank: statusRank(input.status), updatedAt });
  await recordStatusChanges(
    trx,
    actor,
    moving.map((v) => ({ vehicleId: v.id, companyId: v.companyId, fromStatus: v.status, toStatus: input.status, containerId: input.causedBy?.containerId ?? null })),
  );
  const sold = moving.filter((v) => v.buyerId !== null);
  await notifyVehicleStatusChanged(trx, { vehicleIds: sold.map((v) => v.id), fromStatuses: new Map(sold.map((v) => [v.id, v.status])), toStatus: input.status });
  await keepRowCounts(trx, 'vehicles', {
    removed: moving.map((v) => ({ companyId: v.companyId, status: v.status })),
    added: moving.map((v) => ({ companyId: v.companyId, status: input.status })),
  });
  const moved = new Set(movedIds);
  return { vehicles: vehicles.map((v) => (moved.has(v.id) ? { id: v.id, status: input.status, updatedAt } : v)), movedIds };
}

/** One vehicle's status change (setVehicleStatuses for one id); answers the row as it now is. */
export async function setVehicleStatus(
  actor: User,
  input: { id: number; status: VehicleStatus; causedBy?: { containerId: number }; forwardOnly?: boolean },
  trx: Knex,
): Promise<StatusChanged> {
  const { id, ...rest } = input;
  return (await setVehicleStatuses(actor, { ...rest, ids: [id] }, trx)).vehicles[0];
}

/**
 * Changes a vehicle's fields; a status among them goes through setVehicleStatus (its own
 * permission, its history); a containerId through assignVehicles or unassignVehicles (the one
 * assignment and its rules). Moving it to another company (super admin) leaves the old company's
 * container and buyer behind and takes its files along.
 */
export async function updateVehicle(actor: User, input: { id: number; changes: z.infer<typeof VehicleUpdateSchema> }, trx: Knex): Promise<void> {
  mayDo(actor, 'update');
  const { status, containerId, ...changes } = input.changes;
  // One spelling of a make, whoever typed it (the record of events then shows what is stored).
  if (changes.make !== undefined) changes.make = canonicalMake(changes.make) ?? undefined;
  // The changed fields as they were, for the record of events, read with the lock (the buyer too:
  // a move to another company leaves it behind).
  const vehicle = await lockVisible(trx, actor, input.id, [...Object.keys(changes), 'buyerId']);
  const movesCompany = changes.companyId !== undefined && changes.companyId !== vehicle.companyId;
  if (movesCompany && !canChooseCompany(actor.role)) throw forbidden('Only a super administrator can move a vehicle to another company');
  const companyId = changes.companyId ?? vehicle.companyId;
  if (movesCompany) {
    await assertCompanyExists(trx, companyId);
    changes.buyerId ??= null;
  }
  await checkReferences(trx, companyId, changes);
  if (changes.vin && changes.vin !== vehicle.vin) await assertVinFree(trx, changes.vin);

  const reindexed = changesSearchedText(changes);
  if (reindexed) await removeFromSearchIndex(trx, { ids: [vehicle.id] });
  const fields = Object.keys(changes);
  if (fields.length) {
    const before = vehicle.toJSON();
    // The model's form of the columns (its JSON ones as text), stamped as its $beforeUpdate stamps.
    const row = Vehicle.fromJson({ ...changes, updatedAt: new Date().toISOString() }, { patch: true }).$toDatabaseJson();
    await uniqueOr409(VIN_TAKEN, () => trx(Vehicle.tableName).where('id', vehicle.id).update(row));
    const recorded = diffChanges(before, changes, fields);
    if (recorded) await recordEvent(trx, { actor, action: 'update', entity: 'vehicles', entityId: vehicle.id, companyId, changes: recorded });
  }
  if (reindexed) await addToSearchIndex(trx, { ids: [vehicle.id] });
  // After the company changed (the container must be of the new one) and before the counter
  // rows, which are locked last.
  const nextContainerId = containerId !== undefined ? containerId : movesCompany ? null : vehicle.containerId;
  if (nextContainerId !== vehicle.containerId) await changeContainer(actor, { id: vehicle.id, from: vehicle.containerId, to: nextContainerId }, trx);
  if (movesCompany) {
    await moveRecordFiles(trx, { vehicleId: vehicle.id }, companyId);
    const counted = { status: vehicle.status };
    await keepRowCounts(trx, 'vehicles', { removed: [{ ...counted, companyId: vehicle.companyId }], added: [{ ...counted, companyId }] });
  }
  if (status !== undefined) await setVehicleStatus(actor, { id: vehicle.id, status }, trx);
}

/** One vehicle into a container or out of its own, by the containers' operations (their rules). */
function changeContainer(actor: User, move: { id: number; from: number | null; to: number | null }, trx: Knex) {
  if (move.to !== null) return assignVehicles(actor, { containerId: move.to, vehicleIds: [move.id] }, trx);
  return unassignVehicles(actor, { containerId: move.from!, vehicleIds: [move.id] }, trx);
}

/**
 * Deletes a vehicle the actor may see (its files and history follow by the foreign keys); answers
 * the S3 keys of its files, whose objects the caller removes after the commit (files/objects.ts).
 */
export async function deleteVehicle(actor: User, input: { id: number }, trx: Knex): Promise<string[]> {
  mayDo(actor, 'delete');
  const vehicle = await lockVisible(trx, actor, input.id);
  const storageKeys = await s3KeysOf(trx, (q) => q.where({ vehicleId: vehicle.id }));
  await removeFromSearchIndex(trx, { ids: [vehicle.id] });
  await Vehicle.query(trx).deleteById(vehicle.id);
  await recordEvent(trx, { actor, action: 'delete', entity: 'vehicles', entityId: vehicle.id, companyId: vehicle.companyId, changes: { vin: { from: vehicle.vin, to: null } } });
  await keepRowCounts(trx, 'vehicles', { removed: [{ companyId: vehicle.companyId, status: vehicle.status }] });
  return storageKeys;
}

/**
 * A checklist item checked (or unchecked): the newest document of that kind on the vehicle is marked
 * verified by the actor. A newer document of the kind, or a change of its kind, needs checking again.
 */
export async function verifyChecklistDocument(actor: User, input: { id: number; kind: ChecklistKind; verified: boolean }, trx: Knex): Promise<void> {
  mayDo(actor, 'verifyDocuments');
  const vehicle = await lockVisible(trx, actor, input.id);
  const newest = await VehicleFile.query(trx)
    .where({ vehicleId: vehicle.id, fileType: 'DOCUMENT', documentKind: input.kind })
    .orderBy('id', 'desc')
    .first()
    .select('id', 'verifiedAt', 'verifiedBy');
  if (!newest) throw conflict(`No ${input.kind} document has been received for this vehicle yet`);
  const verification = input.verified ? { verifiedAt: new Date().toISOString(), verifiedBy: actor.id } : { verifiedAt: null, verifiedBy: null };
  await VehicleFile.query(trx).patch(verification).findById(newest.id);
  const changes = diffChanges(newest.toJSON(), verification);
  if (changes) await recordEvent(trx, { actor, action: 'update', entity: 'files', entityId: newest.id, companyId: vehicle.companyId, changes });
}

/**
 * Keeps a damage analysis that succeeded on the vehicle (the AI route): its texts in both
 * languages, how many images it looked at, and when. Its event says when and from how many
 * images; the text is on the vehicle. A vehicle deleted meanwhile keeps nothing.
 */
export async function storeDamageAnalysis(
  actor: User,
  vehicle: Pick<Vehicle, 'id' | 'companyId' | 'lastAnalysisDate' | 'accidentAnalysisImageCount'>,
  analysis: { en: string; ar: string; imageCount: number; at: string },
  trx: Knex,
) {
  const patch = { accidentAnalysis: analysis.en, accidentAnalysisAr: analysis.ar, accidentAnalysisImageCount: analysis.imageCount, lastAnalysisDate: analysis.at };
  if (!(await Vehicle.query(trx).patch(patch).findById(vehicle.id))) return;
  await recordEvent(trx, {
    actor,
    action: 'update',
    entity: 'vehicles',
    entityId: vehicle.id,
    companyId: vehicle.companyId,
    changes: {
      lastAnalysisDate: { from: vehicle.lastAnalysisDate ?? null, to: analysis.at },
      accidentAnalysisImageCount: { from: vehicle.accidentAnalysisImageCount ?? null, to: analysis.imageCount },
    },
  });
}
