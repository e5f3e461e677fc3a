import type { Knex } from 'knex';
import { addColumns, addIndexes, dropColumns, dropIndexes } from './helpers';

/**
 * Each session row names its user, so that a request reads its session and its user in one query
 * (api/src/http/session.ts). Sessions written before this migration keep working: their user is
 * found from the session data instead, until the session is next saved (sign-in, renewal).
 */
export async function up(knex: Knex): Promise<void> {
  await addColumns(knex, 'sessions', { userId: (t) => t.integer('userId').unsigned().nullable() });
  await addIndexes(knex, 'sessions', [['userId']]);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, 'sessions', [['userId']]);
  await dropColumns(knex, 'sessions', ['userId']);
}
