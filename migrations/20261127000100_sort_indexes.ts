import type { Knex } from 'knex';
import { addIndexes, dropIndexes } from './helpers';

/**
 * A company's containers sorted by booking number, size or shipping line read their page from an
 * index (20261125000100 indexed those across companies only). Each index ends, implicitly, with
 * the primary key: the list's order exactly.
 */
const INDEXES = [['companyId', 'bookingNumber'], ['companyId', 'containerSize'], ['companyId', 'shippingLine']];

export async function up(knex: Knex): Promise<void> {
  await addIndexes(knex, 'containers', INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, 'containers', INDEXES);
}
