import type { Knex } from 'knex';
import { isMysql, dropTriggersThatExist } from './helpers';

/**
 * The kept counts (company_row_counts) and the vehicle search index are written by the operations
 * in their own transactions (api/src/resources/rowCounts.ts, vehicles/searchIndex.ts), no longer
 * by triggers: on a MariaDB with binary logging, creating a trigger needs SUPER or
 * log_bin_trust_function_creators, which the documented grants do not give (docs/decisions.md).
 * Migrations 20261125000200 and 20261126000200 make none any more; this one drops those an
 * earlier version of them made. Each step is a DROP ... IF EXISTS, so a run that failed halfway
 * (MySQL's DDL is not transactional) runs again to the end.
 *
 * On SQLite the search index made by the earlier version read its text from `vehicles`
 * (content='vehicles'), and an entry could only be deleted by giving the text it indexed: it is
 * made again contentless with deletes by rowid, as 20261125000200 now makes it (SQLite's DDL is
 * transactional, and the step is skipped once done).
 *
 * The down puts them back as the earlier version had them, for that version's code: on a MariaDB
 * with binary logging it needs the grants this migration does away with.
 */
const COUNTED = [
  { table: 'vehicles', status: 'status' },
  { table: 'containers', status: null },
] as const;

const countTriggers = (table: string) => [`${table}_count_insert`, `${table}_count_delete`, `${table}_count_move`];
const SEARCH_TRIGGERS = ['vehicles_search_insert', 'vehicles_search_delete', 'vehicles_search_update'];
const ALL_TRIGGERS = [...COUNTED.flatMap(({ table }) => countTriggers(table)), ...SEARCH_TRIGGERS];

const indexDefinition = async (knex: Knex) => ((await knex('sqlite_master').where({ name: 'vehicles_search' }).first('sql')) as { sql: string } | undefined)?.sql;

async function makeSqliteIndex(knex: Knex, definition: 'contentless' | 'external') {
  await knex.raw('drop table if exists vehicles_search');
  if (definition === 'contentless') {
    await knex.raw(`create virtual table vehicles_search using fts5(vin, make, model, content='', contentless_delete=1, tokenize='trigram')`);
    await knex.raw('insert into vehicles_search (rowid, vin, make, model) select id, vin, make, model from vehicles');
  } else {
    await knex.raw(`create virtual table vehicles_search using fts5(vin, make, model, content='vehicles', content_rowid='id', tokenize='trigram')`);
    await knex.raw(`insert into vehicles_search(vehicles_search) values ('rebuild')`);
  }
}

export async function up(knex: Knex): Promise<void> {
  await dropTriggersThatExist(knex, ALL_TRIGGERS);
  if (!isMysql(knex)) {
    const definition = await indexDefinition(knex);
    if (definition && !/contentless_delete/i.test(definition)) await makeSqliteIndex(knex, 'contentless');
  }
}

// The earlier version's triggers, for the down.

function sqliteCountTriggers(table: string, status: string | null): string[] {
  const statusOf = (row: string) => (status ? `${row}.${status}` : `''`);
  const add = (row: string) => `insert into company_row_counts (tableName, companyId, status, total) values ('${table}', ${row}.companyId, ${statusOf(row)}, 1)
      on conflict (tableName, companyId, status) do update set total = total + 1;`;
  const remove = (row: string) =>
    `update company_row_counts set total = total - 1 where tableName = '${table}' and companyId = ${row}.companyId and status = ${statusOf(row)};`;
  const moved = status ? `old.companyId is not new.companyId or old.${status} is not new.${status}` : 'old.companyId is not new.companyId';
  const [onInsert, onDelete, onMove] = countTriggers(table);
  return [
    `create trigger ${onInsert} after insert on ${table} begin ${add('new')} end`,
    `create trigger ${onDelete} after delete on ${table} begin ${remove('old')} end`,
    `create trigger ${onMove} after update of companyId${status ? `, ${status}` : ''} on ${table} when ${moved} begin ${remove('old')} ${add('new')} end`,
  ];
}

function mysqlCountTriggers(table: string, status: string | null): string[] {
  const statusOf = (row: string) => (status ? `${row}.${status}` : `''`);
  const add = (row: string) => `INSERT INTO company_row_counts (tableName, companyId, status, total) VALUES ('${table}', ${row}.companyId, ${statusOf(row)}, 1)
      ON DUPLICATE KEY UPDATE total = total + 1;`;
  const remove = (row: string) =>
    `UPDATE company_row_counts SET total = total - 1 WHERE tableName = '${table}' AND companyId = ${row}.companyId AND status = ${statusOf(row)};`;
  const unchanged = status ? `NEW.companyId <=> OLD.companyId AND NEW.${status} <=> OLD.${status}` : 'NEW.companyId <=> OLD.companyId';
  const [onInsert, onDelete, onMove] = countTriggers(table);
  return [
    `CREATE TRIGGER ${onInsert} AFTER INSERT ON ${table} FOR EACH ROW BEGIN ${add('NEW')} END`,
    `CREATE TRIGGER ${onDelete} AFTER DELETE ON ${table} FOR EACH ROW BEGIN ${remove('OLD')} END`,
    `CREATE TRIGGER ${onMove} AFTER UPDATE ON ${table} FOR EACH ROW BEGIN IF NOT (${unchanged}) THEN ${remove('OLD')} ${add('NEW')} END IF; END`,
  ];
}

/** Statements of a trigger body: the suffixes of NEW's VIN, make and model, for NEW.id. */
const insertSuffixes = `
    DECLARE i INT;
    DECLARE txt VARCHAR(100);
    DECLARE k INT DEFAULT 0;
    WHILE k < 3 DO
      SET txt = CASE k WHEN 0 THEN NEW.vin WHEN 1 THEN NEW.make ELSE NEW.model END;
      SET i = 1;
      WHILE txt IS NOT NULL AND i <= CHAR_LENGTH(txt) - 2 DO
        INSERT IGNORE INTO vehicle_search_suffixes (suffix, vehicleId) VALUES (SUBSTRING(txt, i), NEW.id);
        SET i = i + 1;
      END WHILE;
      SET k = k + 1;
    END WHILE;`;

const MYSQL_SEARCH_TRIGGERS = [
  `CREATE TRIGGER vehicles_search_insert AFTER INSERT ON vehicles FOR EACH ROW BEGIN ${insertSuffixes} END`,
  `CREATE TRIGGER vehicles_search_update AFTER UPDATE ON vehicles FOR EACH ROW BEGIN
    IF NOT (NEW.vin <=> OLD.vin AND NEW.make <=> OLD.make AND NEW.model <=> OLD.model) THEN
      BEGIN
        DELETE FROM vehicle_search_suffixes WHERE vehicleId = NEW.id;
        BEGIN ${insertSuffixes} END;
      END;
    END IF;
  END`,
];

const SQLITE_SEARCH_TRIGGERS = [
  `create trigger vehicles_search_insert after insert on vehicles begin
    insert into vehicles_search(rowid, vin, make, model) values (new.id, new.vin, new.make, new.model);
  end`,
  `create trigger vehicles_search_delete after delete on vehicles begin
    insert into vehicles_search(vehicles_search, rowid, vin, make, model) values ('delete', old.id, old.vin, old.make, old.model);
  end`,
  `create trigger vehicles_search_update after update of vin, make, model on vehicles begin
    insert into vehicles_search(vehicles_search, rowid, vin, make, model) values ('delete', old.id, old.vin, old.make, old.model);
    insert into vehicles_search(rowid, vin, make, model) values (new.id, new.vin, new.make, new.model);
  end`,
];

/** MySQL/MariaDB's refusals of CREATE TRIGGER to a user without TRIGGER, or without SUPER under binary logging. */
const REFUSED_TRIGGER = new Set(['ER_BINLOG_CREATE_ROUTINE_NEED_SUPER', 'ER_TABLEACCESS_DENIED_ERROR', 'ER_SPECIFIC_ACCESS_DENIED_ERROR']);

/**
 * Back to the earlier version's triggers, for a version that relied on them. A MySQL/MariaDB user
 * that may not create them (the documented grants, binary logging on) could not have run that
 * version either: the schema then goes back without them, and says so, rather than stopping the
 * rollback of the migrations before it (which, in this version, make none).
 */
export async function down(knex: Knex): Promise<void> {
  await dropTriggersThatExist(knex, ALL_TRIGGERS);
  const mysql = isMysql(knex);
  if (!mysql && (await indexDefinition(knex))) await makeSqliteIndex(knex, 'external');
  const triggers = [...COUNTED.flatMap(({ table, status }) => (mysql ? mysqlCountTriggers(table, status) : sqliteCountTriggers(table, status))), ...(mysql ? MYSQL_SEARCH_TRIGGERS : SQLITE_SEARCH_TRIGGERS)];
  try {
    for (const sql of triggers) await knex.raw(sql);
  } catch (error) {
    if (!mysql || !REFUSED_TRIGGER.has((error as { code?: string }).code ?? '')) throw error;
    await dropTriggersThatExist(knex, ALL_TRIGGERS);
    console.warn(`20261128000200 undone without the earlier version's triggers: this database user may not create triggers (${(error as Error).message.split(' - ').at(-1)})`);
  }
}
