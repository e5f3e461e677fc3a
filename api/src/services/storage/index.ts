import type { Knex } from 'knex';
import { DomainError } from '../../domain/errors';
import { databaseStorage } from './database';
import { pendingKeysDb, type PendingKeysDb } from './pending';
import { createS3Storage, type S3Storage } from './s3';
import type { StorageSettings } from './settings';
import type { FileStorage, StoredFile } from './types';

export type { FileKind, FileStorage, FileVariant, StoredFile, StagedFile } from './types';
export { stageThenCommit, type Variants } from './staged';
export { describeStorage, type StorageSettings } from './settings';
export { recordPendingRemoval } from './pending';

/**
 * The storage new files go to (STORAGE_URL), and the one each stored file is read from: a row
 * says where its bytes are (`storage`), so files written before a change of STORAGE_URL, or not
 * yet moved by `npm run storage:migrate`, are still read from where they are.
 */
export type FileStorages = {
  current: FileStorage;
  /** The configured S3 storage, if any (the sweep's). */
  s3: S3Storage | null;
  of(file: StoredFile): FileStorage;
  /** Says that objects could not be removed (the sweep will): the app's logger. */
  onRemoveFailed(error: unknown, storageKeys: string[]): void;
  close(): void;
};

export type StorageOptions = {
  /** The database whose storage_pending_keys records S3's keys in flight (services/storage/pending.ts). */
  db: Knex;
  /** How a write of the storage's own reaches it: the app's writeTransaction; a plain transaction if not given. */
  write?: PendingKeysDb['write'];
  onRemoveFailed?: FileStorages['onRemoveFailed'];
};

export function createFileStorages(settings: StorageSettings, { db, write, onRemoveFailed = () => undefined }: StorageOptions): FileStorages {
  const s3 = settings.kind === 's3' ? createS3Storage(settings, pendingKeysDb(db, write)) : null;
  return {
    current: s3 ?? databaseStorage,
    s3,
    onRemoveFailed,
    of(file) {
      if (file.storage !== 's3') return databaseStorage;
      if (!s3) throw new DomainError('unavailable', 'service.unavailable', 'This file is kept in S3 storage, which STORAGE_URL does not name.');
      return s3;
    },
    close: () => s3?.close(),
  };
}
