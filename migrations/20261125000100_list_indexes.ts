import type { Knex } from 'knex';
import { addIndexes, dropIndexes } from './helpers';

/**
 * An index for every sort and filter the console offers, per company (company staff's lists) and
 * across companies (the super admin's), so a page is read from an index in order instead of
 * sorting every matching row. Each index ends, implicitly, with the primary key, which breaks the
 * lists' ties. Large tables only (vehicles, containers, invoices, users); ports and companies
 * are a few hundred rows.
 */
const INDEXES: Record<string, string[][]> = {
  vehicles: [
    ['companyId', 'make'], ['companyId', 'model'], ['companyId', 'year'], ['companyId', 'vin'],
    ['make'], ['model'], ['year'],
    // A buyer's list: its purchases, newest first.
    ['buyerId', 'createdAt'],
  ],
  containers: [
    ['companyId', 'loadingDate'], ['companyId', 'arrivalDate'], ['companyId', 'number'],
    ['bookingNumber'], ['containerSize'], ['shippingLine'],
  ],
  invoices: [['companyId', 'issuedDate'], ['createdAt'], ['issuedDate']],
  users: [['companyId', 'createdAt']],
};

export async function up(knex: Knex): Promise<void> {
  for (const [table, indexes] of Object.entries(INDEXES)) {
    await addIndexes(knex, table, indexes);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, indexes] of Object.entries(INDEXES)) {
    await dropIndexes(knex, table, indexes);
  }
}
