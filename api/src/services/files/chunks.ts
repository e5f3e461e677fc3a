import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Knex } from 'knex';

/**
 * File bytes live in file_chunks, at most 1 MiB a row: MySQL's max_allowed_packet never limits a
 * file, and a download reads one chunk at a time, so memory does not grow with the file.
 */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Writes one chunk, then lets the event loop run. On SQLite an insert runs synchronously and the
 * next one would follow at once as a promise continuation: without the pause, the chunks of a
 * 12 MP photo (and its copies) held the event loop for about 100 ms, so no socket, timer or request
 * was served meanwhile (queries still wait for the transaction: SQLite has one connection).
 */
async function insertChunk(trx: Knex, row: Record<string, unknown>): Promise<void> {
  await trx('file_chunks').insert(row);
  await nextTurn();
}

export type ChunkOwner = { vehicleFileId: number } | { documentId: number } | { invoiceId: number };
export type Variant = 'original' | 'compressed' | 'thumbnail' | 'pdf';

export async function writeChunks(trx: Knex, owner: ChunkOwner, variant: Variant, bytes: Buffer): Promise<void> {
  for (let seq = 0, offset = 0; offset < bytes.length || seq === 0; seq++, offset += CHUNK_BYTES) {
    await insertChunk(trx, { ...owner, variant, seq, data: bytes.subarray(offset, offset + CHUNK_BYTES) });
  }
}

/** Writes a file from disk chunk by chunk, without holding it whole in memory. */
export async function writeChunksFromStream(trx: Knex, owner: ChunkOwner, variant: Variant, stream: AsyncIterable<Buffer>): Promise<number> {
  let seq = 0;
  let size = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async (all: boolean) => {
    while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const piece = joined.subarray(0, CHUNK_BYTES);
      await insertChunk(trx, { ...owner, variant, seq: seq++, data: piece });
      const rest = joined.subarray(piece.length);
      pending = rest.length ? [rest] : [];
      pendingBytes = rest.length;
    }
  };
  for await (const buffer of stream) {
    pending.push(buffer);
    pendingBytes += buffer.length;
    size += buffer.length;
    await flush(false);
  }
  await flush(true);
  if (seq === 0) await trx('file_chunks').insert({ ...owner, variant, seq: 0, data: Buffer.alloc(0) });
  return size;
}

export async function hasVariant(db: Knex, owner: ChunkOwner, variant: Variant): Promise<boolean> {
  return !!(await db('file_chunks').where({ ...owner, variant }).first('id'));
}

/** A stream of the stored bytes, fetched one chunk per read. */
export function readChunks(db: Knex, owner: ChunkOwner, variant: Variant): Readable {
  let seq = 0;
  return new Readable({
    async read() {
      try {
        const row = await db('file_chunks').where({ ...owner, variant, seq }).first('data');
        seq++;
        this.push(row ? Buffer.from(row.data) : null);
      } catch (err) {
        this.destroy(err as Error);
      }
    },
  });
}
