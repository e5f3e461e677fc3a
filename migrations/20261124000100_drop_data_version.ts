import type { Knex } from 'knex';
import { createTable } from './helpers';

/**
 * The data version counter (20261121000300) is gone with the responses kept in memory: every
 * request reads the database afresh, so no write has to update one shared row before it commits.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('data_version');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('data_version');
  await createTable(knex, 'data_version', (t) => {
    t.integer('id').primary();
    t.bigInteger('version').notNullable().defaultTo(0);
  });
  await knex('data_version').insert({ id: 1, version: 0 });
}
