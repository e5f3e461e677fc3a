import type { Knex } from 'knex';
import { addColumns, addIndexes, dropColumns, dropIndexes } from './helpers';

const INDEXES = [['storageKey'], ['storage', 'id']];

/**
 * Where each vehicle or container file's bytes are (issue 35): `storage` is `db` (file_chunks, as
 * every file stored before) or `s3`, and `storageKey` the random key of its objects there. Reads
 * follow the row, so files move between storages one by one (`npm run storage:migrate`), each
 * row updated as its copy completes. Indexed: the orphan sweep looks keys up, the migration walks
 * one storage's rows in id order. Each step checks what is done, so running it again completes it.
 */
export async function up(knex: Knex): Promise<void> {
  await addColumns(knex, 'vehicle_files', {
    storage: (t) => t.string('storage', 8).notNullable().defaultTo('db'),
    storageKey: (t) => t.string('storageKey', 64).nullable(),
  });
  await addIndexes(knex, 'vehicle_files', INDEXES);
}

export const downLoses = 'where the files kept in S3 storage are: move them back first (npm run storage:migrate -- --to db:)';

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, 'vehicle_files', INDEXES);
  await dropColumns(knex, 'vehicle_files', ['storage', 'storageKey']);
}
