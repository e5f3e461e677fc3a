import type { Knex } from 'knex';
import { isMysql } from './helpers';

/**
 * SQLite's vehicle search index (migration 20261125000200) gains each vehicle's company, as one
 * token: a company's staff search their own vehicles, and the index then reads that company's
 * matches alone. Before, it matched every company's vehicles, so a large company searched by LIKE
 * over all its rows (a make's count read 50,000 rows: 13 ms of one core per request), the cost
 * growing with the company (docs/decisions.md, "A company's search from its own entries").
 *
 * The token is three characters of Unicode's private use area, 2,048 values each from U+E000: the
 * trigram tokenizer reads them as exactly one trigram (api/src/resources/vehicles/searchIndex.ts
 * writes and searches the same characters). The table is made again with the column and filled
 * from `vehicles`: SQLite's DDL is transactional, and a run again starts from the drop.
 *
 * MySQL/MariaDB keep their suffix table: nothing to do there.
 */
const COMPANY_TOKEN = 'char(57344 + (companyId / 4194304) % 2048, 57344 + (companyId / 2048) % 2048, 57344 + companyId % 2048)';

export async function up(knex: Knex): Promise<void> {
  if (isMysql(knex)) return;
  await knex.raw('drop table if exists vehicles_search');
  await knex.raw(`create virtual table vehicles_search using fts5(company, vin, make, model, content='', contentless_delete=1, tokenize='trigram')`);
  await knex.raw(`insert into vehicles_search (rowid, company, vin, make, model) select id, ${COMPANY_TOKEN}, vin, make, model from vehicles`);
}

/** The index as 20261125000200 made it (nothing a user saved is in it: it is made from `vehicles`). */
export async function down(knex: Knex): Promise<void> {
  if (isMysql(knex)) return;
  await knex.raw('drop table if exists vehicles_search');
  await knex.raw(`create virtual table vehicles_search using fts5(vin, make, model, content='', contentless_delete=1, tokenize='trigram')`);
  await knex.raw('insert into vehicles_search (rowid, vin, make, model) select id, vin, make, model from vehicles');
}
