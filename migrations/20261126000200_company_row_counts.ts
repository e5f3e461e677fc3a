import type { Knex } from 'knex';
import { createTable, dropTriggersThatExist } from './helpers';

/**
 * How many vehicles (per status) and containers each company has, kept in the writing transaction
 * by the operations that write the rows (api/src/resources/rowCounts.ts, keepRowCounts): no
 * triggers, which a MariaDB with binary logging refuses without SUPER (docs/decisions.md;
 * migration 20261128000200 drops those an earlier version made). An unfiltered list's
 * total and the dashboard's counts by status are read from here (resources/rowCounts.ts) instead
 * of counting rows: the super admin's vehicle list counted all 100,000 vehicles on every page
 * (9 ms of InnoDB each time), and a million would take ten times that.
 */
const COUNTED: { table: string; status: string | null }[] = [
  { table: 'vehicles', status: 'status' },
  // Containers have no status: their one figure is kept under ''.
  { table: 'containers', status: null },
];

/**
 * Safe to run again after failing halfway on MySQL/MariaDB, where DDL is not transactional: a
 * table left by the failed run (perhaps without its foreign key, which knex adds by a statement
 * of its own) holds only figures, so it is made again and its figures counted again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('company_row_counts');
  await createTable(knex, 'company_row_counts', (t) => {
    t.string('tableName', 32).notNullable();
    t.integer('companyId').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    t.string('status', 20).notNullable();
    t.bigInteger('total').notNullable();
    t.primary(['tableName', 'companyId', 'status']);
  });
  for (const { table, status } of COUNTED) {
    // The rows already there.
    const columns = status ? `companyId, ${status}` : 'companyId';
    await knex.raw(
      `insert into company_row_counts (tableName, companyId, status, total) select ?, ${status ? columns : `${columns}, ''`}, count(*) from ?? group by ${columns}`,
      [table, table],
    );
  }
}

/** The triggers an earlier version of this migration made, should they still be there. */
const OLD_TRIGGERS = COUNTED.flatMap(({ table }) => [`${table}_count_insert`, `${table}_count_delete`, `${table}_count_move`]);

export async function down(knex: Knex): Promise<void> {
  await dropTriggersThatExist(knex, OLD_TRIGGERS);
  await knex.schema.dropTableIfExists('company_row_counts');
}
