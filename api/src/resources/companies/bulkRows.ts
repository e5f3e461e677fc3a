import type { Knex } from 'knex';
import { recountCompanyRows } from '../rowCounts';
import { addToSearchIndex, removeFromSearchIndex } from '../vehicles/searchIndex';

/**
 * What the operations keep row by row (the counts per company, the vehicle search index), for a
 * company whose vehicles and containers were written in bulk in this transaction (the demo
 * company, the bench's seed): one set-based statement each rather than one per row.
 */
export async function keepFiguresOfNewCompany(trx: Knex, companyId: number): Promise<void> {
  await addToSearchIndex(trx, { companyId });
  await recountCompanyRows(trx, 'vehicles', companyId);
  await recountCompanyRows(trx, 'containers', companyId);
}

/** Before a company's vehicles are deleted in bulk: their search entries and the company's counts go. */
export async function dropFiguresOfCompany(trx: Knex, companyId: number): Promise<void> {
  await removeFromSearchIndex(trx, { companyId });
  await trx('company_row_counts').where({ companyId }).delete();
}
