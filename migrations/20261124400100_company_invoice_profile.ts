import type { Knex } from 'knex';
import { createTable, longBinary, timestamp } from './helpers';

const COMPANY_COLUMNS = ['legalNameEn', 'legalNameAr', 'address', 'city', 'country', 'vatNumber', 'commercialRegistrationNumber', 'currency'];
const INVOICE_COLUMNS = ['currency', 'sellerNameAr', 'sellerCommercialRegistrationNumber'];

/**
 * The seller's invoice profile on the company (legal names, address, VAT and commercial
 * registration numbers, currency) and its logo, in a table of its own so that lists of companies
 * never read the bytes. Invoices record the currency and the new seller fields they were made with.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.string('legalNameEn', 200).nullable();
    t.string('legalNameAr', 200).nullable();
    t.string('address', 500).nullable();
    t.string('city', 100).nullable();
    t.string('country', 100).nullable();
    t.string('vatNumber', 30).nullable();
    t.string('commercialRegistrationNumber', 30).nullable();
    t.string('currency', 3).notNullable().defaultTo('USD');
  });

  await createTable(knex, 'company_logos', (t) => {
    t.integer('companyId').unsigned().notNullable().primary().references('companies.id').onDelete('CASCADE');
    longBinary(knex, t, 'data').notNullable(); // PNG, at most 800 × 300
    timestamp(t, 'updatedAt').notNullable();
  });

  await knex.schema.alterTable('invoices', (t) => {
    t.string('currency', 3).notNullable().defaultTo('USD');
    t.string('sellerNameAr', 200).nullable();
    t.string('sellerCommercialRegistrationNumber', 30).nullable();
  });
}

/**
 * Columns are dropped with ALTER TABLE … DROP COLUMN on both engines. knex would rebuild a
 * SQLite table to drop a column, and dropping the old `invoices` or `companies` table inside the
 * migration's transaction (where foreign keys cannot be switched off) would run the ON DELETE
 * CASCADE of file chunks, users and everything a company owns.
 */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('company_logos');
  for (const [table, columns] of [['invoices', INVOICE_COLUMNS], ['companies', COMPANY_COLUMNS]] as const) {
    for (const column of columns) await knex.raw('ALTER TABLE ?? DROP COLUMN ??', [table, column]);
  }
}
