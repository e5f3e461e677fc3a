import type { Knex } from 'knex';
import type { Lease, SqliteConnections } from './connectionPool';

/**
 * What rate-limiter-flexible's SQLite store (`storeType: 'knex'`) uses of a knex instance: the
 * dialect's name, and a connection taken and given back around each of its calls. It uses that
 * connection as better-sqlite3's Database and reads results at once (`run().changes`), so the
 * connection here is a lease that already holds the writer (SqliteConnections.acquireWriter),
 * never one that would wait for it statement by statement and answer promises the store does not
 * await. `raw` is there because the store checks that it exists; it never calls it.
 */
export function directWriterClient(db: Knex, connections: SqliteConnections) {
  return {
    raw: db.raw.bind(db),
    client: {
      config: { client: 'better-sqlite3' },
      acquireConnection: () => connections.acquireWriter(),
      releaseConnection: (lease: Lease) => connections.release(lease),
    },
  };
}
