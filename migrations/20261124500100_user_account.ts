import type { Knex } from 'knex';

const COLUMNS = ['mustChangePassword', 'language'];

/**
 * The account's own settings on the user row: `mustChangePassword` (set when an administrator
 * resets the password, or the first super admin got a generated one; the API then refuses
 * everything but the current user, the password change and sign-out) and `language`, the
 * console's language preference ('en' or 'ar'; null: the browser's).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('mustChangePassword').notNullable().defaultTo(false);
    t.string('language', 2).nullable();
  });
}

/**
 * ALTER TABLE … DROP COLUMN on both engines, as in 20261124400100: knex would rebuild the SQLite
 * table to drop a column, and dropping the old `users` table inside the migration's transaction
 * would clear every buyer, shipper, author and session link that points at a user.
 */
export async function down(knex: Knex): Promise<void> {
  for (const column of COLUMNS) await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['users', column]);
}
