import type { Knex } from 'knex';
import { addColumns, dropColumns } from './helpers';

/**
 * The console's theme preference on the user row, beside `language` (issue 33): 'light', 'dark'
 * or 'system' (follows the operating system), 'system' for every existing and new user. The
 * column is added only when missing, so a run that stopped halfway on MariaDB completes.
 */
export async function up(knex: Knex): Promise<void> {
  await addColumns(knex, 'users', {
    theme: (t) => t.string('theme', 6).notNullable().defaultTo('system'),
  });
}

export const downLoses = "every user's theme preference (light, dark or system)";

/** ALTER TABLE … DROP COLUMN on both engines (helpers.ts, dropColumns): never a rebuild of `users`. */
export async function down(knex: Knex): Promise<void> {
  await dropColumns(knex, 'users', ['theme']);
}
