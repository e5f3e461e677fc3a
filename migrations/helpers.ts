import type { Knex } from 'knex';

// The dialect, not config.client: knex's config may name its client by a class rather than a string.
// Migrations keep this copy of their own (the app's is api/src/db/engine.ts), so they stay frozen.
export const isMysql = (knex: Knex) => (knex.client as { dialect?: string }).dialect === 'mysql';

/** A table that stores any script (Arabic) on MySQL/MariaDB: utf8mb4 and InnoDB for foreign keys. */
export function createTable(knex: Knex, name: string, build: (t: Knex.CreateTableBuilder) => void) {
  return knex.schema.createTable(name, (t) => {
    if (isMysql(knex)) {
      t.engine('InnoDB');
      t.charset('utf8mb4');
      t.collate('utf8mb4_unicode_ci');
    }
    build(t);
  });
}

/** MySQL's TEXT stops at 64 KB: long text (JSON, analyses, session data) is LONGTEXT there. */
export const longText = (t: Knex.CreateTableBuilder, name: string) => t.text(name, 'longtext');

/** Bytes without MySQL's 64 KB BLOB cap. */
export function longBinary(knex: Knex, t: Knex.CreateTableBuilder, name: string) {
  return isMysql(knex) ? t.specificType(name, 'longblob') : t.binary(name);
}

/** Dates are ISO 8601 UTC text on both engines (DESIGN.md §6: never mixed formats). */
export const timestamp = (t: Knex.CreateTableBuilder, name: string) => t.string(name, 30);
