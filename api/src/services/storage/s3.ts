import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { clearPendingUpload, forgetPendingKeys, isPendingUpload, recordPendingUpload, type PendingKeysDb } from './pending';
import type { StorageSettings } from './settings';
import type { FileStorage, FileVariant, StagedFile, StoredFile, VariantSource } from './types';

type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

/** Every object of this console's files is under this prefix. */
export const FILES_PREFIX = 'files/';

/**
 * A file's objects are `files/<random key>/<variant>`: the key is a fresh UUID, never a name or an
 * id, so an object's address says nothing about the car or the company, and two uploads never meet.
 */
const objectKey = (storageKey: string, variant: FileVariant) => `${FILES_PREFIX}${storageKey}/${variant}`;
const VARIANTS: FileVariant[] = ['original', 'compressed', 'thumbnail'];

/** Parts of a multipart upload, and how many are in flight: an upload holds at most 10 MiB in memory. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;
/** DeleteObjects takes at most 1,000 keys a call. */
const DELETE_BATCH = 1000;

export type S3Storage = FileStorage & {
  readonly bucket: string;
  /** The record of keys in flight (pending.ts), which the sweep reads. */
  readonly pending: PendingKeysDb;
  /** Removes the objects of these keys and nothing else, leaving their records (the sweep's). */
  deleteFiles(storageKeys: string[]): Promise<void>;
  close(): void;
};

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

export function createS3Storage(settings: S3Settings, pending: PendingKeysDb): S3Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: MinIO, Ceph and older S3-compatible servers refuse
    // the newer default headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  const put = async (Key: string, source: VariantSource) => {
    const upload = new Upload({ client, params: { Bucket, Key, Body: Buffer.isBuffer(source) ? source : source() }, partSize: PART_BYTES, queueSize: PARTS_AT_ONCE });
    await upload.done();
  };

  const deleteObjects = async (keys: string[]) => {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    }
  };
  const removeFiles = (storageKeys: string[]) => deleteObjects(storageKeys.flatMap((key) => VARIANTS.map((variant) => objectKey(key, variant))));
  /** The objects, then their records: a failure between the two leaves a record, and the sweep tries again. */
  const removeRecorded = async (storageKeys: string[]) => {
    if (!storageKeys.length) return;
    await removeFiles(storageKeys);
    await forgetPendingKeys(pending, storageKeys);
  };

  return {
    name: 's3',
    bucket: Bucket,
    pending,
    async stage(variants): Promise<StagedFile> {
      const storageKey = randomUUID();
      // The key is recorded, and committed, before any object of it exists: whatever happens
      // next (a failure, the process stopping), the record is there until the row replaces it.
      await recordPendingUpload(pending, storageKey);
      try {
        // One after another: a file's variants together are what one upload may hold.
        for (const [variant, source] of Object.entries(variants) as [FileVariant, VariantSource][]) await put(objectKey(storageKey, variant), source);
      } catch (error) {
        await removeRecorded([storageKey]).catch(() => undefined); // else the sweep's, a day later
        throw error;
      }
      return {
        columns: { storage: 's3', storageKey },
        // In the row's transaction: the row replaces the record, atomically.
        write: (trx) => clearPendingUpload(trx, storageKey),
        // Only while the upload is still in flight: its record gone, the row's transaction
        // committed after all (an answer lost at COMMIT) and the row points at these objects. The
        // database unreachable: left as they are, to the sweep if no row came.
        async discard() {
          if (await isPendingUpload(pending, storageKey)) await removeRecorded([storageKey]);
        },
      };
    },
    async has(_db, file: StoredFile, variant) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(file.storageKey!, variant) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    open(_db, file: StoredFile, variant): Readable {
      // Returned at once (the ZIP appends a stream synchronously); the object is requested now and
      // flows as it is read, so the client's pace drives the transfer.
      const out = new PassThrough();
      client
        .send(new GetObjectCommand({ Bucket, Key: objectKey(file.storageKey!, variant) }))
        .then(({ Body }) => pipeline(Body as Readable, out))
        .catch((error: Error) => out.destroy(error));
      return out;
    },
    remove: removeRecorded,
    deleteFiles: removeFiles,
    close: () => client.destroy(),
  };
}
