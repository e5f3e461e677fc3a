import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { TestProject } from 'vitest/node';
import { closeDb, createDb, migrateLatest, mysqlLogin, mysqlUrlWithDatabase, parseMysqlUrl } from '../../src/db';

/** A migrated MySQL/MariaDB database to copy: the statements that make its tables and triggers, and the tables that hold rows. */
export type MysqlTemplate = { database: string; statements: string[]; tablesWithRows: string[] };

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file every test database starts as a copy of. */
    sqliteTemplate: string;
    mysqlTemplate: MysqlTemplate | null;
  }
}

export const mysqlAdmin = (server: URL): Knex =>
  // One connection: `USE` then holds for the statements after it.
  knexFactory({ client: 'mysql2', connection: mysqlLogin(server), pool: { min: 0, max: 1 } });

/** How to make a database like `database`: its tables (foreign keys off while they are made) and its triggers. */
async function schemaOf(admin: Knex, database: string): Promise<MysqlTemplate> {
  await admin.raw(`USE \`${database}\``);
  const [tables] = await admin.raw("SELECT table_name AS name, table_rows AS `rows` FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'", [database]);
  const statements: string[] = [];
  const tablesWithRows: string[] = [];
  for (const { name } of tables as { name: string }[]) {
    const [[created]] = await admin.raw(`SHOW CREATE TABLE \`${name}\``);
    statements.push(created['Create Table']);
    const [[{ n }]] = await admin.raw(`SELECT COUNT(*) AS n FROM \`${name}\``);
    if (Number(n) > 0) tablesWithRows.push(name);
  }
  const [triggers] = await admin.raw('SHOW TRIGGERS');
  for (const { Trigger } of triggers as { Trigger: string }[]) {
    const [[created]] = await admin.raw(`SHOW CREATE TRIGGER \`${Trigger}\``);
    // Without its DEFINER the trigger belongs to whoever makes the copy, as the migration's did.
    statements.push(String(created['SQL Original Statement']).replace(/DEFINER=`[^`]*`@`[^`]*`\s*/, ''));
  }
  return { database, statements, tablesWithRows };
}

/**
 * The api project's global setup: the migrations run once per test run, into a SQLite file and
 * (with MYSQL_URL) a MySQL/MariaDB database, and each test database starts as a copy of them
 * (engines.ts, createMigratedTestDatabase) instead of migrating again.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'vx-template-'));
  const sqliteFile = path.join(dir, 'template.sqlite');
  const sqlite = createDb(`sqlite:${sqliteFile}`);
  try {
    await migrateLatest(sqlite);
  } finally {
    await closeDb(sqlite);
  }
  project.provide('sqliteTemplate', sqliteFile);

  let dropMysql = async () => {};
  project.provide('mysqlTemplate', null);
  if (process.env.MYSQL_URL) {
    const server = parseMysqlUrl(process.env.MYSQL_URL).url;
    const database = `vx_test_template_${randomBytes(6).toString('hex')}`;
    const admin = mysqlAdmin(server);
    await admin.raw(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    dropMysql = async () => {
      await admin.raw(`DROP DATABASE IF EXISTS \`${database}\``);
      await admin.destroy();
    };
    try {
      const db = createDb(mysqlUrlWithDatabase(process.env.MYSQL_URL, database));
      try {
        await migrateLatest(db);
      } finally {
        await closeDb(db);
      }
      project.provide('mysqlTemplate', await schemaOf(admin, database));
    } catch (error) {
      await dropMysql();
      throw error;
    }
  }

  return async () => {
    await dropMysql();
    rmSync(dir, { recursive: true, force: true });
  };
}
