/*
 * The database layer, as the rest of the API uses it: open, migrate, check and close a knex for
 * DATABASE_URL on either engine, and the few engine-aware helpers. What is behind it (the SQLite
 * connection pool and its worker threads, the checkpointer, the MySQL deadline) is this folder's
 * own business: docs/architecture.md, "The database layer".
 */
export {
  closeDb,
  createDb,
  DEFAULT_DEADLINES,
  DEFAULT_SQLITE_READERS,
  DEFAULT_SQLITE_SHORT_READ_MS,
  directStoreClient,
  isDatabaseUp,
  knexConfig,
  migrateLatest,
  mysqlLogin,
  selectArrays,
  selectRows,
  sqliteConnectionsOf,
  type DatabaseDeadlines,
  type DatabaseSettings,
} from './connection';
export { engineOf, isMysql, withWriterCache, type Engine } from './engine';
export { columnsOfTable, selectArraysViaJson, selectRowsViaJson } from './jsonRows';
export { keptTexts } from './keptTexts';
export { mysqlUrlStartingAt, mysqlUrlWithDatabase, parseMysqlUrl, type MysqlHost } from './mysqlHosts';
export { isNodeNotReady } from './mysqlFailover';
export { SCHEMA_TABLES, schemaProblem, schemaState, unknownMigrationsProblem, type SchemaState } from './schema';
export { liveServers, startHeartbeat } from './heartbeat';
export { backupSqlite, rowCounts } from './sqliteBackup';
export { rollback, RollbackRefused } from './rollback';
