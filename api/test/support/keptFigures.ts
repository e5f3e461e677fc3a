import type { Knex } from 'knex';
import { keepFiguresOfNewCompany } from '../../src/resources/companies/bulkRows';
import { removeFromSearchIndex } from '../../src/resources/vehicles/searchIndex';

/**
 * For rows a test wrote straight into the tables, past the operations: every company's counts
 * and search entries made again from its rows, as the operations would have kept them.
 */
export async function keepFiguresOfWrittenRows(db: Knex): Promise<void> {
  const companies = (await db('companies').select('id')) as { id: number }[];
  await db.transaction(async (trx) => {
    for (const { id } of companies) {
      await removeFromSearchIndex(trx, { companyId: Number(id) });
      await keepFiguresOfNewCompany(trx, Number(id));
    }
  });
}
