import type { Knex } from 'knex';
import { stageThenCommit, type FileStorage, type StagedFile } from '../../services/storage';
import { databaseBusy, writeTransaction } from '../writeTransaction';

export const formatInvoiceNumber = (year: number, n: number) => `INV-${year}-${String(n).padStart(6, '0')}`;

/** Another invoice of the company took the predicted number first (another process). */
class NumberTaken extends Error {}

/** The number the next invoice of a company and year gets, unless another is issued first. */
async function predictedNumber(db: Knex, companyId: number, year: number): Promise<number> {
  const row = await db('invoice_counters').where({ companyId, year }).first('lastNumber');
  return Number(row?.lastNumber ?? 0) + 1;
}

/**
 * Takes the next number inside the invoice's own transaction. The counter row is updated first
 * (an exclusive row lock on MySQL/MariaDB, the single writer on SQLite), so it is held only until
 * that transaction commits or rolls back, and a rolled-back invoice gives its number back.
 */
async function takeNumber(trx: Knex, companyId: number, year: number): Promise<number> {
  const key = { companyId, year };
  let updated = await trx('invoice_counters').where(key).increment('lastNumber', 1);
  if (!updated) {
    await trx('invoice_counters').insert({ ...key, lastNumber: 0 }).onConflict(['companyId', 'year']).ignore();
    updated = await trx('invoice_counters').where(key).increment('lastNumber', 1);
  }
  const row = await trx('invoice_counters').where(key).first('lastNumber');
  return Number(row.lastNumber);
}

/** Per company and year, one invoice at a time in this process. */
const queues = new Map<string, Promise<unknown>>();
function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const done = previous.then(work, work);
  const tail = done.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return done;
}

/**
 * How long an invoice waits for its number, its turn in the queue included: 120 invoices of one
 * company sent at once over two processes take about 15 s here (bench/contention.ts). Past it,
 * a 503 with Retry-After, never a skipped or reused number.
 */
const WAIT_FOR_NUMBER_MS = 60_000;

/**
 * Issues an invoice with the next number of its company and year: sequential, unique, never
 * reused, and without gaps, even when something fails. The number is taken in the same short
 * transaction that stores the invoice, so if rendering or storing fails, nothing is used up.
 *
 * The PDF carries its number, so it is laid out first, with the number the counter will give, and
 * outside any transaction: on the embedded database a transaction holds the only connection, and
 * every other request would wait the 50 ms of a layout. Invoices of one company queue in a
 * process, so the predicted number is right unless another process issued one meanwhile; then
 * this one is laid out again with the next number, as often as it takes within the wait: each
 * round, one of the processes gets its number, so the queue always moves.
 */
export async function issueNumbered<T>(
  db: Knex,
  companyId: number,
  year: number,
  render: (invoiceNumber: string) => Promise<Buffer>,
  storage: FileStorage,
  store: (trx: Knex, invoiceNumber: string, pdf: Buffer, staged: StagedFile) => Promise<T>,
  /** Who issues it: the request's signed-in user, whose Idempotency-Key the invoice's commit marks. */
  issuedBy: object,
): Promise<{ invoiceNumber: string; pdf: Buffer; stored: T }> {
  const deadline = Date.now() + WAIT_FOR_NUMBER_MS;
  return oneAtATime(`${companyId}:${year}`, async () => {
    while (Date.now() < deadline) {
      const predicted = await predictedNumber(db, companyId, year);
      const invoiceNumber = formatInvoiceNumber(year, predicted);
      const pdf = await render(invoiceNumber);
      try {
        // The PDF's bytes first (S3: an object under a fresh key recorded as in flight), then the
        // numbered row: a number taken meanwhile, or any failure, removes this PDF's object
        // (services/storage/staged.ts); a process stopped meanwhile leaves it to the sweep.
        const stored = await stageThenCommit(storage, 'invoice', [{ original: pdf }], ([staged]) => writeTransaction(db, async (trx) => {
          if ((await takeNumber(trx, companyId, year)) !== predicted) throw new NumberTaken();
          return store(trx, invoiceNumber, pdf, staged);
        }, { createdBy: issuedBy }));
        return { invoiceNumber, pdf, stored };
      } catch (error) {
        if (!(error instanceof NumberTaken)) throw error;
      }
    }
    throw databaseBusy();
  });
}
