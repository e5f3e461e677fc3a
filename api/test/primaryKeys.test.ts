import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb } from '../src/db';
import { ENGINES, type EngineName, type TestDatabase } from './support/engines';
import { createMigratedTestDatabase } from './support/migratedDatabase';

/**
 * Galera replicates a change row by row, finding the row on the other nodes by its primary key:
 * a table without one is slow to replicate and its DELETEs may not apply the same everywhere. So
 * every table of the schema (knex's own included) has a primary key.
 */
async function tablesWithoutPrimaryKey(db: Knex, engine: EngineName): Promise<string[]> {
  if (engine === 'mysql') {
    const [rows] = await db.raw(
      `select t.table_name as name from information_schema.tables t
        where t.table_schema = database() and t.table_type = 'BASE TABLE'
          and not exists (select 1 from information_schema.table_constraints c
                           where c.table_schema = t.table_schema and c.table_name = t.table_name and c.constraint_type = 'PRIMARY KEY')`,
    );
    return (rows as { name: string }[]).map((row) => row.name).sort();
  }
  // A virtual table (the full-text index, SQLite only) keeps its rows in tables of its own, checked here too.
  const tables: { name: string }[] = await db.raw("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and sql not like 'CREATE VIRTUAL TABLE%'");
  const missing: string[] = [];
  for (const { name } of tables) {
    const columns: { pk: number }[] = await db.raw(`pragma table_info("${name.replace(/"/g, '""')}")`);
    if (!columns.some((column) => column.pk > 0)) missing.push(name);
  }
  return missing.sort();
}

describe.each(ENGINES)('the schema on %s', (engine) => {
  let database: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    database = await createMigratedTestDatabase(engine);
    db = createDb(database.url);
  });
  afterAll(async () => {
    await closeDb(db);
    await database.drop();
  });

  it('gives every table a primary key', async () => {
    expect(await tablesWithoutPrimaryKey(db, engine)).toEqual([]);
  });
});
