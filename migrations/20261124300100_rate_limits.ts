import type { Knex } from 'knex';
import { createNewTable, createTable, timestamp } from './helpers';

/**
 * Sign-in and registration limits live in `rate_limits`, the table rate-limiter-flexible's
 * MySQL and SQLite stores read and write (`api/src/resources/auth/throttle.ts`): a key, the
 * points it consumed and when they expire (epoch ms). The stores insert without a column list,
 * so the columns keep this order. `login_attempts`, the old failure log, is no longer used.
 */
export async function up(knex: Knex): Promise<void> {
  await createNewTable(knex, 'rate_limits', (t) => {
    t.string('key', 255).primary();
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire').nullable().index();
  });
  await knex.schema.dropTableIfExists('login_attempts');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('login_attempts');
  await createTable(knex, 'login_attempts', (t) => {
    t.increments('id');
    t.string('username', 254).notNullable();
    t.string('ip', 64).nullable();
    timestamp(t, 'createdAt').notNullable();
    t.index(['username', 'createdAt']);
  });
  await knex.schema.dropTableIfExists('rate_limits');
}
