import type { Knex } from 'knex';

/**
 * The sorts that still sorted every matching row read their page from an index:
 * - vehicles by status, per company and across companies. Migration 20261121000200 replaced the
 *   status indexes with status-then-creation-time ones for the dashboard, and the list breaks a
 *   status's ties by id, so MariaDB sorted every vehicle for each page (29 ms at 100,000
 *   vehicles, seconds at a million);
 * - a company's containers by booking number, size and shipping line (20261125000100 indexed
 *   those across companies only).
 * Each index ends, implicitly, with the primary key: the list's order exactly.
 */
const INDEXES: Record<string, string[][]> = {
  vehicles: [['status'], ['companyId', 'status']],
  containers: [['companyId', 'bookingNumber'], ['companyId', 'containerSize'], ['companyId', 'shippingLine']],
};

export async function up(knex: Knex): Promise<void> {
  for (const [table, indexes] of Object.entries(INDEXES)) {
    await knex.schema.alterTable(table, (t) => indexes.forEach((columns) => t.index(columns)));
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, indexes] of Object.entries(INDEXES)) {
    await knex.schema.alterTable(table, (t) => indexes.forEach((columns) => t.dropIndex(columns)));
  }
}
