import type { Knex } from 'knex';

/**
 * The vehicle list sorted by status reads its page from an index again, per company and across
 * companies. Migration 20261121000200 replaced the status indexes with status-then-creation-time
 * ones for the dashboard; the list breaks a status's ties by id, so MariaDB sorted every vehicle
 * for each page (29 ms at 100,000 vehicles, seconds at a million). Each index ends, implicitly,
 * with the primary key: the list's order exactly.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vehicles', (t) => {
    t.index(['status']);
    t.index(['companyId', 'status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vehicles', (t) => {
    t.dropIndex(['status']);
    t.dropIndex(['companyId', 'status']);
  });
}
