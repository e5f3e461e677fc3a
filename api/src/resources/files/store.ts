import { createReadStream } from 'node:fs';
import type { Knex } from 'knex';
import type { UploadedFile } from '../../services/files/uploadedFile';
import { detectFile, type Accept, type DetectedFile } from '../../services/files/detect';
import { assertPixelBudget, processImage } from '../../services/files/images';
import { stageThenCommit, type FileStorage, type StagedFile, type Variants } from '../../services/storage';
import { safeFileName, withExtension } from '../../services/files/names';
import { FILE_COLUMNS, VehicleFile } from './model';
import { s3KeysOf } from './objects';
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
  storage: FileStorage,
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
  /**
   * The bytes first (S3: the key recorded as in flight, then objects under it, outside any
   * transaction), then the row in its transaction (the database storage writes its chunks there;
   * S3's record goes there), services/storage/staged.ts. If that transaction fails, the staged
   * objects go: no row without its bytes, no bytes without their row. A process that stops
   * between the two leaves the record, and the periodic sweep removes its objects a day later.
   */
  const storeOne = async (variants: Variants, work: (trx: Knex, staged: StagedFile) => Promise<number>, create: boolean) => {
    createdIds.push(await stageThenCommit(storage, 'vehicleFile', [variants], ([staged]) => writeTransaction(db, (trx) => work(trx, staged), { createdBy: create ? uploader : undefined })));
  };
  // Each file commits on its own; the last one's transaction also marks the request's
  // Idempotency-Key as stored (writeTransaction's `createdBy`), so a retry after that never stores
  // the files again, and a failure before it (which removes the earlier files) lets a retry run.
  try {
    for (const [i, file] of files.entries()) {
      const type = detected[i];
      const fileName = safeFileName(withExtension(safeFileName(file.name, type.extension), type.extension));
      // A vehicle's document has a kind (its checklist); images and a container's files have none.
      const kind = type.kind === 'DOCUMENT' && 'vehicleId' in owner ? documentKind : null;
      const row = { ...owner, companyId, fileType: type.kind, fileName, mimeType: type.mimeType, uploadedBy: userId, documentKind: kind };
      const create = i === files.length - 1;
      if (type.kind === 'IMAGE') {
        const image = await processImage(file.path, type.mimeType, userId);
        await storeOne({ original: image.original, compressed: image.compressed, thumbnail: image.thumbnail }, async (trx, staged) => {
          const { id: fileId } = await VehicleFile.query(trx).insert({ ...row, ...staged.columns, fileSize: image.original.length, width: image.width, height: image.height });
          await staged.write(trx, fileId);
          await recordCreated(trx, fileId, fileName);
          return fileId;
        }, create);
      } else {
        await storeOne({ original: () => createReadStream(file.path) }, async (trx, staged) => {
          const { id: fileId } = await VehicleFile.query(trx).insert({ ...row, ...staged.columns, fileSize: file.size });
          await staged.write(trx, fileId);
          if (kind) await refreshDocumentsDue(trx, { vehicleIds: [(owner as { vehicleId: number }).vehicleId] });
          await recordCreated(trx, fileId, fileName);
          return fileId;
        }, create);
      }
    }
  } catch (err) {
    if (createdIds.length) {
      const createdKeys = await writeTransaction(db, async (trx) => {
        // Recorded as pending removal with the delete: the sweep's if the removal below fails.
        const keys = await s3KeysOf(trx, (q) => q.whereIn('id', createdIds));
        await VehicleFile.query(trx).whereIn('id', createdIds).delete();
        for (const id of createdIds) await recordEvent(trx, { actor: uploader, action: 'delete', entity: 'files', entityId: id, companyId, changes: ownerChange(owner, 'from') });
        if ('vehicleId' in owner) await refreshDocumentsDue(trx, { vehicleIds: [owner.vehicleId] });
        return keys;
      });
      await storage.remove(createdKeys).catch(() => undefined); // else the sweep's, a day later
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
