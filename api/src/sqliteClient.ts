import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import { BUMP_DATA_VERSION, isMissingVersionTable, statementKind } from './dataVersion';
import { startCheckpointer, type Checkpointer } from './sqliteCheckpointer';

// knex ships its dialects as CommonJS classes without a typed entry point of their own.
const require = createRequire(import.meta.url);
const ClientBetterSqlite3 = require('knex/lib/dialects/better-sqlite3/index.js');
const SqliteQueryCompiler: new (...args: unknown[]) => {
  single: Record<string, unknown>;
  _getValueOrParameterFromAttribute(attribute: string, rawValue?: unknown): string;
} = require('knex/lib/dialects/sqlite3/query/sqlite-querycompiler.js');

type Statement = {
  reader: boolean;
  all(bindings: unknown[]): unknown[];
  run(bindings: unknown[]): { lastInsertRowid: number | bigint; changes: number };
};
type Connection = {
  prepare(sql: string): Statement;
  pragma(sql: string): unknown;
  inTransaction: boolean;
  transaction(run: () => void): () => void;
};
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

/** Connections whose open transaction has changed data (see dataVersion.ts). */
const changedInTransaction = new WeakSet<Connection>();

function bumpDataVersion(connection: Connection) {
  try {
    preparedStatement(connection, BUMP_DATA_VERSION).run([]);
  } catch (error) {
    if (!isMissingVersionTable(error)) throw error;
  }
}

function runStatement(connection: Connection, obj: QueryObject, bindings: unknown[]) {
  const statement = preparedStatement(connection, obj.sql);
  if (statement.reader) {
    obj.response = statement.all(bindings);
    return;
  }
  const result = statement.run(bindings);
  obj.response = result;
  obj.context = { lastID: result.lastInsertRowid, changes: result.changes };
}

/**
 * The new version is written last, just before COMMIT, so it is committed with the changes. If
 * either fails, the transaction is rolled back here: knex sends no ROLLBACK after a failed COMMIT,
 * and the pool's only connection would stay inside the transaction.
 */
function commit(connection: Connection, obj: QueryObject) {
  try {
    if (changedInTransaction.has(connection)) bumpDataVersion(connection);
    runStatement(connection, obj, []);
    return obj;
  } catch (error) {
    try {
      if (connection.inTransaction) preparedStatement(connection, 'ROLLBACK').run([]);
    } catch {
      // The first error is the one to report.
    }
    throw error;
  } finally {
    changedInTransaction.delete(connection);
  }
}

/**
 * Writes a whole-number LIMIT into the SQL text instead of binding it. SQLite runs a statement
 * with a bound LIMIT markedly slower (about 20 µs more for a one-row lookup, 70 µs for a page of
 * 25 vehicles); a bound OFFSET costs nothing extra, and binding it keeps one statement per page size.
 */
class InlineLimitCompiler extends SqliteQueryCompiler {
  _getValueOrParameterFromAttribute(attribute: string, rawValue?: unknown) {
    const value = rawValue ?? this.single[attribute];
    if (attribute === 'limit' && Number.isSafeInteger(value)) return String(value);
    return super._getValueOrParameterFromAttribute(attribute, rawValue);
  }
}

/**
 * knex's better-sqlite3 client, with these changes (the first three keep the event loop free):
 * - It keeps prepared statements. knex prepares every query afresh, and on a list request that
 *   compiling costs more than running the query: SQLite answers an indexed lookup in microseconds.
 *   A statement is bound to its connection, so each has its own cache; SQLite re-prepares a kept
 *   statement by itself when a migration changes the schema.
 * - A worker thread checkpoints the write-ahead log (see sqliteCheckpointer.ts), so its
 *   connections turn SQLite's automatic checkpoints off.
 * - LIMIT is written into the SQL (InlineLimitCompiler).
 * - readNow runs a read without knex's runner and pool, for the session read of every request.
 * - Every change moves the data version on, in the change's own transaction (dataVersion.ts).
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

  /**
   * Runs a read at once on a connection that is between transactions, without a trip through
   * knex's query runner and pool (several times what SQLite needs for an indexed lookup): the
   * session read that every request makes. A connection inside a transaction could show that
   * transaction's uncommitted changes, so then, or before any connection is open, it answers
   * undefined and the caller goes through knex.
   */
  readNow<Row>(sql: string, bindings: readonly unknown[]): Row[] | undefined {
    for (const connection of this.connections) {
      if (connection.inTransaction) return undefined;
      const statement = preparedStatement(connection, sql);
      if (!statement.reader) throw new Error('readNow only reads');
      return statement.all(this._formatBindings(bindings)) as Row[];
    }
    return undefined;
  }

  queryCompiler(builder: unknown, formatter: unknown) {
    return new InlineLimitCompiler(this, builder, formatter);
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
    if (!obj.sql || !connection) return super._query(connection, obj);
    // It would change the kept statement itself for every later query; nothing here uses it.
    if (obj.options?.safeIntegers !== undefined) throw new Error('A per-query safeIntegers option is not supported');
    const kind = statementKind(obj.sql);
    if (kind === 'commit') return commit(connection, obj);
    if (kind === 'change' && !connection.inTransaction) {
      // A change on its own is committed together with its new version.
      connection.transaction(() => {
        runStatement(connection, obj, this._formatBindings(obj.bindings));
        bumpDataVersion(connection);
      })();
      return obj;
    }
    runStatement(connection, obj, this._formatBindings(obj.bindings));
    if (kind === 'change') changedInTransaction.add(connection);
    else if (kind !== 'unchanged') changedInTransaction.delete(connection);
    return obj;
  }
}
