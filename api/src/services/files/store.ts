import { createReadStream } from 'node:fs';
import type { Knex } from 'knex';
import type { UploadedFile } from '../../http/uploads';
import { detectFile, type Accept, type DetectedFile } from './detect';
import { assertPixelBudget, processImage } from './images';
import { writeChunks, writeChunksFromStream } from './chunks';
import { safeFileName, withExtension } from './names';

export type FileOwner = { vehicleId: number } | { containerId: number };

export const FILE_COLUMNS = ['id', 'vehicleId', 'containerId', 'fileType', 'fileName', 'mimeType', 'fileSize', 'width', 'height', 'uploadedBy', 'createdAt'];

/**
 * Stores the files of one upload for a vehicle or a container. Every file's type is checked before
 * anything is written; images are processed outside any transaction (sharp takes a while and
 * SQLite has one writer); each file is written in its own short transaction, and if a later file
 * fails the earlier ones of this upload are removed, so a refused upload changes nothing.
 */
export async function storeRecordFiles(db: Knex, files: UploadedFile[], owner: FileOwner, companyId: number, userId: number, maxPixels: number) {
  const accept: Accept = { images: true, text: false };
  const detected: DetectedFile[] = [];
  for (const file of files) detected.push(await detectFile(file.path, accept));
  await assertPixelBudget(files.filter((_, i) => detected[i].kind === 'IMAGE').map((file) => file.path), maxPixels);

  const createdIds: number[] = [];
  try {
    for (const [i, file] of files.entries()) {
      const type = detected[i];
      const fileName = safeFileName(withExtension(safeFileName(file.name, type.extension), type.extension));
      const row = { ...owner, companyId, fileType: type.kind, fileName, mimeType: type.mimeType, uploadedBy: userId, createdAt: new Date().toISOString() };
      if (type.kind === 'IMAGE') {
        const image = await processImage(file.path, type.mimeType);
        const id = await db.transaction(async (trx) => {
          const [fileId] = await trx('vehicle_files').insert({ ...row, fileSize: image.original.length, width: image.width, height: image.height });
          const chunkOwner = { vehicleFileId: Number(fileId) };
          await writeChunks(trx, chunkOwner, 'original', image.original);
          await writeChunks(trx, chunkOwner, 'compressed', image.compressed);
          await writeChunks(trx, chunkOwner, 'thumbnail', image.thumbnail);
          return Number(fileId);
        });
        createdIds.push(id);
      } else {
        const id = await db.transaction(async (trx) => {
          const [fileId] = await trx('vehicle_files').insert({ ...row, fileSize: file.size });
          await writeChunksFromStream(trx, { vehicleFileId: Number(fileId) }, 'original', createReadStream(file.path));
          return Number(fileId);
        });
        createdIds.push(id);
      }
    }
  } catch (err) {
    if (createdIds.length) await db('vehicle_files').whereIn('id', createdIds).delete();
    throw err;
  }
  return db('vehicle_files').whereIn('id', createdIds).orderBy('id').select(FILE_COLUMNS);
}

/**
 * A file's company is its record's company, always: when a vehicle or container moves to another
 * company, its files move in the same transaction. (They once kept the old company, and deleting
 * that company then deleted the files of a car that no longer belonged to it.)
 */
export async function moveRecordFiles(trx: Knex, owner: FileOwner, companyId: number): Promise<void> {
  await trx('vehicle_files').where(owner).update({ companyId });
}
