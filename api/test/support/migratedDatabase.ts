import { copyFileSync } from 'node:fs';
import { inject } from 'vitest';
import { createDb, closeDb, migrateLatest, parseMysqlUrl } from '../../src/db';
import { createTestDatabase, type EngineName, type TestDatabase } from './engines';
import { mysqlAdmin } from './templateDatabases';

/**
 * A fresh database with every migration applied, made as a copy of the run's template
 * (templateDatabases.ts) rather than by migrating again: the SQLite file copied, or the MySQL
 * tables and triggers made from the template's statements with its rows (the migration log)
 * copied. Without a template (outside the api project) it migrates.
 */
export async function createMigratedTestDatabase(engine: EngineName): Promise<TestDatabase> {
  const database = await createTestDatabase(engine);
  if (engine === 'sqlite') {
    const template = inject('sqliteTemplate');
    if (template) copyFileSync(template, database.url.slice('sqlite:'.length)); // engines.ts names the file so
    else await migrateOnce(database.url);
    return database;
  }
  const template = inject('mysqlTemplate');
  if (!template) {
    await migrateOnce(database.url);
    return database;
  }
  const url = parseMysqlUrl(database.url).url;
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/';
  const admin = mysqlAdmin(url);
  try {
    await admin.raw(`USE \`${name}\``);
    await admin.raw('SET FOREIGN_KEY_CHECKS = 0');
    for (const statement of template.statements) await admin.raw(statement);
    for (const table of template.tablesWithRows) await admin.raw(`INSERT INTO \`${table}\` SELECT * FROM \`${template.database}\`.\`${table}\``);
  } finally {
    await admin.destroy();
  }
  return database;
}

async function migrateOnce(url: string) {
  const db = createDb(url);
  try {
    await migrateLatest(db);
  } finally {
    await closeDb(db);
  }
}

