import type { Knex } from 'knex';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { can } from '../../domain/permissions';
import type { DocumentKind } from '../../domain/documentChecklist';
import type { User } from '../users/model';
import { Vehicle } from '../vehicles/model';
import { refreshDocumentsDue } from '../vehicles/checklist';
import { FILE_COLUMNS, VehicleFile } from './model';
import { ownerChange, type FileOwner } from './store';
import { s3KeysOf } from './objects';
import { recordEvent } from '../auditLog/record';

/**
 * The business actions on a stored file of a vehicle or container (docs/architecture.md,
 * "Operations"); storing an upload is store.ts (its slow steps run outside any transaction).
 * A vehicle's documents feed its checklist, so each change here keeps its due date
 * (vehicles/checklist.ts) in the same transaction.
 */

/** A stored vehicle document given another kind; its verification goes (the new kind is unchecked). */
export async function setDocumentKind(actor: User, input: { vehicleId: number; fileId: number; documentKind: DocumentKind }, trx: Knex) {
  if (!can(actor.role, 'files', 'update')) throw forbidden();
  const vehicle = await Vehicle.query(trx).modify('scopedTo', actor).findById(input.vehicleId).forUpdate().select('vehicles.id', 'vehicles.companyId');
  if (!vehicle) throw notFound('Vehicle not found');
  const file = await VehicleFile.query(trx).findOne({ id: input.fileId, vehicleId: vehicle.id }).select('id', 'fileType', 'documentKind');
  if (!file) throw notFound('File not found');
  if (file.fileType !== 'DOCUMENT') throw badRequest('Only a document has a kind', { documentKind: 'applies to documents only' });
  if (file.documentKind !== input.documentKind) {
    await VehicleFile.query(trx).patch({ documentKind: input.documentKind, verifiedAt: null, verifiedBy: null }).findById(file.id);
    await recordEvent(trx, {
      actor, action: 'update', entity: 'files', entityId: file.id, companyId: vehicle.companyId,
      changes: { documentKind: { from: file.documentKind, to: input.documentKind } },
    });
    await refreshDocumentsDue(trx, { vehicleIds: [vehicle.id] });
  }
  return VehicleFile.query(trx).findById(file.id).select(FILE_COLUMNS);
}

/**
 * Deletes a file of a record the route found the actor may change (a vehicle's documents: its due
 * date again); answers its S3 key, if any, whose objects the route removes after the commit.
 */
export async function deleteRecordFile(actor: User, input: { owner: FileOwner; fileId: number; companyId: number }, trx: Knex): Promise<string[]> {
  if (!can(actor.role, 'files', 'delete')) throw forbidden();
  const file = await VehicleFile.query(trx).where(input.owner).findById(input.fileId).select('id', 'fileName');
  if (!file) return [];
  const storageKeys = await s3KeysOf(trx, (q) => q.where(input.owner).where({ id: file.id }));
  await VehicleFile.query(trx).where(input.owner).deleteById(input.fileId);
  await recordEvent(trx, {
    actor, action: 'delete', entity: 'files', entityId: file.id, companyId: input.companyId,
    changes: { fileName: { from: file.fileName, to: null }, ...ownerChange(input.owner, 'from') },
  });
  if ('vehicleId' in input.owner) await refreshDocumentsDue(trx, { vehicleIds: [input.owner.vehicleId] });
  return storageKeys;
}
