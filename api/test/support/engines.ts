import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { mysqlLogin, mysqlUrlWithDatabase, parseMysqlUrl } from '../../src/db';

/**
 * The API suite runs on SQLite always, and again on MySQL/MariaDB when MYSQL_URL is set (which may
 * list several hosts of a Galera cluster: scripts/galera-test.sh). TEST_ENGINES=mysql runs the
 * MySQL half alone.
 */
export type EngineName = 'sqlite' | 'mysql';
const available: EngineName[] = process.env.MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];
const chosen = process.env.TEST_ENGINES?.split(',').map((name) => name.trim());
export const ENGINES: EngineName[] = chosen ? available.filter((engine) => chosen.includes(engine)) : available;

export type TestDatabase = { url: string; drop(): Promise<void> };

/** A fresh, empty database: a new SQLite file, or a MySQL database with a random name. */
export async function createTestDatabase(engine: EngineName): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'vx-test-'));
    return { url: `sqlite:${path.join(dir, 'test.sqlite')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  // Databases are made on the first host; a cluster replicates them to the others.
  const server = parseMysqlUrl(process.env.MYSQL_URL!).url;
  const name = `vx_test_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({
    client: 'mysql2',
    // MYSQL_URL may name the server's Unix socket (?socket=), as DATABASE_URL may.
    connection: mysqlLogin(server),
    pool: { min: 0, max: 1 },
  });
  await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  return {
    url: mysqlUrlWithDatabase(process.env.MYSQL_URL!, name),
    drop: async () => {
      await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.destroy();
    },
  };
}
