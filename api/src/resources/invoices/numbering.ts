import type { Knex } from 'knex';

const DEADLOCK = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', 'SQLITE_BUSY']);

/**
 * The next invoice number of a company for a year, INV-2026-000123: sequential, unique and never
 * reused. The counter row is updated first (an exclusive row lock on MySQL/MariaDB, the single
 * writer on SQLite), so concurrent requests queue for it and each gets the next number.
 */
export async function nextInvoiceNumber(db: Knex, companyId: number, year: number): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (trx) => {
        const key = { companyId, year };
        let updated = await trx('invoice_counters').where(key).increment('lastNumber', 1);
        if (!updated) {
          await trx('invoice_counters').insert({ ...key, lastNumber: 0 }).onConflict(['companyId', 'year']).ignore();
          updated = await trx('invoice_counters').where(key).increment('lastNumber', 1);
        }
        const row = await trx('invoice_counters').where(key).first('lastNumber');
        return `INV-${year}-${String(row.lastNumber).padStart(6, '0')}`;
      });
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (attempt >= 5 || !DEADLOCK.has(code)) throw err;
    }
  }
}
