import type { Knex } from 'knex';
import { announceQuery } from './queryEvents';

/** What a pooled mysql2 connection offers here (its documented callback API). */
type Mysql2Connection = {
  query(options: { sql: string; rowsAsArray?: boolean }, values: readonly unknown[], done: (error: (Error & { message: string }) | null, rows: unknown) => void): void;
};

/** knex's client: its connection pool's lending, as knex's public type declarations give them. */
type KnexClient = { acquireConnection(): Promise<Mysql2Connection>; releaseConnection(connection: Mysql2Connection): Promise<void> };

/**
 * Runs one constant SELECT on MySQL/MariaDB straight on a connection of knex's pool, and answers
 * its rows (objects, or arrays with `arrays`). knex's way (`db.raw`: its runner, the binding
 * rewrite, the query object, its events and debug calls) cost 145-151 µs of CPU a statement, this
 * way 123-129 (mysql2 alone on its own connection 98-100; 10 at a time, 27 Nov 2026), and a page
 * reads three or four. The connection is lent and
 * given back by knex's own pool (Client.acquireConnection/releaseConnection in knex's type
 * declarations), so its size, its wait for a free connection (KnexTimeoutError, a 503), its check
 * of a broken connection before lending it again and a cluster's host choice all stay knex's.
 * mysql2 binds the values exactly as under knex.raw (knex hands them to mysql2's `query` as they
 * are). As knex does, a failure names its SQL and is announced by `query-error` (a cluster's
 * node that stopped taking statements, connection.ts), and `query` is announced when someone
 * listens (the tests that read the statements sent).
 *
 * Only for a knex that is not a transaction: a transaction's statements must run on its own
 * connection, which knex does not lend.
 */
export async function mysqlSelect(db: Knex, sql: string, bindings: readonly Knex.Value[], arrays: boolean): Promise<unknown[]> {
  const client = db.client as KnexClient;
  const connection = await client.acquireConnection();
  try {
    announceQuery(db, sql, bindings);
    return await new Promise<unknown[]>((resolve, reject) => {
      connection.query({ sql, rowsAsArray: arrays }, bindings, (error, rows) => {
        if (!error) return resolve(rows as unknown[]);
        error.message = `${sql} - ${error.message}`;
        db.emit('query-error', error, { sql, bindings: [...bindings] });
        reject(error);
      });
    });
  } finally {
    await client.releaseConnection(connection);
  }
}
