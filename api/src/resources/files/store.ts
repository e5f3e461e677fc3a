import { createReadStream } from 'node:fs';
import type { Knex } from 'knex';
import type { UploadedFile } from '../../services/files/uploadedFile';
import { detectFile, type Accept, type DetectedFile } from '../../services/files/detect';
import { assertPixelBudget, processImage } from '../../services/files/images';
import { writeChunks, writeChunksFromStream } from '../../services/files/chunks';
import { safeFileName, withExtension } from '../../services/files/names';
import { FILE_COLUMNS, VehicleFile } from './model';
import { writeTransaction } from '../writeTransaction';
import { refreshDocumentsDue } from '../vehicles/checklist';
import { DEFAULT_DOCUMENT_KIND, type DocumentKind } from '../../domain/documentChecklist';
import { recordEvent, type AuditActor } from '../auditLog/record';
import type { Changes } from '../../domain/auditEvents';

export type FileOwner = { vehicleId: number } | { containerId: number };

/**
 * Stores the files of one upload for a vehicle or a container. Every file's type is checked before
 * anything is written; images are processed outside any transaction (sharp takes a while and
 * SQLite has one writer); each file is written in its own short transaction, and if a later file
 * fails the earlier ones of this upload are removed, so a refused upload changes nothing.
 */
export async function storeRecordFiles(
  db: Knex,
  files: UploadedFile[],
  owner: FileOwner,
  companyId: number,
  uploader: NonNullable<AuditActor>,
  maxPixels: number,
  documentKind: DocumentKind = DEFAULT_DOCUMENT_KIND,
) {
  const userId = uploader.id;
  /** Each stored file, in its record of events, in its own transaction. */
  const recordCreated = (trx: Knex, fileId: number, fileName: string) =>
    recordEvent(trx, { actor: uploader, action: 'create', entity: 'files', entityId: fileId, companyId, changes: { fileName: { from: null, to: fileName }, ...ownerChange(owner, 'to') } });
  const accept: Accept = { images: true, text: false };
  const detected: DetectedFile[] = [];
  for (const file of files) detected.push(await detectFile(file.path, accept));
  await assertPixelBudget(files.filter((_, i) => detected[i].kind === 'IMAGE').map((file) => file.path), maxPixels);

  const createdIds: number[] = [];
  // Each file commits on its own; the last one's transaction also marks the request's
  // Idempotency-Key as stored (writeTransaction's `create`), so a retry after that never stores
  // the files again, and a failure before it (which removes the earlier files) lets a retry run.
  try {
    for (const [i, file] of files.entries()) {
      const type = detected[i];
      const fileName = safeFileName(withExtension(safeFileName(file.name, type.extension), type.extension));
      // A vehicle's document has a kind (its checklist); images and a container's files have none.
      const kind = type.kind === 'DOCUMENT' && 'vehicleId' in owner ? documentKind : null;
      const row = { ...owner, companyId, fileType: type.kind, fileName, mimeType: type.mimeType, uploadedBy: userId, documentKind: kind };
      if (type.kind === 'IMAGE') {
        const image = await processImage(file.path, type.mimeType, userId);
        const id = await writeTransaction(db, async (trx) => {
          const { id: fileId } = await VehicleFile.query(trx).insert({ ...row, fileSize: image.original.length, width: image.width, height: image.height });
          const chunkOwner = { vehicleFileId: fileId };
          await writeChunks(trx, chunkOwner, 'original', image.original);
          await writeChunks(trx, chunkOwner, 'compressed', image.compressed);
          await writeChunks(trx, chunkOwner, 'thumbnail', image.thumbnail);
          await recordCreated(trx, fileId, fileName);
          return fileId;
        }, { create: i === files.length - 1 });
        createdIds.push(id);
      } else {
        const id = await writeTransaction(db, async (trx) => {
          const { id: fileId } = await VehicleFile.query(trx).insert({ ...row, fileSize: file.size });
          await writeChunksFromStream(trx, { vehicleFileId: fileId }, 'original', createReadStream(file.path));
          if (kind) await refreshDocumentsDue(trx, { vehicleIds: [(owner as { vehicleId: number }).vehicleId] });
          await recordCreated(trx, fileId, fileName);
          return fileId;
        }, { create: i === files.length - 1 });
        createdIds.push(id);
      }
    }
  } catch (err) {
    if (createdIds.length) {
      await writeTransaction(db, async (trx) => {
        await VehicleFile.query(trx).whereIn('id', createdIds).delete();
        for (const id of createdIds) await recordEvent(trx, { actor: uploader, action: 'delete', entity: 'files', entityId: id, companyId, changes: ownerChange(owner, 'from') });
        if ('vehicleId' in owner) await refreshDocumentsDue(trx, { vehicleIds: [owner.vehicleId] });
      });
    }
    throw err;
  }
  return VehicleFile.query(db).whereIn('id', createdIds).orderBy('id').select(FILE_COLUMNS);
}

/**
 * Whose file it is, in the events of its create (`to`) and delete (`from`): the vehicle or
 * container it joined or left.
 */
export function ownerChange(owner: FileOwner, side: 'from' | 'to'): Changes {
  const [field, id] = 'vehicleId' in owner ? ['vehicleId', owner.vehicleId] : ['containerId', owner.containerId];
  return { [field]: side === 'to' ? { from: null, to: id } : { from: id, to: null } };
}

/**
 * A file's company is its record's company, always: when a vehicle or container moves to another
 * company, its files move in the same transaction. (They once kept the old company, and deleting
 * that company then deleted the files of a car that no longer belonged to it.)
 */
export async function moveRecordFiles(trx: Knex, owner: FileOwner, companyId: number): Promise<void> {
  await VehicleFile.query(trx).where(owner).patch({ companyId });
}
