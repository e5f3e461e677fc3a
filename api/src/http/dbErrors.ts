import { HttpError } from './errors';
import { isStorageFull, storageFull } from './storageFull';
import { isNodeNotReady } from '../db';

/**
 * Constraint errors from either engine, mapped to a client error. objection does not recognise
 * better-sqlite3's SQLITE_CONSTRAINT_* codes, so both engines are matched here by their own codes.
 */
type DriverError = { code?: string; errno?: number; message?: string; sqlMessage?: string };

const UNIQUE = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', 'ER_DUP_ENTRY']);
const MISSING_REFERENCE = new Set(['ER_NO_REFERENCED_ROW_2', 'ER_NO_REFERENCED_ROW']);
const STILL_REFERENCED = new Set(['ER_ROW_IS_REFERENCED_2', 'ER_ROW_IS_REFERENCED']);
const BAD_VALUE = new Set([
  'SQLITE_CONSTRAINT_NOTNULL',
  'SQLITE_CONSTRAINT_CHECK',
  'SQLITE_MISMATCH',
  'SQLITE_TOOBIG',
  'ER_BAD_NULL_ERROR',
  'ER_NO_DEFAULT_FOR_FIELD',
  'ER_DATA_TOO_LONG',
  'ER_TRUNCATED_WRONG_VALUE',
  'ER_TRUNCATED_WRONG_VALUE_FOR_FIELD',
  'ER_WARN_DATA_OUT_OF_RANGE',
  'ER_CHECK_CONSTRAINT_VIOLATED',
]);
const UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'ER_QUERY_INTERRUPTED',
  'ER_LOCK_WAIT_TIMEOUT',
  // A deadlock victim outside writeTransaction's retries (resources/writeTransaction.ts).
  'ER_LOCK_DEADLOCK',
]);
/** SQLite's families of "cannot get at the file now": busy, locked, cannot open, disk I/O (a full disk is 507, above). */
const UNAVAILABLE_SQLITE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|NOMEM|READONLY_DBMOVED)/;

/**
 * mysql2 marks an error that broke the connection as fatal; some carry no code at all, as the
 * ROLLBACK sent on a connection the database closed mid-transaction ("Can't add new command when
 * connection is in closed state").
 */
function isLostConnection(e: DriverError & { fatal?: boolean }): boolean {
  return e.fatal === true || /connection is in closed state|connection lost/i.test(e.message ?? '');
}

export function mapDatabaseError(err: unknown): HttpError | null {
  const e = (err ?? {}) as DriverError & { nativeError?: DriverError; name?: string; fatal?: boolean };
  // Before anything else: a full disk often comes as an I/O error (SQLITE_IOERR_WRITE, errno 28).
  if (isStorageFull(err)) return storageFull();
  const code = e.code ?? e.nativeError?.code;
  if (!code) {
    if (e.name === 'KnexTimeoutError' || isLostConnection(e)) return new HttpError(503, 'service.unavailable', 'The database is not answering');
    return null;
  }
  if (UNIQUE.has(code)) return new HttpError(409, 'conflict.duplicate', 'This value already exists');
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
    return new HttpError(409, 'conflict.reference', 'A referenced record does not exist or is still in use');
  }
  if (MISSING_REFERENCE.has(code)) return new HttpError(400, 'validation.failed', 'A referenced record does not exist');
  if (STILL_REFERENCED.has(code)) return new HttpError(409, 'conflict.reference', 'This record is still in use');
  if (BAD_VALUE.has(code)) return new HttpError(400, 'validation.failed', 'A value is missing, too long or of the wrong kind');
  if (UNAVAILABLE.has(code) || UNAVAILABLE_SQLITE.test(code) || isLostConnection(e) || isNodeNotReady(err)) {
    return new HttpError(503, 'service.unavailable', 'The database is not answering');
  }
  return null;
}

/** True when err is a unique-constraint violation, for handlers that name the duplicate field. */
export function isUniqueViolation(err: unknown): boolean {
  const e = (err ?? {}) as DriverError & { nativeError?: DriverError };
  return UNIQUE.has(e.code ?? e.nativeError?.code ?? '');
}

/** Runs a write; a unique-constraint violation becomes a 409 with the resource's own message. */
export async function uniqueOr409<T>(duplicateMessage: string, write: () => PromiseLike<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, 'conflict.duplicate', duplicateMessage);
    throw err;
  }
}
