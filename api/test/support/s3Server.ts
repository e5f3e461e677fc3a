import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Knex } from 'knex';
// @ts-expect-error s3rver ships no types: its constructor, run() and close() are all we use.
import S3rver from 's3rver';
import { portToListenOn } from '../../../test/support/ports';
import { parseStorageUrl } from '../../src/config';
import { createFileStorages, type FileStorages } from '../../src/services/storage';
import { FILES_PREFIX } from '../../src/services/storage/s3';

/** The storages the files suites run on: the database's chunks, and S3 (a local s3rver). */
export type StorageName = 'db' | 's3';
export const STORAGES: StorageName[] = ['db', 's3'];

export type S3Server = {
  /** The variables an app started with (STORAGE_URL and the AWS credentials) stores files in a bucket of its own here. */
  env: Record<string, string>;
  /** The storages of that bucket with the record of keys in flight in `db`, for tests that stage or read objects directly; closed by close(). */
  storagesOn(db: Knex): FileStorages;
  /** A client of the bucket of its own, for looking at (or writing) objects behind the storage's back. */
  client: S3Client;
  bucket: string;
  close(): Promise<void>;
};

/**
 * A local S3-compatible server (s3rver: files on disk, no other process) on a port of
 * TEST_PORT_RANGE, with a fresh bucket: what `STORAGE_URL=s3://…` tests run against. s3rver's
 * default credentials are S3RVER / S3RVER.
 */
export async function startS3Server(): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'vx-s3-'));
  const bucket = `files-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({ address: '127.0.0.1', port: await portToListenOn(), silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as { port: number };
  const env = {
    STORAGE_URL: `s3://${bucket}?endpoint=http://127.0.0.1:${port}&region=us-east-1&forcePathStyle=true`,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const settings = parseStorageUrl(env.STORAGE_URL, env);
  if (typeof settings === 'string') throw new Error(settings);
  const made: FileStorages[] = [];
  const client = new S3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  return {
    env,
    storagesOn(db) {
      const storages = createFileStorages(settings, { db });
      made.push(storages);
      return storages;
    },
    client,
    bucket,
    async close() {
      for (const storages of made) storages.close();
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** For describe blocks over STORAGES: an S3 server when the storage is s3, else nothing to start. */
export async function storageFor(storage: StorageName): Promise<{ env: Record<string, string>; s3: S3Server | null; close(): Promise<void> }> {
  if (storage === 'db') return { env: {}, s3: null, close: async () => undefined };
  const s3 = await startS3Server();
  return { env: s3.env, s3, close: () => s3.close() };
}

/** The keys of every object in the server's bucket under files/ (files/<key>/<variant>), listed by the test's own client. */
export async function objectKeys(s3: S3Server): Promise<string[]> {
  const keys: string[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: FILES_PREFIX, ContinuationToken }));
    for (const object of page.Contents ?? []) keys.push(object.Key!);
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return keys;
}

/** An object another install sharing the bucket wrote (files/<its key>/original): this database never recorded its key. */
export async function putForeignObject(s3: S3Server, storageKey: string): Promise<void> {
  await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${FILES_PREFIX}${storageKey}/original`, Body: Buffer.from('another install’s file') }));
}
