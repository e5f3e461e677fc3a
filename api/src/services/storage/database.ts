import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Knex } from 'knex';
import { hasVariant, readChunks, writeChunks, writeChunksFromStream, type ChunkOwner, type Variant } from '../files/chunks';
import { kindOf } from './kinds';
import type { FileKind, FileStorage, FileVariant, StoredFile, VariantSource } from './types';

/** The file_chunks column that names a chunk's file, by kind (a logo has no chunks). */
const CHUNK_OWNER = { vehicleFile: 'vehicleFileId', document: 'documentId', invoice: 'invoiceId' } as const;
const chunkOwner = (kind: Exclude<FileKind, 'logo'>, id: number) => ({ [CHUNK_OWNER[kind]]: id }) as ChunkOwner;
/** An invoice's PDF has always been the chunks' variant `pdf`; the storages call it `original`. */
const chunkVariant = (kind: FileKind, variant: FileVariant): Variant => (kind === 'invoice' ? 'pdf' : variant);

/** A logo's bytes are its row's `data` (a PNG of at most 800 × 300); empty when the logo is in S3. */
const LOGOS = 'company_logos';
const NO_BYTES = Buffer.alloc(0);

/**
 * The default storage: bytes in file_chunks (services/files/chunks.ts), written inside the row's
 * transaction, so a rolled-back upload leaves nothing, and deleted with the row (ON DELETE CASCADE).
 * A company's logo stays in its own row (`company_logos.data`), written in the same way.
 */
export const databaseStorage: FileStorage = {
  name: 'db',
  async stage(variants: Partial<Record<FileVariant, VariantSource>>, kind: FileKind = 'vehicleFile') {
    return {
      columns: { storage: 'db', storageKey: null },
      async write(trx: Knex, fileId: number) {
        for (const [variant, source] of Object.entries(variants) as [FileVariant, VariantSource][]) {
          if (kind === 'logo') {
            await trx(LOGOS).where({ companyId: fileId }).update({ data: Buffer.isBuffer(source) ? source : await buffer(source()) });
          } else if (Buffer.isBuffer(source)) await writeChunks(trx, chunkOwner(kind, fileId), chunkVariant(kind, variant), source);
          else await writeChunksFromStream(trx, chunkOwner(kind, fileId), chunkVariant(kind, variant), source());
        }
      },
      async discard() {},
    };
  },
  async has(db, file, variant) {
    const kind = kindOf(file);
    if (kind !== 'logo') return hasVariant(db, chunkOwner(kind, file.id), chunkVariant(kind, variant));
    return variant === 'original' && !!(await db(LOGOS).where({ companyId: file.id, storage: 'db' }).first('companyId'));
  },
  open(db, file, variant) {
    const kind = kindOf(file);
    if (kind !== 'logo') return readChunks(db, chunkOwner(kind, file.id), chunkVariant(kind, variant));
    return Readable.from(
      (async function* () {
        const row = variant === 'original' ? await db(LOGOS).where({ companyId: file.id }).first('data') : undefined;
        if (!row) throw new Error('No such logo');
        yield Buffer.from(row.data);
      })(),
      { objectMode: false },
    );
  },
  async remove() {},
};

/**
 * Drops a file's bytes from the database, in the transaction that points its row elsewhere
 * (`npm run storage:migrate`): its chunks, or a logo's `data`.
 */
export async function dropDatabaseBytes(trx: Knex, file: StoredFile): Promise<void> {
  const kind = kindOf(file);
  if (kind === 'logo') await trx(LOGOS).where({ companyId: file.id }).update({ data: NO_BYTES });
  else await trx('file_chunks').where(chunkOwner(kind, file.id)).delete();
}
