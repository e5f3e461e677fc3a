import type { Knex } from 'knex';

/**
 * Announces a statement run without knex by knex's `query` event, as knex announces its own, when
 * something listens (the tests that read the statements sent and their plans): the reads that
 * skip knex (SQLite's short reads on the writer, MySQL's constant reads on a pooled connection)
 * stay visible to them.
 */
export function announceQuery(db: Knex, sql: string, bindings: readonly Knex.Value[]): void {
  if (db.listenerCount('query') > 0) db.emit('query', { method: 'raw', sql, bindings: [...bindings], options: {} });
}
