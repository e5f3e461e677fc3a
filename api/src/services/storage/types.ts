import type { Readable } from 'node:stream';
import type { Knex } from 'knex';

/** The stored versions of a vehicle's or container's file: an image has all three, a document (and every other kind of file) the original only. */
export type FileVariant = 'original' | 'compressed' | 'thumbnail';

export type StorageName = 'db' | 's3';

/**
 * Which rows a stored file's bytes belong to: a vehicle's or container's file (`vehicle_files`, the
 * default), a company document (`documents`), an invoice's PDF (`invoices`) or a company's logo
 * (`company_logos`, by companyId). S3 keeps them all alike; the database storage keeps each where it
 * always did (services/storage/kinds.ts).
 */
export type FileKind = 'vehicleFile' | 'document' | 'invoice' | 'logo';

/** What a row says about where its bytes are (`kind`: whose row it is, a vehicle file unless said). */
export type StoredFile = { id: number; storage: string; storageKey: string | null; kind?: FileKind };

/** The bytes of one variant to store: in memory (a processed image) or read from disk when needed (an upload). */
export type VariantSource = Buffer | (() => Readable);

/**
 * A file's bytes written before its row exists. The row's transaction calls `write` once the
 * row's id is known (the database storage writes its chunks there, inside the transaction; S3
 * deletes the key's record of an upload in flight there, services/storage/pending.ts, so a row
 * must never be committed without it); when that transaction fails, `discard` removes what
 * `stage` wrote outside it (S3's objects, then the record, and only while the record is there:
 * gone, the transaction committed after all, its answer lost).
 */
export interface StagedFile {
  /** The row's `storage` and `storageKey` columns. */
  columns: { storage: StorageName; storageKey: string | null };
  write(trx: Knex, fileId: number): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Where the bytes of stored files are kept (STORAGE_URL). Uploads and downloads
 * stream: no file is held whole in memory by a storage.
 */
export interface FileStorage {
  readonly name: StorageName;
  /** `kind`: whose row `write` is given the id of (a vehicle file unless said); a document, an invoice's PDF and a logo have the `original` only. */
  stage(variants: Partial<Record<FileVariant, VariantSource>>, kind?: FileKind): Promise<StagedFile>;
  has(db: Knex, file: StoredFile, variant: FileVariant): Promise<boolean>;
  /** A stream of the bytes, fetched as it is read (a missing variant fails the stream). */
  open(db: Knex, file: StoredFile, variant: FileVariant): Readable;
  /**
   * After the rows' transaction committed: the bytes of files whose rows are gone (the database's
   * went with them). That transaction recorded the keys (recordPendingRemoval, which s3KeysOf
   * and s3KeysOfRows do), so the sweep removes the objects if this fails or never runs; this removes the records.
   */
  remove(storageKeys: string[]): Promise<void>;
}
