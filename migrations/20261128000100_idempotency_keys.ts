import type { Knex } from 'knex';
import { createNewTable, longBinary, timestamp } from './helpers';

/**
 * `idempotency_keys`: the first answer to a create sent with an Idempotency-Key header, per user
 * and key (api/src/http/idempotency.ts), so a retry through any API process answers it again
 * instead of creating a duplicate. A table left by a run that failed halfway on MariaDB (where
 * DDL is not transactional; knex adds the foreign key and index by statements of their own) is
 * empty and made again (createNewTable).
 */
export async function up(knex: Knex): Promise<void> {
  await createNewTable(knex, 'idempotency_keys', (t) => {
    t.integer('userId').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    // Compared byte for byte on both engines (MariaDB's default collation would match abc with ABC).
    t.string('idempotencyKey', 200).notNullable().collate('utf8mb4_bin');
    // What was asked: method, path and a hash of the body; the same key with another request is refused.
    t.string('fingerprint', 64).notNullable();
    // 'running' while the first request is at work, 'committed' once its create's transaction
    // committed (with the id it made, resultId), then 'done' with its answer.
    t.string('state', 10).notNullable();
    t.integer('resultId').nullable();
    t.integer('status').nullable();
    t.text('headers').nullable();
    longBinary(knex, t, 'body').nullable();
    timestamp(t, 'createdAt').notNullable();
    t.primary(['userId', 'idempotencyKey']);
    t.index(['createdAt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('idempotency_keys');
}
