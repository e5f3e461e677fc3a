import type { Knex } from 'knex';
import { notFound } from '../../http/errors';
import { checklistOf, earliestMissingDue, type ChecklistItem } from '../../domain/documentChecklist';
import type { Viewer } from '../baseModel';
import { VehicleFile } from '../files/model';
import { Vehicle } from './model';

/**
 * A vehicle's document checklist (issue 30; the rules in domain/documentChecklist.ts), and the
 * earliest due date of the documents it misses, kept on the vehicle (`documentsDueAt`) by every
 * write that changes it: a document stored, deleted or given another kind, the vehicle joining a
 * container, its container's loading date changed (leaving one clears it: unassignVehicles).
 */

/** The checklist of a vehicle `viewer` may see (404 otherwise): a buyer reads its own vehicles'. */
export async function checklistFor(db: Knex, viewer: Viewer, vehicleId: number): Promise<ChecklistItem[]> {
  const vehicle = await Vehicle.query(db).modify('scopedTo', viewer).leftJoinRelated('container').findById(vehicleId).select('vehicles.id', 'container.loadingDate');
  if (!vehicle) throw notFound('Vehicle not found');
  const documents = await VehicleFile.query(db).where({ vehicleId, fileType: 'DOCUMENT' }).select('id', 'documentKind', 'verifiedAt');
  return checklistOf(documents, (vehicle as Vehicle & { loadingDate: string | null }).loadingDate);
}

/**
 * Sets `documentsDueAt` again on the vehicles named, or on every vehicle of a container. Writes only
 * those whose value changes (their updatedAt records it).
 */
export async function refreshDocumentsDue(trx: Knex, which: { vehicleIds: number[] } | { containerId: number }): Promise<void> {
  // knex, not objection's builders: every assignment to a container runs this.
  const query = trx('vehicles').leftJoin('containers', 'containers.id', 'vehicles.containerId').select('vehicles.id', 'vehicles.documentsDueAt', 'containers.loadingDate');
  if ('containerId' in which) query.where('vehicles.containerId', which.containerId);
  else if (which.vehicleIds.length) query.whereIn('vehicles.id', which.vehicleIds);
  else return;
  const vehicles: { id: number; documentsDueAt: string | null; loadingDate: string | null }[] = await query;
  if (!vehicles.length) return;
  const ids = vehicles.map((v) => v.id);
  const documents: Pick<VehicleFile, 'vehicleId' | 'documentKind'>[] = await trx('vehicle_files').whereIn('vehicleId', ids).where({ fileType: 'DOCUMENT' }).select('vehicleId', 'documentKind');
  const kindsOf = new Map<number | null, ChecklistKindOrNull[]>();
  for (const d of documents) kindsOf.set(d.vehicleId, [...(kindsOf.get(d.vehicleId) ?? []), d.documentKind]);
  // One UPDATE per due date rather than per vehicle: the cars a container (or an import) takes
  // in mostly share theirs.
  const byDue = new Map<string | null, number[]>();
  for (const vehicle of vehicles) {
    const due = earliestMissingDue(kindsOf.get(vehicle.id) ?? [], vehicle.loadingDate);
    if (due !== vehicle.documentsDueAt) byDue.set(due, [...(byDue.get(due) ?? []), vehicle.id]);
  }
  // updatedAt stamped as the model's update hook stamps it.
  const updatedAt = new Date().toISOString();
  for (const [due, dueIds] of byDue) await trx('vehicles').whereIn('id', dueIds).update({ documentsDueAt: due, updatedAt });
}
type ChecklistKindOrNull = VehicleFile['documentKind'];
