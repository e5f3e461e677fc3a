import type { Knex } from 'knex';
import { createTable, isMysql } from './helpers';

/**
 * How many vehicles (per status) and containers each company has, kept by triggers in the writing
 * transaction, so that every way a row is written keeps the figures exact. An unfiltered list's
 * total and the dashboard's counts by status are read from here (resources/rowCounts.ts) instead
 * of counting rows: the super admin's vehicle list counted all 100,000 vehicles on every page
 * (9 ms of InnoDB each time), and a million would take ten times that.
 */
const COUNTED: { table: string; status: string | null }[] = [
  { table: 'vehicles', status: 'status' },
  // Containers have no status: their one figure is kept under ''.
  { table: 'containers', status: null },
];

const triggerNames = (table: string) => [`${table}_count_insert`, `${table}_count_delete`, `${table}_count_move`];

function sqliteTriggers(table: string, status: string | null): string[] {
  const statusOf = (row: string) => (status ? `${row}.${status}` : `''`);
  const add = (row: string) => `insert into company_row_counts (tableName, companyId, status, total) values ('${table}', ${row}.companyId, ${statusOf(row)}, 1)
      on conflict (tableName, companyId, status) do update set total = total + 1;`;
  const remove = (row: string) =>
    `update company_row_counts set total = total - 1 where tableName = '${table}' and companyId = ${row}.companyId and status = ${statusOf(row)};`;
  const moved = status ? `old.companyId is not new.companyId or old.${status} is not new.${status}` : 'old.companyId is not new.companyId';
  const [onInsert, onDelete, onMove] = triggerNames(table);
  return [
    `create trigger ${onInsert} after insert on ${table} begin ${add('new')} end`,
    `create trigger ${onDelete} after delete on ${table} begin ${remove('old')} end`,
    `create trigger ${onMove} after update of companyId${status ? `, ${status}` : ''} on ${table} when ${moved} begin ${remove('old')} ${add('new')} end`,
  ];
}

function mysqlTriggers(table: string, status: string | null): string[] {
  const statusOf = (row: string) => (status ? `${row}.${status}` : `''`);
  const add = (row: string) => `INSERT INTO company_row_counts (tableName, companyId, status, total) VALUES ('${table}', ${row}.companyId, ${statusOf(row)}, 1)
      ON DUPLICATE KEY UPDATE total = total + 1;`;
  const remove = (row: string) =>
    `UPDATE company_row_counts SET total = total - 1 WHERE tableName = '${table}' AND companyId = ${row}.companyId AND status = ${statusOf(row)};`;
  const unchanged = status ? `NEW.companyId <=> OLD.companyId AND NEW.${status} <=> OLD.${status}` : 'NEW.companyId <=> OLD.companyId';
  const [onInsert, onDelete, onMove] = triggerNames(table);
  return [
    `CREATE TRIGGER ${onInsert} AFTER INSERT ON ${table} FOR EACH ROW BEGIN ${add('NEW')} END`,
    `CREATE TRIGGER ${onDelete} AFTER DELETE ON ${table} FOR EACH ROW BEGIN ${remove('OLD')} END`,
    `CREATE TRIGGER ${onMove} AFTER UPDATE ON ${table} FOR EACH ROW BEGIN IF NOT (${unchanged}) THEN ${remove('OLD')} ${add('NEW')} END IF; END`,
  ];
}

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'company_row_counts', (t) => {
    t.string('tableName', 32).notNullable();
    t.integer('companyId').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    t.string('status', 20).notNullable();
    t.bigInteger('total').notNullable();
    t.primary(['tableName', 'companyId', 'status']);
  });
  for (const { table, status } of COUNTED) {
    for (const sql of isMysql(knex) ? mysqlTriggers(table, status) : sqliteTriggers(table, status)) await knex.raw(sql);
    // The rows already there.
    const columns = status ? `companyId, ${status}` : 'companyId';
    await knex.raw(
      `insert into company_row_counts (tableName, companyId, status, total) select ?, ${status ? columns : `${columns}, ''`}, count(*) from ?? group by ${columns}`,
      [table, table],
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { table } of COUNTED) {
    for (const trigger of triggerNames(table)) await knex.raw(`drop trigger if exists ${trigger}`);
  }
  await knex.schema.dropTableIfExists('company_row_counts');
}
