import type { Knex } from 'knex';
import { hasVariant, readChunks, writeChunks, writeChunksFromStream } from '../files/chunks';
import type { FileStorage, FileVariant, VariantSource } from './types';

/**
 * The default storage: bytes in file_chunks (services/files/chunks.ts), written inside the row's
 * transaction, so a rolled-back upload leaves nothing, and deleted with the row (ON DELETE CASCADE).
 */
export const databaseStorage: FileStorage = {
  name: 'db',
  async stage(variants: Partial<Record<FileVariant, VariantSource>>) {
    return {
      columns: { storage: 'db', storageKey: null },
      async write(trx: Knex, fileId: number) {
        for (const [variant, source] of Object.entries(variants) as [FileVariant, VariantSource][]) {
          if (Buffer.isBuffer(source)) await writeChunks(trx, { vehicleFileId: fileId }, variant, source);
          else await writeChunksFromStream(trx, { vehicleFileId: fileId }, variant, source());
        }
      },
      async discard() {},
    };
  },
  has: (db, file, variant) => hasVariant(db, { vehicleFileId: file.id }, variant),
  open: (db, file, variant) => readChunks(db, { vehicleFileId: file.id }, variant),
  async remove() {},
};
