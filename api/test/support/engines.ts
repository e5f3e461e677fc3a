import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { mysqlLogin } from '../../src/db';

/** The API suite runs on SQLite always, and again on MySQL/MariaDB when MYSQL_URL is set. */
export type EngineName = 'sqlite' | 'mysql';
export const ENGINES: EngineName[] = process.env.MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];

export type TestDatabase = { url: string; drop(): Promise<void> };

/** A fresh, empty database: a new SQLite file, or a MySQL database with a random name. */
export async function createTestDatabase(engine: EngineName): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'vx-test-'));
    return { url: `sqlite:${path.join(dir, 'test.sqlite')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const server = new URL(process.env.MYSQL_URL!);
  const name = `vx_test_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({
    client: 'mysql2',
    // MYSQL_URL may name the server's Unix socket (?socket=), as DATABASE_URL may.
    connection: mysqlLogin(server),
    pool: { min: 0, max: 1 },
  });
  await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.destroy();
    },
  };
}
