import type { Knex } from 'knex';
import { announceQuery } from './queryEvents';

type Done = (error: (Error & { message: string; errno?: number }) | null, rows: unknown) => void;

/** What a pooled mysql2 connection offers here (its documented callback API). */
type Mysql2Connection = {
  query(options: { sql: string; rowsAsArray?: boolean }, values: readonly unknown[], done: Done): void;
  execute(options: { sql: string; rowsAsArray?: boolean }, values: readonly unknown[], done: Done): void;
};

/**
 * Prepared statements a pooled connection keeps (mysql2's `maxPreparedStatements`, the least
 * recently used closed past it). The server holds at most max_prepared_stmt_count (16,382 by
 * default) for all its clients: ten connections a process, eight processes, 100 each stay at half
 * of it. The app's constant texts in daily use are some dozens (a text per scope, sort, filter's
 * shape and page size).
 */
export const PREPARED_PER_CONNECTION = 100;

/**
 * The server could not prepare or run the text as prepared: its limit of prepared statements is
 * reached (other clients hold them: ER_MAX_PREPARED_STMT_COUNT_REACHED), the statement has no
 * prepared form (ER_UNSUPPORTED_PS), or its tables changed beyond what it re-prepares by itself
 * (ER_NEED_REPREPARE). The read then runs as plain text, as before.
 */
const NOT_PREPARED = new Set([1461, 1295, 1615]);

/**
 * Whether mysql2's prepared statement binds every value as its text protocol would mean it: a
 * string, a boolean, NULL, a number (sent as a DOUBLE, or as the integer MySQL 8 says the parameter
 * is, a LIMIT's: exact for the ids, years and bounds the constant texts compare and limit by; no
 * text does arithmetic on a value). A Date (written as local text), an array (a list), a Buffer or
 * an object is bound otherwise, and such a read runs as text. Typing integers ourselves
 * (mysql2's TypedParameter) cost 3 µs a value in BigInt arithmetic: 77 µs for a page's 25 ids.
 */
function bindsAsText(bindings: readonly Knex.Value[]): boolean {
  for (const value of bindings) {
    if (value !== null && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return false;
  }
  return true;
}

/** knex's client: its connection pool's lending, as knex's public type declarations give them. */
type KnexClient = { acquireConnection(): Promise<Mysql2Connection>; releaseConnection(connection: Mysql2Connection): Promise<void> };

/**
 * Runs one constant SELECT on MySQL/MariaDB straight on a connection of knex's pool, and answers
 * its rows (objects, or arrays with `arrays`); with `prepared`, as a statement the connection
 * prepares once and keeps (mysql2's `execute`).
 *
 * - Prepared, for the large reads only (ReadHow in connection.ts): the server parses the text once
 *   per connection, not on every run, and the rows come in the binary protocol. Replayed 800 times
 *   each in three interleaved rounds (27 Nov 2026, 1,000 cars, MariaDB's CPU and ours a statement):
 *   a vehicle page's rows 325 → 250 µs of MariaDB's and 144 → 133 of ours, a container's cars'
 *   rows 250 → 175 and 117 → 106, the containers page's rows 262 → 213 and 128 → 121, a vehicle's
 *   row 113 → 62 and 75 → 76, the containers' invoice numbers 87 → 50 and 60 → 57. The short reads
 *   (a page's ids, a count, the session) saved MariaDB a few µs and cost us up to 16 µs more
 *   (mysql2's prepared path: its statement cache's key, the packet of values): they run as text.
 * - Without knex's runner: knex's way (`db.raw`: its runner, the binding rewrite, the query
 *   object, its events and debug calls) cost 145-151 µs of our CPU a statement, a connection
 *   taken from the pool directly 123-129. The connection is lent and given back by knex's own
 *   pool (Client.acquireConnection/releaseConnection in knex's type declarations), so its size,
 *   its wait for a free connection (KnexTimeoutError, a 503), its check of a broken connection
 *   before lending it again and a cluster's host choice all stay knex's.
 * - As knex does, a failure names its SQL and is announced by `query-error` (a cluster's node that
 *   stopped taking statements, connection.ts), and `query` is announced when someone listens (the
 *   tests that read the statements sent).
 *
 * Only for a knex that is not a transaction: a transaction's statements must run on its own
 * connection, which knex does not lend.
 */
export async function mysqlSelect(db: Knex, sql: string, bindings: readonly Knex.Value[], arrays: boolean, prepared: boolean): Promise<unknown[]> {
  const client = db.client as KnexClient;
  const connection = await client.acquireConnection();
  try {
    announceQuery(db, sql, bindings);
    const options = { sql, rowsAsArray: arrays };
    const run = (asPrepared: boolean) =>
      new Promise<unknown[]>((resolve, reject) => {
        const done: Done = (error, rows) => (error ? reject(error) : resolve(rows as unknown[]));
        if (asPrepared) connection.execute(options, bindings, done);
        else connection.query(options, bindings, done);
      });
    try {
      if (!prepared || !bindsAsText(bindings)) return await run(false);
      return await run(true).catch((error: { errno?: number }) => (NOT_PREPARED.has(error.errno ?? 0) ? run(false) : Promise.reject(error)));
    } catch (error) {
      const failure = error as Error;
      failure.message = `${sql} - ${failure.message}`;
      db.emit('query-error', failure, { sql, bindings: [...bindings] });
      throw failure;
    }
  } finally {
    await client.releaseConnection(connection);
  }
}
