import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
// @ts-expect-error s3rver ships no types: its constructor, run() and close() are all we use.
import S3rver from 's3rver';
import { portToListenOn } from '../../../test/support/ports';
import { parseStorageUrl } from '../../src/config';
import { createFileStorages, type FileStorages } from '../../src/services/storage';

/** The storages the files suites run on: the database's chunks, and S3 (a local s3rver). */
export type StorageName = 'db' | 's3';
export const STORAGES: StorageName[] = ['db', 's3'];

export type S3Server = {
  /** The variables an app started with (STORAGE_URL and the AWS credentials) stores files in a bucket of its own here. */
  env: Record<string, string>;
  /** The storages of that bucket, for tests that look at objects directly; closed by close(). */
  storages: FileStorages;
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
  const storages = createFileStorages(settings);
  return {
    env,
    storages,
    async close() {
      storages.close();
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

/** The keys of every object in the server's bucket (files/<key>/<variant>). */
export async function objectKeys(s3: S3Server): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of s3.storages.s3!.list()) keys.push(object.key);
  return keys;
}
