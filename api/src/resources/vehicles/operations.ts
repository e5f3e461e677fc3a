import type { Knex } from 'knex';
import type { z } from 'zod';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { uniqueOr409 } from '../../http/dbErrors';
import { DEFAULT_VEHICLE_STATUS, type VehicleStatus } from '../../domain/statuses';
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
import { addToSearchIndex, changesSearchedText, removeFromSearchIndex } from './searchIndex';
import { recordStatusChange } from './statusEvents';
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

/** The vehicle the actor may see, its row locked until the transaction ends (404 otherwise). */
async function lockVisible(trx: Knex, actor: User, id: number) {
  const vehicle = await Vehicle.query(trx)
    .modify('scopedTo', actor)
    .findById(id)
    .forUpdate()
    .select('vehicles.id', 'vehicles.companyId', 'vehicles.containerId', 'vehicles.status', 'vehicles.vin', 'vehicles.updatedAt');
  if (!vehicle) throw notFound('Vehicle not found');
  return vehicle;
}

export type VehicleCreate = z.infer<typeof VehicleCreateSchema> & {
  /** What the VIN decoder found (read before the transaction: it may ask a web service). */
  decoded: Pick<VinDecode, 'make' | 'model' | 'year' | 'vehicleInfo'>;
};

/** A new vehicle of the actor's company (a super admin names one); returns its id. */
export async function createVehicle(actor: User, input: VehicleCreate, trx: Knex): Promise<number> {
  mayDo(actor, 'create');
  // Another company's id is refused, never silently replaced by one's own.
  const choosesCompany = canChooseCompany(actor.role);
  if (!choosesCompany && input.companyId !== undefined && input.companyId !== actor.companyId) {
    throw forbidden('Only a super administrator can choose the company');
  }
  const companyId = choosesCompany ? input.companyId : actor.companyId;
  if (!companyId) throw badRequest('Company is required', { companyId: 'is required' });
  if (choosesCompany) await assertCompanyExists(trx, companyId);
  await checkReferences(trx, companyId, input);
  await assertVinFree(trx, input.vin);
  const { decoded } = input;
  const status = input.status ?? DEFAULT_VEHICLE_STATUS;
  const created = await uniqueOr409(VIN_TAKEN, () =>
    Vehicle.query(trx).insert({
      vin: input.vin,
      make: input.make ?? decoded.make,
      model: input.model ?? decoded.model,
      year: input.year ?? decoded.year,
      buyerId: input.buyerId ?? null,
      fromPortId: input.fromPortId ?? null,
      toPortId: input.toPortId ?? null,
      notes: input.notes ?? null,
      vehicleInfo: { ...decoded.vehicleInfo, ...input.vehicleInfo },
      status,
      companyId,
      shipperId: actor.id,
    }),
  );
  // In a container through the one assignment (its rule, its lock on the container).
  if (input.containerId) await assignVehicles(actor, { containerId: input.containerId, vehicleIds: [created.id] }, trx);
  await recordStatusChange(trx, created.id, null, status, actor.id);
  await addToSearchIndex(trx, { ids: [created.id] });
  await keepRowCounts(trx, 'vehicles', { added: [{ companyId, status }] });
  return created.id;
}

/** What a status change answers: what a list row shows of it, not the whole detail. */
export type StatusChanged = { id: number; status: VehicleStatus; updatedAt: string | null };

/**
 * The one status change: from the row's menu, the bulk bar, an update carrying a status, or any
 * later caller. The row is read and changed under its lock, so two changes at once record their
 * history in the order they were made, each from the status it replaced. The same status again
 * changes nothing and records nothing.
 */
export async function setVehicleStatus(actor: User, input: { id: number; status: VehicleStatus }, trx: Knex): Promise<StatusChanged> {
  mayDo(actor, 'setStatus');
  const current = await lockVisible(trx, actor, input.id);
  if (input.status === current.status) return { id: current.id, status: current.status, updatedAt: current.updatedAt };
  const updatedAt = new Date().toISOString();
  // One constant SQL text (kept prepared), stamped here: the answer says when it was written.
  await trx.raw('update vehicles set status = ?, updatedAt = ? where id = ?', [input.status, updatedAt, current.id]);
  await recordStatusChange(trx, current.id, current.status, input.status, actor.id);
  await keepRowCounts(trx, 'vehicles', { removed: [{ companyId: current.companyId, status: current.status }], added: [{ companyId: current.companyId, status: input.status }] });
  return { id: current.id, status: input.status, updatedAt };
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
  const vehicle = await lockVisible(trx, actor, input.id);
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
  if (Object.keys(changes).length) await uniqueOr409(VIN_TAKEN, () => Vehicle.query(trx).patch(changes).findById(vehicle.id));
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

/** Deletes a vehicle the actor may see (its files and history follow by the foreign keys). */
export async function deleteVehicle(actor: User, input: { id: number }, trx: Knex): Promise<void> {
  mayDo(actor, 'delete');
  const vehicle = await lockVisible(trx, actor, input.id);
  await removeFromSearchIndex(trx, { ids: [vehicle.id] });
  await Vehicle.query(trx).deleteById(vehicle.id);
  await keepRowCounts(trx, 'vehicles', { removed: [{ companyId: vehicle.companyId, status: vehicle.status }] });
}
