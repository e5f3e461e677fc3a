import type { Knex } from 'knex';
import { DomainError } from '../domain/errors';
import { keepKeyWithCommit } from '../http/idempotency';
import { isNodeNotReady } from '../db';

/**
 * The database ended the transaction to break a lock cycle (MySQL errno 1213) or a wait that ran
 * past innodb_lock_wait_timeout (1205), or SQLite found the file locked by another writer: nothing
 * of it was kept, and the same work run again usually goes through. On a MariaDB Galera cluster a
 * transaction that lost certification to a conflicting one committed on another node (or was
 * aborted by a replicated write it conflicted with) ends with the same 1213, said "WSREP detected
 * deadlock/conflict": nothing of it was kept either. A connection lost on the way (a node gone
 * away) is not among them: whether its COMMIT was applied is unknown, so the work is not run
 * again; the client hears a 503 and repeats the request with its Idempotency-Key.
 */
const VICTIM_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const VICTIM_ERRNOS = new Set([1213, 1205]);

export function isContentionVictim(error: unknown): boolean {
  // A Galera node leaving the cluster refused the statement (nothing done): the next try goes to
  // another node (db/mysqlFailover.ts).
  if (isNodeNotReady(error)) return true;
  const e = (error ?? {}) as { code?: string; errno?: number; nativeError?: { code?: string; errno?: number } };
  const code = e.code ?? e.nativeError?.code ?? '';
  const errno = e.errno ?? e.nativeError?.errno;
  return VICTIM_CODES.has(code) || (errno !== undefined && VICTIM_ERRNOS.has(errno)) || code.startsWith('SQLITE_BUSY');
}

/** Tries of one write: the first and at most three more, about 0.3 s of waiting at most. */
export const WRITE_ATTEMPTS = 4;
const BASE_DELAY_MS = 20;

/**
 * The 503 of a write that lost to other writers on every try: never a 500, never half-kept
 * (errorMiddleware adds its Retry-After).
 */
export const databaseBusy = () => new DomainError('unavailable', 'service.unavailable', 'The database is busy with other changes. Please try again.');

/**
 * Exponential backoff with full jitter (40, 80, 160 ms ceilings): writers that collided once
 * do not collide again in step.
 */
export const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * BASE_DELAY_MS * 2 ** attempt));

/**
 * The one way a write reaches the database: `work` runs in a transaction, and the whole
 * transaction runs again when the database chose it as a deadlock or lock-wait victim, a bounded
 * number of times with jitter. Work is therefore written to be run again from the start: it reads
 * what it needs inside the transaction and does nothing outside it that cannot be repeated.
 */
export async function writeTransaction<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>, { createdBy }: { createdBy?: object } = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (trx) => {
        const result = await work(trx);
        // The transaction that completes a create (a vehicle, a container, an invoice, a
        // document upload, the last file of a vehicle upload) commits the Idempotency-Key mark of
        // the request whose signed-in user made it (`createdBy`, http/idempotency.ts) with it;
        // earlier transactions of the same request mark nothing, as a later failure undoes them
        // and the key must then go.
        if (createdBy) await keepKeyWithCommit(trx, createdBy, result);
        return result;
      });
    } catch (error) {
      if (!isContentionVictim(error)) throw error;
      if (attempt >= WRITE_ATTEMPTS) throw databaseBusy();
      await backoff(attempt);
    }
  }
}
