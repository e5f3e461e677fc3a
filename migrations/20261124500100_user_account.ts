import type { Knex } from 'knex';
import { addColumns, dropColumns } from './helpers';

const COLUMNS = ['mustChangePassword', 'language'];

/**
 * The account's own settings on the user row: `mustChangePassword` (set when an administrator
 * resets the password, or the first super admin got a generated one; the API then refuses
 * everything but the current user, the password change and sign-out) and `language`, the
 * console's language preference ('en' or 'ar'; null: the browser's).
 */
export async function up(knex: Knex): Promise<void> {
  await addColumns(knex, 'users', {
    mustChangePassword: (t) => t.boolean('mustChangePassword').notNullable().defaultTo(false),
    language: (t) => t.string('language', 2).nullable(),
  });
}

export const downLoses = "every user's language and whether they must change their password (a generated one would stay usable)";

/** ALTER TABLE … DROP COLUMN on both engines (helpers.ts, dropColumns): never a rebuild of `users`. */
export async function down(knex: Knex): Promise<void> {
  await dropColumns(knex, 'users', COLUMNS);
}
