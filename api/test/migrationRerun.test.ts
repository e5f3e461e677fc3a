import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { closeDb, createDb, selectRows } from '../src/db';
import { MIGRATION_NAMES, migrationNamed } from '../../migrations/index';
import { ENGINES, createTestDatabase, type EngineName } from './support/engines';

/**
 * MySQL/MariaDB commit each DDL statement, so a migration that stops halfway leaves its first
 * steps done and unrecorded, and the next start runs it again from the top. These run every
 * migration again over its own finished work (the furthest a failed run can get), and over a few
 * real halfway states, and check the schema ends as a clean run leaves it.
 */

/** Migrations whose triggers another change takes out; they are not yet safe to run twice. */
const NOT_YET_RERUNNABLE = new Set(['20261125000200_vehicle_search', '20261126000200_company_row_counts']);

/** Tables, columns and indexes, comparable between two databases of one engine. */
async function schemaOf(db: Knex, engine: EngineName): Promise<unknown> {
  if (engine === 'sqlite') {
    return selectRows(db, "select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name", []);
  }
  const columns = await selectRows(
    db,
    'select table_name, column_name, column_type, is_nullable, column_default from information_schema.columns where table_schema = database() order by table_name, column_name',
    [],
  );
  const indexes = await selectRows(
    db,
    'select table_name, index_name, seq_in_index, column_name, non_unique from information_schema.statistics where table_schema = database() order by table_name, index_name, seq_in_index',
    [],
  );
  return { columns, indexes };
}

async function withDatabase(engine: EngineName, use: (db: Knex) => Promise<void>) {
  const database = await createTestDatabase(engine);
  const db = createDb(database.url);
  try {
    await use(db);
  } finally {
    await closeDb(db);
    await database.drop();
  }
}

async function cleanSchema(engine: EngineName) {
  let schema: unknown;
  await withDatabase(engine, async (db) => {
    await db.migrate.latest();
    schema = await schemaOf(db, engine);
  });
  return schema;
}

/** Applies the migrations before `name`, one at a time. */
async function migrateUpTo(db: Knex, name: string) {
  for (const before of MIGRATION_NAMES.slice(0, MIGRATION_NAMES.indexOf(name))) await db.migrate.up({ name: before });
}

describe.each(ENGINES)('migrations run again after stopping on %s', (engine) => {
  it('every migration completes over its own unrecorded work, ending in the clean schema', { timeout: 300_000 }, async () => {
    const clean = await cleanSchema(engine);
    await withDatabase(engine, async (db) => {
      for (const name of MIGRATION_NAMES) {
        // All its steps done, then stopped before knex recorded it: the next start runs it again.
        if (!NOT_YET_RERUNNABLE.has(name)) await migrationNamed(name)!.up(db);
        const [, done] = await db.migrate.up({ name });
        expect(done, name).toEqual([name]);
      }
      expect(await schemaOf(db, engine)).toEqual(clean);
    });
  });

  it('completes from halfway states: some tables, some columns, some indexes made', { timeout: 300_000 }, async () => {
    const clean = await cleanSchema(engine);
    await withDatabase(engine, async (db) => {
      // The first migration stopped after its first tables.
      await db.schema.createTable('companies', (t) => {
        t.increments('id');
        t.string('name', 200);
      });
      await db.migrate.up({ name: '20261121000000_initial_schema' });
      await migrateUpTo(db, '20261121000200_vehicle_status_recency');
      // The new status indexes made, the old ones not dropped yet.
      await db.schema.alterTable('vehicles', (t) => t.index(['companyId', 'status', 'createdAt']));
      await migrateUpTo(db, '20261124400100_company_invoice_profile');
      // Two of the company's invoice-profile columns added, and the logos table.
      await db.schema.alterTable('companies', (t) => {
        t.string('legalNameEn', 200).nullable();
      });
      await db.schema.alterTable('companies', (t) => {
        t.string('legalNameAr', 200).nullable();
      });
      await db.schema.createTable('company_logos', (t) => t.integer('companyId'));
      await migrateUpTo(db, '20261125000100_list_indexes');
      await db.schema.alterTable('vehicles', (t) => t.index(['companyId', 'make']));
      await migrateUpTo(db, '20261202000100_document_invoice_logo_storage');
      // The documents' storage columns and their index made, the invoices' first column only.
      await db.schema.alterTable('documents', (t) => {
        t.string('storage', 8).notNullable().defaultTo('db');
      });
      await db.schema.alterTable('documents', (t) => {
        t.string('storageKey', 64).nullable();
      });
      await db.schema.alterTable('documents', (t) => t.index(['storage', 'id']));
      await db.schema.alterTable('invoices', (t) => {
        t.string('storage', 8).notNullable().defaultTo('db');
      });
      await migrateUpTo(db, '20261202000200_storage_pending_keys');
      // The record of S3 keys in flight: its table made with its first column only, empty.
      await db.schema.createTable('storage_pending_keys', (t) => t.string('storageKey', 64));
      await db.migrate.latest();
      expect(await schemaOf(db, engine)).toEqual(clean);
    });
  });

  it('never drops a table that holds rows: a name clash stops the migration and says so', async () => {
    await withDatabase(engine, async (db) => {
      await migrateUpTo(db, '20261128000300_server_heartbeats');
      await db.schema.createTable('server_heartbeats', (t) => t.string('note'));
      await db('server_heartbeats').insert({ note: 'someone else’s' });
      await expect(db.migrate.latest()).rejects.toThrow(/Table server_heartbeats exists already and holds rows/);
      expect(await db('server_heartbeats').pluck('note')).toEqual(['someone else’s']);
    });
  });
});
