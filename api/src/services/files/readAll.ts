import type { Knex } from 'knex';
import type { ChunkOwner, Variant } from './chunks';

/** A stored file whole in memory, for the small viewer copies sent to the vision model. */
export async function readAllChunks(db: Knex, owner: ChunkOwner, variant: Variant): Promise<Buffer> {
  const rows = await db('file_chunks').where({ ...owner, variant }).orderBy('seq').select('data');
  return Buffer.concat(rows.map((r) => Buffer.from(r.data)));
}

/** The viewer copy of an image, or its original when no viewer copy was made. */
export async function readImageForVision(db: Knex, vehicleFileId: number): Promise<Buffer> {
  const compressed = await readAllChunks(db, { vehicleFileId }, 'compressed');
  return compressed.length ? compressed : readAllChunks(db, { vehicleFileId }, 'original');
}
