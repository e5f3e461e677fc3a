import { buffer } from 'node:stream/consumers';
import type { Knex } from 'knex';
import type { FileStorages, StoredFile } from '../storage';

/**
 * The viewer copy of an image, or its original when no viewer copy was made, whole in memory: the
 * small copies sent to the vision model.
 */
export async function readImageForVision(db: Knex, storages: FileStorages, file: StoredFile): Promise<Buffer> {
  const storage = storages.of(file);
  const variant = (await storage.has(db, file, 'compressed')) ? 'compressed' : 'original';
  return buffer(storage.open(db, file, variant));
}
