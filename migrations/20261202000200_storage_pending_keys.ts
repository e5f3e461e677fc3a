import type { Knex } from 'knex';
import { createNewTable, timestamp } from './helpers';

/**
 * The S3 keys in flight (issue 35): a key is recorded here, committed on its own, before its
 * objects are written, and the record goes in the transaction that inserts the file's row; a
 * delete records the keys of the rows it takes in its own transaction, and the record goes once
 * the objects are removed after the commit. A record a day old is an upload or a removal that
 * never finished: the sweep (api/src/services/storage/sweep.ts) removes its objects, and only
 * those: it never lists the bucket. `kind` says which it was (`upload`, `removal`), for whoever
 * reads the table; `claimedBy` and `claimedUntil` are a sweeping process's hold on a record, as
 * mail_queue's are a sender's. Primary key: the key (every table has one, for Galera).
 * createNewTable drops an empty table an unfinished run left, so a run that stopped halfway on
 * MariaDB completes.
 */
export async function up(knex: Knex): Promise<void> {
  await createNewTable(knex, 'storage_pending_keys', (t) => {
    t.string('storageKey', 64).primary();
    t.string('kind', 8).notNullable();
    timestamp(t, 'createdAt').notNullable();
    t.string('claimedBy', 32).nullable();
    timestamp(t, 'claimedUntil').nullable();
    t.index(['createdAt']);
  });
}

export const downLoses = 'the record of S3 objects whose upload or removal did not finish (the sweep then never removes them)';

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('storage_pending_keys');
}
