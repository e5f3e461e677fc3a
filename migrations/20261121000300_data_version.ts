import type { Knex } from 'knex';
import { createTable } from './helpers';

/**
 * One counter that every committed change to the data moves on (api/src/dataVersion.ts). A request
 * reads it with its session; responses kept in memory are valid only for the version they were
 * made at, so a change made through any process is seen by every process on its next request.
 */
export async function up(knex: Knex): Promise<void> {
  // A counter and nothing else: one left by an unfinished run (its row perhaps in) is made again.
  await knex.schema.dropTableIfExists('data_version');
  await createTable(knex, 'data_version', (t) => {
    t.integer('id').primary();
    t.bigInteger('version').notNullable().defaultTo(0);
  });
  await knex('data_version').insert({ id: 1, version: 0 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('data_version');
}
