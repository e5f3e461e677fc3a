import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import { startCheckpointer, type Checkpointer } from './sqliteCheckpointer';

// knex ships its dialects as CommonJS classes without a typed entry point of their own.
const require = createRequire(import.meta.url);
const ClientBetterSqlite3 = require('knex/lib/dialects/better-sqlite3/index.js');

type Statement = {
  reader: boolean;
  all(bindings: unknown[]): unknown[];
  run(bindings: unknown[]): { lastInsertRowid: number | bigint; changes: number };
};
type Connection = { prepare(sql: string): Statement; pragma(sql: string): unknown };
type QueryObject = { sql: string; bindings?: unknown[]; options?: { safeIntegers?: boolean }; response?: unknown; context?: unknown };

/** Distinct SQL texts kept prepared per connection; lists with long id lists make many, rarely reused. */
const STATEMENTS_PER_CONNECTION = 500;
/** SQLite's own default, for when the checkpointing worker is not there. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

// Kept outside the client: knex runs transactions on copies of the client made with Object.create,
// which would not carry an instance field.
const statementsByConnection = new WeakMap<Connection, LRUCache<string, Statement>>();

function preparedStatement(connection: Connection, sql: string): Statement {
  let cache = statementsByConnection.get(connection);
  if (!cache) statementsByConnection.set(connection, (cache = new LRUCache({ max: STATEMENTS_PER_CONNECTION })));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = connection.prepare(sql)));
  return statement;
}

/**
 * knex's better-sqlite3 client, with two changes that keep the event loop free:
 * - It keeps prepared statements. knex prepares every query afresh, and on a list request that
 *   compiling costs more than running the query: SQLite answers an indexed lookup in microseconds.
 *   A statement is bound to its connection, so each has its own cache; SQLite re-prepares a kept
 *   statement by itself when a migration changes the schema.
 * - A worker thread checkpoints the write-ahead log (see sqliteCheckpointer.ts), so its
 *   connections turn SQLite's automatic checkpoints off.
 */
export class SqliteClient extends ClientBetterSqlite3 {
  private readonly connections = new Set<Connection>();
  private checkpointsInWorker = true;
  private readonly checkpointer: Checkpointer;

  constructor(config: { connection: { filename: string } }) {
    super(config);
    this.checkpointer = startCheckpointer(config.connection.filename, (error) => {
      process.emitWarning(`SQLite checkpoints are back on the event loop: ${error.message}`);
      this.checkpointOnConnections();
    });
  }

  private autocheckpointPages() {
    return this.checkpointsInWorker ? 0 : DEFAULT_AUTOCHECKPOINT_PAGES;
  }

  /** The worker failed: the connections checkpoint again, as SQLite does by default. */
  private checkpointOnConnections() {
    this.checkpointsInWorker = false;
    for (const connection of this.connections) {
      try {
        connection.pragma(`wal_autocheckpoint = ${this.autocheckpointPages()}`);
      } catch {
        // A connection being closed: a new one gets the setting when it opens.
      }
    }
  }

  async acquireRawConnection() {
    const connection: Connection = await super.acquireRawConnection();
    connection.pragma(`wal_autocheckpoint = ${this.autocheckpointPages()}`);
    this.connections.add(connection);
    return connection;
  }

  async destroyRawConnection(connection: Connection) {
    this.connections.delete(connection);
    return super.destroyRawConnection(connection);
  }

  async destroy(callback?: () => void) {
    await this.checkpointer.stop();
    return super.destroy(callback);
  }

  async _query(connection: Connection, obj: QueryObject) {
    // A per-query safeIntegers option changes the statement itself: leave that to knex.
    if (!obj.sql || !connection || obj.options?.safeIntegers !== undefined) return super._query(connection, obj);
    const statement = preparedStatement(connection, obj.sql);
    const bindings = this._formatBindings(obj.bindings);
    if (statement.reader) {
      obj.response = statement.all(bindings);
      return obj;
    }
    const result = statement.run(bindings);
    obj.response = result;
    obj.context = { lastID: result.lastInsertRowid, changes: result.changes };
    return obj;
  }
}
