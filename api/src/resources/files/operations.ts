import type { Knex } from 'knex';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { can } from '../../domain/permissions';
import type { DocumentKind } from '../../domain/documentChecklist';
import type { User } from '../users/model';
import { Vehicle } from '../vehicles/model';
import { refreshDocumentsDue } from '../vehicles/checklist';
import { FILE_COLUMNS, VehicleFile } from './model';
import type { FileOwner } from './store';

/**
 * The business actions on a stored file of a vehicle or container (docs/architecture.md,
 * "Operations"); storing an upload is store.ts (its slow steps run outside any transaction).
 * A vehicle's documents feed its checklist, so each change here keeps its due date
 * (vehicles/checklist.ts) in the same transaction.
 */

/** A stored vehicle document given another kind; its verification goes (the new kind is unchecked). */
export async function setDocumentKind(actor: User, input: { vehicleId: number; fileId: number; documentKind: DocumentKind }, trx: Knex) {
  if (!can(actor.role, 'files', 'update')) throw forbidden();
  const vehicle = await Vehicle.query(trx).modify('scopedTo', actor).findById(input.vehicleId).forUpdate().select('vehicles.id');
  if (!vehicle) throw notFound('Vehicle not found');
  const file = await VehicleFile.query(trx).findOne({ id: input.fileId, vehicleId: vehicle.id }).select('id', 'fileType', 'documentKind');
  if (!file) throw notFound('File not found');
  if (file.fileType !== 'DOCUMENT') throw badRequest('Only a document has a kind', { documentKind: 'applies to documents only' });
  if (file.documentKind !== input.documentKind) {
    await VehicleFile.query(trx).patch({ documentKind: input.documentKind, verifiedAt: null, verifiedBy: null }).findById(file.id);
    await refreshDocumentsDue(trx, { vehicleIds: [vehicle.id] });
  }
  return VehicleFile.query(trx).findById(file.id).select(FILE_COLUMNS);
}

/** Deletes a file of a record the route found the actor may change (a vehicle's documents: its due date again). */
export async function deleteRecordFile(actor: User, input: { owner: FileOwner; fileId: number }, trx: Knex): Promise<void> {
  if (!can(actor.role, 'files', 'delete')) throw forbidden();
  await VehicleFile.query(trx).where(input.owner).deleteById(input.fileId);
  if ('vehicleId' in input.owner) await refreshDocumentsDue(trx, { vehicleIds: [input.owner.vehicleId] });
}
