import type { Knex } from 'knex';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeDb, createDb } from '../src/db';
import { SCHEMA_TABLES } from '../src/db';
import { ENGINES, createTestDatabase, type EngineName } from './support/engines';
import { ROOT } from './support/serverProcess';

const KNEX_TABLES = ['knex_migrations', 'knex_migrations_lock'];

async function tablesOf(db: Knex, engine: EngineName): Promise<string[]> {
  if (engine === 'sqlite') {
    const rows: { name: string }[] = await db.raw("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'");
    return rows.map((r) => r.name).sort();
  }
  const [rows] = await db.raw('select table_name as name from information_schema.tables where table_schema = database()');
  return (rows as { name: string }[]).map((r) => r.name).sort();
}

describe.each(ENGINES)('migrations on %s', (engine) => {
  it('migrates up, all the way down, and up again, ending with a working schema', async () => {
    const database = await createTestDatabase(engine);
    const db = createDb(database.url);
    try {
      expect(await tablesOf(db, engine)).toEqual([]);

      const [, applied] = await db.migrate.latest();
      expect(applied.length).toBeGreaterThan(0);
      expect(await tablesOf(db, engine)).toEqual(expect.arrayContaining([...SCHEMA_TABLES, ...KNEX_TABLES]));
      // The data version counter of kept answers is gone (20261124000100).
      expect(await tablesOf(db, engine)).not.toContain('data_version');
      // Running it again is a no-op.
      expect((await db.migrate.latest())[1]).toEqual([]);

      const [, rolledBack] = await db.migrate.rollback(undefined, true);
      expect([...rolledBack].sort()).toEqual([...applied].sort());
      expect(await tablesOf(db, engine)).toEqual(KNEX_TABLES);
      expect(await db.migrate.currentVersion()).toBe('none');

      const [, reapplied] = await db.migrate.latest();
      expect(reapplied).toEqual(applied);
      expect(await tablesOf(db, engine)).toEqual(expect.arrayContaining([...SCHEMA_TABLES, ...KNEX_TABLES]));

      // Arabic survives storage exactly, unique codes and foreign keys are enforced.
      const name = 'شركة الخليج للسيارات 🚗 — Gulf Motors';
      const [id] = await db('companies').insert({ name, code: 'GULF', active: true, createdAt: new Date().toISOString() });
      const row = await db('companies').where({ id: Number(id) }).first();
      expect(row.name).toBe(name);
      expect(Boolean(row.active)).toBe(true);
      await expect(db('companies').insert({ name: 'Again', code: 'GULF', active: true, createdAt: new Date().toISOString() })).rejects.toThrow();
      await expect(
        db('users').insert({ username: 'orphan@example.com', passwordHash: 'x', role: 'BUYER', companyId: 999999, active: true, pendingApproval: false, createdAt: new Date().toISOString() }),
      ).rejects.toThrow();

      if (engine === 'mysql') {
        // Every table is InnoDB (foreign keys, transactions) in utf8mb4 (Arabic, emoji).
        const [tables] = await db.raw('select table_name as name, engine, table_collation as collation from information_schema.tables where table_schema = database()');
        for (const table of tables as { name: string; engine: string; collation: string }[]) {
          if (KNEX_TABLES.includes(table.name)) continue;
          expect(table.engine, table.name).toBe('InnoDB');
          expect(table.collation, table.name).toMatch(/^utf8mb4/);
        }
      }
    } finally {
      await closeDb(db);
      await database.drop();
    }
  });
});

describe.each(ENGINES)('npm run migrate on %s', (engine) => {
  it('lists applied and pending migrations by name, and applies the pending ones', async () => {
    const database = await createTestDatabase(engine);
    const migrate = (command: string) =>
      spawnSync(process.execPath, [path.join(ROOT, 'scripts/apiEntry.mjs'), 'migrate', command], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: database.url },
        encoding: 'utf8',
      });
    try {
      const before = migrate('status');
      expect(before.status, before.stderr).toBe(0);
      expect(before.stdout).toMatch(/Applied: none\nPending: \n {2}20261121000000_initial_schema\n/);
      const latest = migrate('latest');
      expect(latest.stdout).toMatch(/Applied \(batch 1\):[\s\S]*20261124000100_drop_data_version/);
      const after = migrate('status');
      expect(after.stdout).toMatch(/Applied: \n {2}20261121000000_initial_schema[\s\S]*\nPending: none\n$/);
      const unknown = migrate('sideways');
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toMatch(/Unknown command sideways/);
    } finally {
      await database.drop();
    }
  });
});
