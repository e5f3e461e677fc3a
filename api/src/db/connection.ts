import knexFactory, { type Knex } from 'knex';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { migrationSource } from '../../../migrations/index';
import { engineOf, isMysql } from './engine';
import { isNodeNotReady, MysqlHostList, watchSocket } from './mysqlFailover';
import { mysqlSocketWithDeadline } from './mysqlDeadline';
import { mysqlSelect, PREPARED_PER_CONNECTION } from './mysqlDirect';
import { announceQuery } from './queryEvents';
import { parseMysqlUrl } from './mysqlHosts';
import { startCheckpointer, type Checkpointer } from './sqlite/checkpointer';
import { SqliteConnections } from './sqlite/connectionPool';
import { directWriterClient } from './sqlite/directWriterClient';
import { LoopReader } from './sqlite/loopReader';
import { ReaderPool } from './sqlite/readerPool';

type SqliteConnection = { pragma(sql: string): unknown };

/**
 * How long the database may keep us waiting (DB_CONNECT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS): a
 * frozen database or network then ends in a 503 instead of a hung request. connectTimeoutMs bounds
 * opening a connection and waiting for a free one from the pool (on SQLite: for the writer, or
 * for a free reader thread); queryTimeoutMs the silence after a query was sent (MySQL/MariaDB; 0
 * turns it off, for migrations that may run long).
 */
export type DatabaseDeadlines = { connectTimeoutMs: number; queryTimeoutMs: number };
export const DEFAULT_DEADLINES: DatabaseDeadlines = { connectTimeoutMs: 5_000, queryTimeoutMs: 15_000 };

/**
 * The deadlines, and on SQLite how many reader threads run plain reads (SQLITE_READERS; 0: none)
 * and below how many milliseconds a read stays on the event loop (sqlite/connectionPool.ts).
 */
export type DatabaseSettings = DatabaseDeadlines & { sqliteReaders?: number; sqliteShortReadMs?: number };
export const DEFAULT_SQLITE_READERS = 2;
/** About the cost of the trip to a reader and back on a busy machine; a fiftieth of the 100 ms p99 aim. */
export const DEFAULT_SQLITE_SHORT_READ_MS = 2;

/**
 * How long a SQLite statement waits for another process's write lock. better-sqlite3 waits on the
 * event loop, so this is short: beyond it SQLITE_BUSY answers 503 rather than stalling everyone.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 1_000;

/**
 * Settings of every SQLite connection, the writer's and the readers': foreign keys (off by default
 * in SQLite), WAL so readers never wait for the writer, and checkpoints left to a worker thread
 * while it runs (sqlite/checkpointer.ts).
 */
export function sqlitePragmas(checkpointsInWorker: boolean): string[] {
  return [
    'foreign_keys = ON',
    'journal_mode = WAL',
    `busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`,
    'synchronous = NORMAL',
    // SQLite's own default page cache (better-sqlite3 raises it to 16 MB). A transaction's
    // changed pages beyond it are written to the log as they come, not all at commit: storing
    // a 12 MP photo (about 15 MB) otherwise ended in one 20 to 40 ms write on the event loop.
    'cache_size = -2000',
    // Once checkpointed, the log file shrinks back to this size rather than keeping its peak.
    `journal_size_limit = ${64 * 1024 * 1024}`,
    // 0: the worker checkpoints; 1000 pages is SQLite's own default, for when it cannot.
    `wal_autocheckpoint = ${checkpointsInWorker ? 0 : 1000}`,
  ];
}

/**
 * knex settings for either engine, from DATABASE_URL (DESIGN.md §6). On SQLite this is one plain
 * connection, for knex's command-line tool (knexfile.ts); the app's SQLite is createDb's.
 */
export function knexConfig(databaseUrl: string, deadlines: DatabaseDeadlines = DEFAULT_DEADLINES): Knex.Config {
  // Waiting for a free connection ends in knex's KnexTimeoutError (503) rather than a queue forever.
  const acquireConnectionTimeout = deadlines.connectTimeoutMs;
  if (engineOf(databaseUrl) === 'sqlite') {
    const afterCreate = (conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) => {
      for (const pragma of sqlitePragmas(false)) conn.pragma(pragma);
      done(null, conn);
    };
    return {
      client: 'better-sqlite3',
      connection: { filename: sqliteFilename(databaseUrl) },
      useNullAsDefault: true,
      pool: { afterCreate },
      acquireConnectionTimeout,
      migrations: { migrationSource },
    };
  }
  const { url, hosts } = parseMysqlUrl(databaseUrl);
  const connection = {
    ...mysqlLogin(url),
    database: url.pathname.replace(/^\//, ''),
    charset: 'utf8mb4', // Arabic and every other script
    timezone: 'Z',
    dateStrings: true, // dates stay the UTC text we store, as on SQLite
    supportBigNumbers: true,
    bigNumberStrings: false,
    maxPreparedStatements: PREPARED_PER_CONNECTION,
    connectTimeout: deadlines.connectTimeoutMs,
    ...(deadlines.queryTimeoutMs > 0 ? { stream: mysqlSocketWithDeadline(deadlines.queryTimeoutMs) } : {}),
  };
  const common = { client: 'mysql2', acquireConnectionTimeout, migrations: { migrationSource } };
  // Connections broken by a deadline fail knex's validation and are destroyed, never lent again.
  if (hosts.length === 1) return { ...common, connection, pool: { min: 0, max: 10 } };
  const hostList = new MysqlHostList(hosts, deadlines.connectTimeoutMs);
  const config = { ...common, ...clusterConnections(connection, hostList, deadlines.queryTimeoutMs) };
  clusterHostLists.set(config, hostList);
  return config;
}

type MysqlConnection = {
  config: { host: string; port: number };
  query(sql: string, done: (error: Error | null, rows?: { Value: string }[]) => void): void;
  destroy(): void;
};

/**
 * knex's connection and pool settings for a DATABASE_URL that lists several servers (a Galera
 * cluster, mysqlFailover.ts). knex takes the connection settings from an async function (its
 * documented `connection` provider) and asks again once their expirationChecker says so: here,
 * once the host in use was marked down. A connection that cannot be made is tried again (tarn's
 * propagateCreateError off) within the wait for a connection, so the request that meets a node
 * gone away waits for the next node instead of failing; only when no host answers within
 * DB_CONNECT_TIMEOUT_MS does it end in a 503. A new connection to a node that is not ready for
 * clients (wsrep_ready OFF) is closed and its host passed over.
 */
function clusterConnections(base: Knex.MySql2ConnectionConfig, hosts: MysqlHostList, queryTimeoutMs: number): Pick<Knex.Config, 'connection' | 'pool'> {
  const socketFor = mysqlSocketWithDeadline(queryTimeoutMs);
  const afterCreate = (conn: MysqlConnection, done: (error: Error | null, conn: unknown) => void) => {
    const host = { host: conn.config.host, port: conn.config.port };
    const refuse = (error: Error) => {
      hosts.markDown(host);
      conn.destroy();
      done(error, conn);
    };
    // wsrep_on is OFF (or unknown, on MySQL) on a server outside a Galera cluster: ready then.
    conn.query("SHOW VARIABLES LIKE 'wsrep_on'", (error, on) => {
      if (error) return refuse(error);
      if (on?.[0]?.Value !== 'ON') return done(null, conn);
      conn.query("SHOW STATUS LIKE 'wsrep_ready'", (error, ready) => {
        if (error) return refuse(error);
        if (ready?.[0]?.Value !== 'ON') return refuse(new Error(`${host.host}:${host.port} is not ready for clients (wsrep_ready ${ready?.[0]?.Value})`));
        done(null, conn);
      });
    });
  };
  return {
    connection: async () => {
      const host = await hosts.choose();
      const stale = hosts.staleCheck();
      return {
        ...base,
        ...host,
        stream: (options: { config: { host?: string; port?: number } }) => {
          const socket = socketFor(options);
          watchSocket(socket, host, hosts);
          return socket;
        },
        expirationChecker: stale,
      };
    },
    // A connection to a host marked down since is not lent again: a node that left the cluster
    // keeps its connections open but refuses every statement on them.
    pool: { min: 0, max: 10, afterCreate, validate: (conn: MysqlConnection) => !hosts.isDown({ host: conn.config.host, port: conn.config.port }), propagateCreateError: false, createRetryIntervalMillis: 100 },
  };
}

/** The host lists of knex configs for several hosts, for createDb to watch their queries' errors. */
const clusterHostLists = new WeakMap<Knex.Config, MysqlHostList>();

/**
 * Where and as whom mysql2 connects for a mysql:// URL: its host and port, or with
 * ?socket=/run/mysqld/mysqld.sock the server's Unix socket (a database on the same machine).
 */
export function mysqlLogin(url: URL) {
  const socketPath = url.searchParams.get('socket');
  return {
    ...(socketPath ? { socketPath } : { host: url.hostname, port: Number(url.port || 3306) }),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}

function sqliteFilename(databaseUrl: string): string {
  const filename = path.resolve(databaseUrl.slice('sqlite:'.length));
  mkdirSync(path.dirname(filename), { recursive: true });
  return filename;
}

/**
 * knex for DATABASE_URL. On SQLite, better-sqlite3 runs each statement synchronously on the
 * thread that calls it, so plain reads (a SELECT outside a transaction) that are not known to be
 * short run on reader threads, each with its own read-only connection, and writes and
 * transactions on one writer connection (sqlite/connectionPool.ts, docs/decisions.md): a slow
 * search or a file download never holds the event loop. A worker thread checkpoints the
 * write-ahead log, so a large commit (a photo and its copies) never copies pages into the
 * database file on the event loop; should that worker fail, the writer checkpoints as SQLite
 * does by default. Close it with closeDb. Models get their knex per query (Model.query(db)), so
 * several apps can share one process.
 */
export function createDb(databaseUrl: string, settings: DatabaseSettings = DEFAULT_DEADLINES): Knex {
  if (engineOf(databaseUrl) !== 'sqlite') {
    const config = knexConfig(databaseUrl, settings);
    const db = knexFactory(config);
    const hosts = clusterHostLists.get(config);
    // A node refusing statements (isNodeNotReady) is passed over, and the connections to it are
    // dropped (the pool's validate): the write is tried again on another (writeTransaction.ts).
    // knex's query-error event names the query, not its connection: the host in use is the one
    // new connections went to, which is where such an error comes from but in a move under way.
    if (hosts) db.on('query-error', (error: unknown) => isNodeNotReady(error) && hosts.markDown(hosts.inUse));
    return db;
  }
  const filename = sqliteFilename(databaseUrl);
  let inWorker = true;
  const readers = settings.sqliteReaders ?? DEFAULT_SQLITE_READERS;
  const connections = new SqliteConnections({
    filename,
    setupWriter: (writer) => {
      for (const pragma of sqlitePragmas(inWorker)) writer.pragma(pragma);
      // Another process's write lock is waited for on timers, not inside SQLite on the event
      // loop (SqliteConnections.runWriting).
      writer.pragma('busy_timeout = 0');
    },
    // Readers never commit, so never checkpoint: their setting stays 0.
    readers: readers > 0 ? new ReaderPool({ filename, size: readers, pragmas: sqlitePragmas(true), waitTimeoutMs: settings.connectTimeoutMs }) : null,
    loopReader: readers > 0 ? new LoopReader(filename, sqlitePragmas(true)) : null,
    writerWaitMs: settings.connectTimeoutMs,
    shortReadMs: settings.sqliteShortReadMs ?? DEFAULT_SQLITE_SHORT_READ_MS,
  });
  // knex's public connectionPool option: knex builds the SQL and shapes the answers as with its
  // own pool; the connections it is lent decide where each statement runs.
  const db = knexFactory({ client: 'better-sqlite3', connectionPool: connections, useNullAsDefault: true, migrations: { migrationSource } });
  const checkpointer: Checkpointer = startCheckpointer(filename, (error) => {
    process.emitWarning(`SQLite checkpoints are back on the event loop: ${error.message}`);
    inWorker = false;
    connections.withWriter((writer) => writer.pragma('wal_autocheckpoint = 1000'));
  });
  sqlite.set(db, { checkpointer, connections });
  return db;
}

const sqlite = new WeakMap<Knex, { checkpointer: Checkpointer; connections: SqliteConnections }>();

/** The SQLite connections behind a knex from createDb (their reader threads, for tests), if any. */
export const sqliteConnectionsOf = (db: Knex): SqliteConnections | undefined => sqlite.get(db)?.connections;

/** A value bound as knex's better-sqlite3 dialect binds it: a Date as its milliseconds, a boolean as 0 or 1. */
const sqliteValue = (value: Knex.Value): unknown => (value instanceof Date ? value.valueOf() : typeof value === 'boolean' ? Number(value) : value);

/**
 * How a constant read runs on MySQL/MariaDB: `prepared`, as a statement the connection prepares
 * once (db/mysqlDirect.ts), for the large reads of a page's or a record's rows (joins, subqueries,
 * many columns), where the server's parse of the text costs more than the prepared protocol costs
 * us; the short reads (ids, counts, a session) cost us more prepared than they save the server.
 */
export type ReadHow = { prepared?: boolean };

/**
 * Runs a constant SQL text written for both engines and answers its rows. On SQLite (a knex from
 * createDb, outside a transaction) a read known to be short runs at once as the writer's prepared
 * statement, without knex (SqliteConnections.readNow); any other goes through knex.raw, which
 * answers rows on SQLite and [rows, fields] on MySQL. A read run without knex is still announced
 * by knex's `query` event when something listens to it (the tests that read the query plans), as
 * knex announces its own.
 */
export async function selectRows<Row>(db: Knex, sql: string, bindings: readonly Knex.Value[], how: ReadHow = {}): Promise<Row[]> {
  const rows = readOnWriterNow(db, sql, bindings, false);
  if (rows) return rows as Row[];
  if (!isMysql(db)) return (await db.raw(sql, bindings)) as Row[];
  if (!db.isTransaction) return (await mysqlSelect(db, sql, bindings, false, how.prepared ?? false)) as Row[];
  const [answered] = await db.raw(sql, bindings);
  return answered;
}

/**
 * As selectRows, each row an array of its values in the SELECT's order: both drivers build a row
 * object key by key, which for a list page's 25 rows of 22 columns cost more than SQLite's own
 * work (better-sqlite3: 160 µs as objects, 74 µs as arrays). A read that goes knex's way on SQLite
 * (a reader thread, a wait for the writer) answers objects, turned into arrays here.
 */
export async function selectArrays(db: Knex, sql: string, bindings: readonly Knex.Value[], how: ReadHow = {}): Promise<unknown[][]> {
  const rows = readOnWriterNow(db, sql, bindings, true);
  if (rows) return rows as unknown[][];
  if (!isMysql(db)) return ((await db.raw(sql, bindings)) as Record<string, unknown>[]).map((row) => Object.values(row));
  if (!db.isTransaction) return (await mysqlSelect(db, sql, bindings, true, how.prepared ?? false)) as unknown[][];
  const [answered] = await db.raw(sql, bindings).options({ rowsAsArray: true });
  return answered;
}

/** A SQLite read run at once on the writer (SqliteConnections.readNow), or undefined: knex's way. */
function readOnWriterNow(db: Knex, sql: string, bindings: readonly Knex.Value[], arrays: boolean): unknown[] | undefined {
  const connections = sqlite.get(db)?.connections;
  // Only while knex still lends these connections: after db.destroy() it refuses every query, and
  // so must this (/api/health then answers 503). Should knex keep its pool elsewhere one day, every
  // read simply goes knex's way.
  if (!connections || (db.client as { pool?: unknown }).pool !== connections) return undefined;
  const rows = connections.readNow(sql, bindings.map(sqliteValue), arrays);
  if (rows) announceQuery(db, sql, bindings);
  return rows;
}

/**
 * What to give a library that takes SQLite connections from knex and uses them directly
 * (rate-limiter-flexible's SQLite store): a knex-shaped client whose connections hold the writer
 * (sqlite/directWriterClient.ts). On MySQL, or a SQLite knex not from createDb, the knex itself.
 */
export function directStoreClient(db: Knex) {
  const connections = sqliteConnectionsOf(db);
  return connections ? directWriterClient(db, connections) : db;
}

/**
 * Closes what createDb opened: the SQLite checkpoint worker (after a last checkpoint), knex, then
 * the reader threads and the writer connection.
 */
export async function closeDb(db: Knex): Promise<void> {
  const embedded = sqlite.get(db);
  await embedded?.checkpointer.stop();
  await db.destroy();
  await embedded?.connections.close();
}

/** Applies the pending migrations and answers their names. */
export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = await db.migrate.latest();
  return applied;
}

/**
 * True when the database answers within withinMs. The whole wait is bounded here (a free
 * connection, opening one, the query), so a load balancer hears 503 in time even while the
 * database is frozen; the query itself is then ended by the connection's own deadline.
 */
export async function isDatabaseUp(db: Knex, withinMs = 1_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), withinMs);
  });
  const answered = selectRows(db, 'select 1', []).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

