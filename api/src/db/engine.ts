import type { Knex } from 'knex';

export type Engine = 'sqlite' | 'mysql';

/** The engine a DATABASE_URL names: sqlite:<path>, else MySQL/MariaDB (mysql:// or mariadb://). */
export function engineOf(databaseUrl: string): Engine {
  return databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'mysql';
}

/**
 * Whether a knex speaks MySQL/MariaDB, read from its dialect (its config.client may be a class).
 * The app's own copy: migrations keep theirs in migrations/helpers.ts, so they stay frozen
 * whatever the app's code becomes.
 */
export const isMysql = (knex: Knex) => (knex.client as { dialect?: string }).dialect === 'mysql';

/**
 * Runs `work` in a SQLite write transaction (`trx`) with the writer connection's page cache
 * bounded to `kib` KiB, and gives the cache its size back after, whatever happened. A transaction's
 * changed pages beyond the cache are written to the log as they come; the ones still in it are
 * all written by the COMMIT, synchronously, on the event loop: a smaller cache leaves the COMMIT of
 * a long transaction (an import) less to write. On MySQL/MariaDB, `work` as it is.
 */
export async function withWriterCache<T>(trx: Knex, kib: number, work: () => Promise<T>): Promise<T> {
  if (isMysql(trx)) return work();
  const [{ cache_size: before }] = (await trx.raw('PRAGMA cache_size')) as { cache_size: number }[];
  await trx.raw(`PRAGMA cache_size = ${-Math.round(kib)}`);
  try {
    return await work();
  } finally {
    // Never in place of work's own error (a transaction already broken): a cache left small only costs speed.
    await trx.raw(`PRAGMA cache_size = ${Number(before)}`).catch(() => undefined);
  }
}
