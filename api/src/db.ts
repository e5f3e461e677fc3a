import knexFactory, { type Knex } from 'knex';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { migrationSource } from '../../migrations/index';

export type Engine = 'sqlite' | 'mysql';

export function engineOf(databaseUrl: string): Engine {
  return databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'mysql';
}

/** knex settings for either engine, from DATABASE_URL (DESIGN.md §6). */
export function knexConfig(databaseUrl: string): Knex.Config {
  if (engineOf(databaseUrl) === 'sqlite') {
    const filename = path.resolve(databaseUrl.slice('sqlite:'.length));
    mkdirSync(path.dirname(filename), { recursive: true });
    return {
      client: 'better-sqlite3',
      connection: { filename },
      useNullAsDefault: true,
      pool: {
        // Every connection enforces foreign keys (off by default in SQLite) and uses WAL,
        // so readers never wait for the writer.
        afterCreate(conn: { pragma(sql: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
          conn.pragma('foreign_keys = ON');
          conn.pragma('journal_mode = WAL');
          conn.pragma('busy_timeout = 5000');
          conn.pragma('synchronous = NORMAL');
          done(null, conn);
        },
      },
      migrations: { migrationSource },
    };
  }
  const url = new URL(databaseUrl);
  return {
    client: 'mysql2',
    connection: {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: url.pathname.replace(/^\//, ''),
      charset: 'utf8mb4', // Arabic and every other script
      timezone: 'Z',
      dateStrings: true, // dates stay the UTC text we store, as on SQLite
      supportBigNumbers: true,
      bigNumberStrings: false,
    },
    pool: { min: 0, max: 10 },
    migrations: { migrationSource },
  };
}

export function createDb(databaseUrl: string): Knex {
  // Models get their knex per query (Model.query(db)), so several apps can share one process.
  return knexFactory(knexConfig(databaseUrl));
}

export async function migrateLatest(db: Knex): Promise<void> {
  await db.migrate.latest();
}

export async function isDatabaseUp(db: Knex): Promise<boolean> {
  try {
    await db.raw('select 1');
    return true;
  } catch {
    return false;
  }
}
