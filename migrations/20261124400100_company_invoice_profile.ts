import type { Knex } from 'knex';
import { addColumns, createNewTable, dropColumns, longBinary, timestamp } from './helpers';

const COMPANY_COLUMNS = ['legalNameEn', 'legalNameAr', 'address', 'city', 'country', 'vatNumber', 'commercialRegistrationNumber', 'currency'];
const INVOICE_COLUMNS = ['currency', 'sellerNameAr', 'sellerCommercialRegistrationNumber'];

/**
 * The seller's invoice profile on the company (legal names, address, VAT and commercial
 * registration numbers, currency) and its logo, in a table of its own so that lists of companies
 * never read the bytes. Invoices record the currency and the new seller fields they were made with.
 */
export async function up(knex: Knex): Promise<void> {
  await addColumns(knex, 'companies', {
    legalNameEn: (t) => t.string('legalNameEn', 200).nullable(),
    legalNameAr: (t) => t.string('legalNameAr', 200).nullable(),
    address: (t) => t.string('address', 500).nullable(),
    city: (t) => t.string('city', 100).nullable(),
    country: (t) => t.string('country', 100).nullable(),
    vatNumber: (t) => t.string('vatNumber', 30).nullable(),
    commercialRegistrationNumber: (t) => t.string('commercialRegistrationNumber', 30).nullable(),
    currency: (t) => t.string('currency', 3).notNullable().defaultTo('USD'),
  });

  await createNewTable(knex, 'company_logos', (t) => {
    t.integer('companyId').unsigned().notNullable().primary().references('companies.id').onDelete('CASCADE');
    longBinary(knex, t, 'data').notNullable(); // PNG, at most 800 × 300
    timestamp(t, 'updatedAt').notNullable();
  });

  await addColumns(knex, 'invoices', {
    currency: (t) => t.string('currency', 3).notNullable().defaultTo('USD'),
    sellerNameAr: (t) => t.string('sellerNameAr', 200).nullable(),
    sellerCommercialRegistrationNumber: (t) => t.string('sellerCommercialRegistrationNumber', 30).nullable(),
  });
}

export const downLoses = "every company's invoice profile and logo, and the currency and Arabic seller name of every invoice";

/** Columns are dropped with ALTER TABLE … DROP COLUMN on both engines (helpers.ts, dropColumns). */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('company_logos');
  await dropColumns(knex, 'invoices', INVOICE_COLUMNS);
  await dropColumns(knex, 'companies', COMPANY_COLUMNS);
}
