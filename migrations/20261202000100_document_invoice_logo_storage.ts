import type { Knex } from 'knex';
import { addColumns, addIndexes, dropColumns, dropIndexes } from './helpers';

/** Each table, and the column that is its rows' id (a logo's is its company's). */
const TABLES = { documents: 'id', invoices: 'id', company_logos: 'companyId' } as const;
const indexesOf = (id: string) => [['storage', id]];

/**
 * Where the bytes of company documents, invoices' PDFs and company logos are (issue 35, as
 * 20261201000300 did for vehicle_files): `storage` is `db` (file_chunks, or a logo's own `data`, as
 * every one stored before) or `s3`, and `storageKey` the random key of its objects there. Reads
 * follow the row, so they move one by one (`npm run storage:migrate`). Indexed for the migration,
 * which walks one storage's rows in id order; nothing looks a row up by its key (the S3 sweep
 * reads storage_pending_keys, 20261202000200), so `storageKey` has no index. Only columns and indexes,
 * each added when missing: a run that stopped halfway on MariaDB (which commits every ALTER) is
 * completed by running it again.
 */
export async function up(knex: Knex): Promise<void> {
  for (const [table, id] of Object.entries(TABLES)) {
    await addColumns(knex, table, {
      storage: (t) => t.string('storage', 8).notNullable().defaultTo('db'),
      storageKey: (t) => t.string('storageKey', 64).nullable(),
    });
    await addIndexes(knex, table, indexesOf(id));
  }
}

export const downLoses = 'where the company documents, invoice PDFs and logos kept in S3 storage are: move them back first (npm run storage:migrate -- --to db:)';

export async function down(knex: Knex): Promise<void> {
  for (const [table, id] of Object.entries(TABLES)) {
    await dropIndexes(knex, table, indexesOf(id));
    await dropColumns(knex, table, ['storage', 'storageKey']);
  }
}
