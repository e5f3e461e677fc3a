import type { Knex } from 'knex';
import { createNewTable } from './helpers';

/**
 * Each running server keeps a row here, its `seenAt` (epoch ms) renewed every few seconds and the
 * row removed when it stops (api/src/db/heartbeat.ts): `npm run migrate -- rollback` refuses while a
 * recent one is there, so a schema is never taken from under a server that uses it.
 */
export async function up(knex: Knex): Promise<void> {
  await createNewTable(knex, 'server_heartbeats', (t) => {
    t.string('id', 64).primary();
    t.string('host', 255).notNullable();
    t.integer('pid').notNullable();
    t.string('version', 50).notNullable();
    t.bigInteger('startedAt').notNullable();
    t.bigInteger('seenAt').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('server_heartbeats');
}
