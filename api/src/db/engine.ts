import type { Knex } from 'knex';

export type Engine = 'sqlite' | 'mysql';

/** The engine a DATABASE_URL names: sqlite:<path>, else MySQL/MariaDB (mysql:// or mariadb://). */
export function engineOf(databaseUrl: string): Engine {
  return databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'mysql';
}

/**
 * Whether a knex speaks MySQL/MariaDB, read from its dialect (its config.client may be a class).
 * The app's own copy: migrations keep theirs in migrations/helpers.ts, so they stay frozen
 * whatever the app's code becomes.
 */
export const isMysql = (knex: Knex) => (knex.client as { dialect?: string }).dialect === 'mysql';
