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

/*
 * Steps that can run again. MySQL/MariaDB commit every DDL statement at once (a migration's
 * transaction does not cover them), so a migration that stops halfway there leaves its first
 * steps done and is not recorded: the next start runs it again from the top. Each step below
 * checks what is there already, so a second run completes what the first began (SQLite rolls a
 * failed migration back whole; the checks cost nothing there).
 */

/** knex's name for an index on these columns (what t.index(columns) makes). */
export const indexName = (table: string, columns: string[], kind: 'index' | 'unique' = 'index') =>
  `${table}_${columns.join('_')}_${kind}`.toLowerCase().replace(/[-.]/g, '_');

export async function hasIndex(knex: Knex, table: string, name: string): Promise<boolean> {
  if (isMysql(knex)) {
    const [rows] = await knex.raw('select 1 from information_schema.statistics where table_schema = database() and table_name = ? and index_name = ? limit 1', [table, name]);
    return (rows as unknown[]).length > 0;
  }
  const rows: unknown[] = await knex.raw("select 1 from sqlite_master where type = 'index' and tbl_name = ? and name = ?", [table, name]);
  return rows.length > 0;
}

/** Adds the indexes on these column lists that the table does not have yet. */
export async function addIndexes(knex: Knex, table: string, indexes: string[][]): Promise<void> {
  for (const columns of indexes) {
    if (await hasIndex(knex, table, indexName(table, columns))) continue;
    await knex.schema.alterTable(table, (t) => t.index(columns));
  }
}

/** Drops the indexes on these column lists that the table still has. */
export async function dropIndexes(knex: Knex, table: string, indexes: string[][]): Promise<void> {
  for (const columns of indexes) {
    if (!(await hasIndex(knex, table, indexName(table, columns)))) continue;
    await knex.schema.alterTable(table, (t) => t.dropIndex(columns));
  }
}

/** Adds each column (name → how to make it) the table does not have yet. */
export async function addColumns(knex: Knex, table: string, columns: Record<string, (t: Knex.AlterTableBuilder) => void>): Promise<void> {
  for (const [name, add] of Object.entries(columns)) {
    if (await knex.schema.hasColumn(table, name)) continue;
    await knex.schema.alterTable(table, add);
  }
}

/**
 * Drops the columns the table still has, with ALTER TABLE … DROP COLUMN on both engines: knex
 * would rebuild a SQLite table to drop a column, and dropping the old table inside the
 * migration's transaction (where foreign keys cannot be switched off) would run the ON DELETE
 * CASCADE of every row that points at it.
 */
export async function dropColumns(knex: Knex, table: string, columns: string[]): Promise<void> {
  for (const column of columns) {
    if (await knex.schema.hasColumn(table, column)) await knex.raw('ALTER TABLE ?? DROP COLUMN ??', [table, column]);
  }
}

/**
 * Creates a table this migration introduces. A table of that name left by an earlier run of the
 * same migration that stopped halfway (its indexes may be missing) is dropped first when it is
 * empty, as it must be: the migration was never recorded, so no server has used it. One with
 * rows is not this migration's: it stops with a message rather than touch it.
 */
export async function createNewTable(knex: Knex, name: string, build: (t: Knex.CreateTableBuilder) => void): Promise<void> {
  if (await knex.schema.hasTable(name)) {
    const row = await knex(name).first();
    if (row) throw new Error(`Table ${name} exists already and holds rows: it was not made by an unfinished run of this migration; look at it before migrating again`);
    await knex.schema.dropTable(name);
  }
  await createTable(knex, name, build);
}

/**
 * Drops tables an unfinished run of this migration made, before it makes them again (children
 * first, so foreign keys never stop it). Each must be empty, as createNewTable says.
 */
export async function dropUnfinishedTables(knex: Knex, tablesChildrenFirst: string[]): Promise<void> {
  for (const name of tablesChildrenFirst) {
    if (!(await knex.schema.hasTable(name))) continue;
    if (await knex(name).first()) throw new Error(`Table ${name} exists already and holds rows: it was not made by an unfinished run of this migration; look at it before migrating again`);
    await knex.schema.dropTable(name);
  }
}

/**
 * Drops those of the named triggers that exist (earlier versions made them). On MySQL/MariaDB
 * with binary logging, even `DROP TRIGGER IF EXISTS` of a trigger that is not there needs SUPER
 * (or log_bin_trust_function_creators), so only the ones information_schema lists are named.
 */
export async function dropTriggersThatExist(knex: Knex, names: readonly string[]): Promise<void> {
  if (!isMysql(knex)) {
    for (const name of names) await knex.raw(`drop trigger if exists ${name}`);
    return;
  }
  const present: string[] = await knex('information_schema.TRIGGERS').whereRaw('TRIGGER_SCHEMA = DATABASE()').whereIn('TRIGGER_NAME', [...names]).pluck('TRIGGER_NAME');
  for (const name of present) await knex.raw(`drop trigger ${name}`);
}
