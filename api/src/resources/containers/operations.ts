import { s3KeysOf } from '../files/objects';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { uniqueOr409 } from '../../http/dbErrors';
import { can, canChooseCompany, type Action } from '../../domain/permissions';
import { CONTAINER_SHIPPER_ROLES } from '../../domain/roles';
import { assertCompanyExists } from '../companies/policy';
import { assertPortsExist } from '../ports/policy';
import { assertUserOfCompany } from '../users/policy';
import type { User } from '../users/model';
import { Vehicle } from '../vehicles/model';
import { setVehicleStatuses } from '../vehicles/operations';
import { refreshDocumentsDue } from '../vehicles/checklist';
import {
  CONTAINER_STATUSES, MILESTONE_DATE, MILESTONES, givesItsStatusToNewVehicles, vehicleStatusFor, type ContainerStatus,
} from '../../domain/containerStatuses';
import { moveRecordFiles } from '../files/store';
import { keepRowCounts } from '../rowCounts';
import { lockVisibleRows } from '../lockedRows';
import { companyScopeOf } from '../sqlScope';
import { selectRows } from '../../db';
import { Container } from './model';
import { recordEvent, recordEvents } from '../auditLog/record';
import { createdFields, diffChanges } from '../../domain/auditEvents';
import type { ContainerCreateSchema, ContainerUpdateSchema } from './schema';

/**
 * The container's business actions (docs/architecture.md, "Operations"): each takes the acting
 * user, its parsed input and the transaction it writes in (writeTransaction, which may run it
 * again from the start), checks the rules, writes through the models and keeps the counts.
 */

const NUMBER_TAKEN = 'Container number already exists';

function mayDo(actor: User, action: Action) {
  if (!can(actor.role, 'containers', action)) throw forbidden();
}

/**
 * The container `id` if the actor may see it (Container's scopedTo), with `columns`, its row locked
 * until the transaction ends (resources/lockedRows.ts), parsed as the model parses it.
 */
async function lockContainer(trx: Knex, actor: User, id: number, columns: readonly string[]): Promise<Container | undefined> {
  const [row] = await lockVisibleRows(trx, 'containers', { company: 'companyId' }, companyScopeOf(actor), [id], columns);
  return row && Container.fromDatabaseJson(row);
}

/** The container the actor may see, its row locked until the transaction ends (404 otherwise). */
async function lockVisible(trx: Knex, actor: User, id: number) {
  const container = await lockContainer(trx, actor, id, ['id', 'companyId', 'shipperId', 'number']);
  if (!container) throw notFound('Container not found');
  return container;
}

async function assertNumberFree(trx: Knex, number: string) {
  if (await Container.query(trx).findOne({ number }).select('id')) throw conflict(NUMBER_TAKEN);
}

/** SUPER_ADMIN picks the company and the shipper; everyone else gets their own. */
async function ownership(trx: Knex, actor: User, input: { companyId?: number; shipperId?: number }, current?: Container) {
  if (!canChooseCompany(actor.role)) {
    if ((input.companyId && input.companyId !== actor.companyId) || (input.shipperId && input.shipperId !== (current?.shipperId ?? actor.id))) {
      throw forbidden('Only a super administrator can choose the company and the shipper');
    }
    return { companyId: actor.companyId!, shipperId: current?.shipperId ?? actor.id };
  }
  const companyId = input.companyId ?? current?.companyId;
  if (!companyId) throw badRequest('Company is required', { companyId: 'is required' });
  const companyChanged = input.companyId !== undefined && input.companyId !== current?.companyId;
  const shipperId = input.shipperId ?? (companyChanged ? undefined : (current?.shipperId ?? undefined));
  if (!shipperId) throw badRequest('Shipper is required', { shipperId: 'is required' });
  await assertCompanyExists(trx, companyId);
  await assertUserOfCompany(trx, 'shipperId', shipperId, companyId, CONTAINER_SHIPPER_ROLES);
  return { companyId, shipperId };
}

/** A new container; returns its id. */
export async function createContainer(actor: User, input: z.infer<typeof ContainerCreateSchema>, trx: Knex): Promise<number> {
  mayDo(actor, 'create');
  const owner = await ownership(trx, actor, input);
  await assertPortsExist(trx, { fromPortId: input.fromPortId, toPortId: input.toPortId });
  await assertNumberFree(trx, input.number);
  const created = await uniqueOr409(NUMBER_TAKEN, () => Container.query(trx).insert({ ...input, ...owner }));
  await recordEvent(trx, { actor, action: 'create', entity: 'containers', entityId: created.id, companyId: owner.companyId, changes: createdFields(created.toJSON()) });
  await keepRowCounts(trx, 'containers', { added: [{ companyId: owner.companyId }] });
  return created.id;
}

/**
 * Changes a container's fields. Moved to another company (super admin), it leaves its old
 * company's vehicles behind and takes its own files along.
 */
export async function updateContainer(actor: User, input: { id: number; changes: z.infer<typeof ContainerUpdateSchema> }, trx: Knex): Promise<void> {
  mayDo(actor, 'update');
  const { changes } = input;
  const container = await lockVisible(trx, actor, input.id);
  const owner = await ownership(trx, actor, changes, container);
  await assertPortsExist(trx, { fromPortId: changes.fromPortId, toPortId: changes.toPortId });
  if (changes.number && changes.number !== container.number) await assertNumberFree(trx, changes.number);
  const patch = { ...changes, ...owner };
  const fields = Object.keys(patch);
  // The changed fields as they were, for the record of events (the row is locked already).
  const before = (await Container.query(trx).findById(container.id).select(fields.map((f) => `containers.${f}`)))!;
  await uniqueOr409(NUMBER_TAKEN, () => Container.query(trx).patch(patch).findById(container.id));
  const recorded = diffChanges(before.toJSON(), patch, fields);
  if (recorded) await recordEvent(trx, { actor, action: 'update', entity: 'containers', entityId: container.id, companyId: owner.companyId, changes: recorded });
  // The papers of its vehicles are due by the new loading date.
  if (changes.loadingDate !== undefined) await refreshDocumentsDue(trx, { containerId: container.id });
  if (owner.companyId !== container.companyId) {
    await unassignVehicles(actor, { containerId: container.id }, trx);
    await moveRecordFiles(trx, { containerId: container.id }, owner.companyId);
    await keepRowCounts(trx, 'containers', { removed: [{ companyId: container.companyId }], added: [{ companyId: owner.companyId }] });
  }
}

/**
 * Deletes a container: its vehicles are unassigned first, its files go with it; answers the S3 keys
 * of those files, whose objects the caller removes after the commit (files/objects.ts).
 */
export async function deleteContainer(actor: User, input: { id: number }, trx: Knex): Promise<string[]> {
  mayDo(actor, 'delete');
  const container = await lockVisible(trx, actor, input.id);
  const storageKeys = await s3KeysOf(trx, (q) => q.where({ containerId: container.id }));
  await unassignVehicles(actor, { containerId: container.id }, trx);
  await Container.query(trx).deleteById(container.id);
  await recordEvent(trx, { actor, action: 'delete', entity: 'containers', entityId: container.id, companyId: container.companyId, changes: { number: { from: container.number, to: null } } });
  await keepRowCounts(trx, 'containers', { removed: [{ companyId: container.companyId }] });
  return storageKeys;
}

/**
 * The one rule of an assignment (DESIGN.md §4): a vehicle may only join a container of its own
 * company. A container the actor may not see, or one of another company than a vehicle's, is a
 * 400 on the `containerId` the caller named (a vehicle's form, or a bulk assignment).
 */
const CONTAINER_NOT_FOUND = 'The container was not found in this company';
const OTHER_COMPANY = 'A vehicle was not found in the container\u2019s company';

/**
 * Puts vehicles in a container of the actor's, all of them of the container's company, whichever
 * container they were in. The one way a vehicle joins a container: a vehicle's create and update
 * naming a containerId call it for that one vehicle. Returns how many were assigned.
 */
export async function assignVehicles(actor: User, input: { containerId: number; vehicleIds: number[] }, trx: Knex): Promise<number> {
  mayDo(actor, 'update');
  const container = await lockContainer(trx, actor, input.containerId, ['id', 'companyId', 'status']);
  if (!container) throw badRequest(CONTAINER_NOT_FOUND, { containerId: 'must be a container of the same company' });
  const ids = [...new Set(input.vehicleIds)];
  // By id alone, the primary key: with the company in the condition too, SQLite read the vehicles
  // through a company index, every vehicle of the company for each assignment (an import into a
  // company of 10,000 cars slowed down row after row). The container is one the actor may change,
  // so a vehicle of the container's company is one the actor may see.
  const found = ids.length
    ? await selectRows<{ id: number; companyId: number; containerId: number | null }>(trx, `select id, companyId, containerId from vehicles where id in (${ids.map(() => '?').join(', ')})`, ids)
    : [];
  if (found.length !== ids.length || found.some((vehicle) => vehicle.companyId !== container.companyId)) {
    throw badRequest(OTHER_COMPANY, { containerId: 'must be a container of the vehicle\u2019s company', vehicleIds: 'must be vehicles of the same company' });
  }
  // Each vehicle's updatedAt records that it joined (as the model's update hook stamps it).
  const assigned = ids.length ? await trx('vehicles').whereIn('id', ids).update({ containerId: container.id, updatedAt: new Date().toISOString() }) : 0;
  await recordEvents(
    trx,
    found
      .filter((v) => v.containerId !== container.id)
      .map((v) => ({ actor, action: 'update', entity: 'vehicles', entityId: v.id, companyId: container.companyId, changes: { containerId: { from: v.containerId, to: container.id } } })),
  );
  // Their papers are now due by this container's loading date.
  await refreshDocumentsDue(trx, { vehicleIds: ids });
  // A car put in a container that has already sailed takes the container's status, forward only.
  if (givesItsStatusToNewVehicles(container.status)) await moveVehiclesWith(actor, { containerId: container.id, status: container.status, vehicleIds: ids }, trx);
  return assigned;
}

/**
 * Takes vehicles out of a container of the actor's: the ones named, or all of them (a vehicle's
 * update to no container calls it for that one vehicle). Returns how many left it.
 */
export async function unassignVehicles(actor: User, input: { containerId: number; vehicleIds?: number[] }, trx: Knex): Promise<number> {
  mayDo(actor, 'update');
  const container = await lockVisible(trx, actor, input.containerId);
  const leaving = () => {
    const query = trx('vehicles').where({ containerId: container.id });
    return input.vehicleIds ? query.whereIn('id', input.vehicleIds) : query;
  };
  // Which ones, for the record of events; a locking read, as the update below sees the rows.
  const left: { id: number; companyId: number }[] = await leaving().orderBy('id').forUpdate().select('id', 'companyId');
  if (!left.length) return 0;
  // Each vehicle's updatedAt records that it left the container (as the model's update hook
  // stamps it). Out of a container, no paper has a due date (vehicles/checklist.ts).
  const count = await leaving().update({ containerId: null, documentsDueAt: null, updatedAt: new Date().toISOString() });
  await recordEvents(
    trx,
    left.map((v) => ({ actor, action: 'update', entity: 'vehicles', entityId: v.id, companyId: v.companyId, changes: { containerId: { from: container.id, to: null } } })),
  );
  return count;
}

/**
 * Each vehicle of the container (or those named) to the status the container's milestone gives it,
 * through setVehicleStatuses (the one status path: its permission, its history naming the
 * container, its counts), forward only. Returns how many changed.
 */
async function moveVehiclesWith(actor: User, input: { containerId: number; status: ContainerStatus; vehicleIds?: number[] }, trx: Knex): Promise<number> {
  const target = vehicleStatusFor(input.status);
  if (!target) return 0;
  // A locking read (MariaDB): it sees the rows as last committed, so a car that a concurrent
  // change has just taken out of this container is not moved with it (a plain read would see the
  // transaction's older snapshot).
  const inside = Vehicle.query(trx).where('vehicles.containerId', input.containerId).orderBy('vehicles.id').forUpdate();
  if (input.vehicleIds) inside.whereIn('vehicles.id', input.vehicleIds);
  const ids = (await inside.select('vehicles.id')).map((v) => v.id);
  const { movedIds } = await setVehicleStatuses(actor, { ids, status: target, causedBy: { containerId: input.containerId }, forwardOnly: true }, trx);
  return movedIds.length;
}

/**
 * A container reaches a milestone (or is set back to an earlier one, correcting a mistake): its
 * status, the milestone's actual date (`at`, or now), and every vehicle in it moved forward to the
 * matching status. Going back clears the dates of the milestones it had not reached; its vehicles
 * keep their statuses (a milestone never moves a vehicle backwards).
 */
export async function setContainerStatus(actor: User, input: { id: number; status: ContainerStatus; at?: string | null }, trx: Knex): Promise<{ vehiclesUpdated: number }> {
  mayDo(actor, 'update');
  const container = await lockVisible(trx, actor, input.id);
  const reached = CONTAINER_STATUSES.indexOf(input.status);
  const dates: Partial<Record<(typeof MILESTONE_DATE)[keyof typeof MILESTONE_DATE], string | null>> = {};
  for (const milestone of MILESTONES) {
    if (CONTAINER_STATUSES.indexOf(milestone) > reached) dates[MILESTONE_DATE[milestone]] = null;
  }
  if (input.status !== 'BOOKED') dates[MILESTONE_DATE[input.status]] = input.at ?? new Date().toISOString();
  const patch = { status: input.status, ...dates };
  const before = (await Container.query(trx).findById(container.id).select(Object.keys(patch).map((f) => `containers.${f}`)))!;
  await Container.query(trx).patch(patch).findById(container.id);
  const recorded = diffChanges(before.toJSON(), patch);
  if (recorded) await recordEvent(trx, { actor, action: 'update', entity: 'containers', entityId: container.id, companyId: container.companyId, changes: recorded });
  return { vehiclesUpdated: await moveVehiclesWith(actor, { containerId: container.id, status: input.status }, trx) };
}
