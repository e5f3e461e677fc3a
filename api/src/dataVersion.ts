/**
 * The data version (table data_version, migration 20261121000300): a counter that moves on with
 * every committed change to the data, in the same transaction as the change. The database clients
 * (sqliteClient.ts, mysqlClient.ts) move it on, so no route can forget to; each request reads it
 * with its session (http/session.ts), and a response kept in memory (http/responseCache.ts) is
 * only served again while the version it was made at is still the current one.
 */
export const BUMP_DATA_VERSION = 'update data_version set version = version + 1 where id = 1';

/**
 * Tables whose rows no kept response shows: sign-ins and sign-in throttling would otherwise
 * invalidate every kept list, and the migration bookkeeping runs before the counter exists.
 */
const UNVERSIONED_TABLES = new Set(['sessions', 'login_attempts', 'knex_migrations', 'knex_migrations_lock', 'data_version']);

export type StatementKind = 'begin' | 'commit' | 'rollback' | 'change' | 'unchanged';

// A union may start with a parenthesis.
const FIRST_WORD = /^[\s(]*([a-z]+)/i;
const TARGET_TABLE = /^\s*(?:insert(?:\s+or\s+\w+|\s+ignore)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+[`"]?(\w+)[`"]?\s*(,?)/i;
const WRITING_WORD = /\b(insert|update|delete|replace)\b/i;

/** The one table a change writes to, when it names exactly one and joins none. */
function onlyTable(sql: string): string | undefined {
  const match = TARGET_TABLE.exec(sql);
  if (!match || match[2] === ',' || /\bjoin\b/i.test(sql)) return undefined;
  return match[1].toLowerCase();
}

/**
 * What a statement does to the data, from its text as knex writes it. Anything not known to leave
 * the data as it is counts as a change: a needless new version only costs a kept response.
 */
export function statementKind(sql: string): StatementKind {
  switch (FIRST_WORD.exec(sql)?.[1].toLowerCase()) {
    case 'begin':
    case 'start': // START TRANSACTION
      return 'begin';
    case 'commit':
      return 'commit';
    case 'rollback':
      // Back to a savepoint, the transaction goes on (and may still have changed something).
      return /^\s*rollback\s+to\b/i.test(sql) ? 'unchanged' : 'rollback';
    case 'select':
    case 'pragma':
    case 'explain':
    case 'show':
    case 'savepoint':
    case 'release':
    case 'set':
      return 'unchanged';
    case 'with':
      // A common table expression before a select, or before a write.
      return WRITING_WORD.test(sql) ? 'change' : 'unchanged';
    case 'insert':
    case 'replace':
    case 'update':
    case 'delete': {
      const table = onlyTable(sql);
      return table && UNVERSIONED_TABLES.has(table) ? 'unchanged' : 'change';
    }
    default:
      return 'change';
  }
}

/** Migrations that run before data_version exists still change data: there is nothing to move on. */
export function isMissingVersionTable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return (code === 'ER_NO_SUCH_TABLE' || /no such table/i.test(message ?? '')) && /data_version/.test(message ?? '');
}
