import type { Knex } from 'knex';

/**
 * A company's containers sorted by booking number, size or shipping line read their page from an
 * index (20261125000100 indexed those across companies only). Each index ends, implicitly, with
 * the primary key: the list's order exactly.
 */
const INDEXES = [['companyId', 'bookingNumber'], ['companyId', 'containerSize'], ['companyId', 'shippingLine']];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('containers', (t) => INDEXES.forEach((columns) => t.index(columns)));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('containers', (t) => INDEXES.forEach((columns) => t.dropIndex(columns)));
}
