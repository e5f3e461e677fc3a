import knexFactory, { type Knex } from 'knex';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { isMysql } from '../../migrations/helpers';
import { migrationSource } from '../../migrations/index';
import { MysqlClient } from './mysqlClient';
import { SqliteClient } from './sqliteClient';

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
      // Keeps prepared statements and checkpoints the write-ahead log off the event loop.
      client: SqliteClient as unknown as typeof Knex.Client,
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
          // SQLite's own default page cache (better-sqlite3 raises it to 16 MB). A transaction's
          // changed pages beyond it are written to the log as they come, not all at commit: storing
          // a 12 MP photo (about 15 MB) otherwise ended in one 20 to 40 ms write on the event loop.
          conn.pragma('cache_size = -2000');
          // Once checkpointed, the log file shrinks back to this size rather than keeping its peak.
          conn.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
          done(null, conn);
        },
      },
      migrations: { migrationSource },
    };
  }
  const url = new URL(databaseUrl);
  return {
    // Sends file bytes as they are, not as hex in the SQL text (see mysqlClient.ts).
    client: MysqlClient as unknown as typeof Knex.Client,
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

/**
 * Runs a constant SQL text written for both engines and answers its rows. For the few queries
 * every request runs: building a query through knex costs several times what SQLite needs to
 * answer it. knex.raw answers rows on SQLite and [rows, fields] on MySQL.
 */
export async function selectRows<Row>(db: Knex, sql: string, bindings: readonly Knex.Value[]): Promise<Row[]> {
  // A transaction reads on its own connection, through knex.
  if (db.client instanceof SqliteClient && !db.isTransaction) {
    const rows = db.client.readNow<Row>(sql, bindings);
    if (rows) return rows;
  }
  if (!isMysql(db)) return (await db.raw(sql, bindings)) as Row[];
  // As a prepared statement (mysqlClient.ts): the server parses the text once per connection.
  const [rows] = await db.raw(sql, bindings).options({ prepare: true });
  return rows;
}
