import type { Knex } from 'knex';

/**
 * The dashboard lists the newest vehicles of each status. With the status and then the creation
 * time in one index, each status's newest rows are read straight from the index, instead of
 * ranking every vehicle of the company (or of the whole install, for a super administrator).
 * The new indexes start with the columns of the ones they replace, so counting by status still
 * reads the index alone.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vehicles', (t) => {
    t.index(['companyId', 'status', 'createdAt']);
    t.index(['status', 'createdAt']);
  });
  await knex.schema.alterTable('vehicles', (t) => {
    t.dropIndex(['companyId', 'status']);
    t.dropIndex(['status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vehicles', (t) => {
    t.index(['companyId', 'status']);
    t.index(['status']);
  });
  await knex.schema.alterTable('vehicles', (t) => {
    t.dropIndex(['companyId', 'status', 'createdAt']);
    t.dropIndex(['status', 'createdAt']);
  });
}
