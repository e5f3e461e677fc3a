import type { Knex } from 'knex';
import { createTable, isMysql, dropTriggersThatExist } from './helpers';

/**
 * The vehicle search (any part of the VIN, make or model) from an index (one search over a
 * million vehicles cost 5.5 s of SQL as a LIKE that read every row), kept in the writing
 * transaction by the operations that write vehicles (api/src/resources/vehicles/searchIndex.ts).
 * No triggers: a MariaDB with binary logging refuses them without SUPER (docs/decisions.md;
 * migration 20261128000200 drops those an earlier version made).
 *
 * Safe to run again after failing halfway on MySQL/MariaDB (DDL is not transactional there): a
 * table left by the failed run is kept, and the vehicles already there are taken in again.
 *
 * SQLite: an FTS5 table with the trigram tokenizer, holding no copy of the text (contentless,
 * content=''), whose entries are deleted by rowid (contentless_delete=1, SQLite 3.43): a writer
 * removes a vehicle's entry without having to give the text it indexed.
 *
 * MySQL/MariaDB: MariaDB has no n-gram full-text parser, and a word index cannot find the middle of
 * a VIN. So every suffix of three characters or more of the VIN, make and model is a row of
 * `vehicle_search_suffixes`: a text contains q exactly when one of its suffixes starts with q,
 * which the index on `suffix` answers as a range (`suffix LIKE 'q%'`), in the column's
 * case-insensitive collation, as the LIKE it replaces. About 25 rows per vehicle.
 */
/** The triggers an earlier version of this migration made, should they still be there. */
const OLD_TRIGGERS = ['vehicles_search_insert', 'vehicles_search_delete', 'vehicles_search_update'];
/** The longest text indexed: the make and model columns' length. */
const MAX_TEXT = 100;

async function upMysql(knex: Knex) {
  // A table left by a run that failed halfway (perhaps without its foreign key or index, which knex
  // adds by statements of their own) holds only suffixes made from the vehicles: made again.
  await knex.schema.dropTableIfExists('vehicle_search_suffixes');
  await createTable(knex, 'vehicle_search_suffixes', (t) => {
    t.string('suffix', MAX_TEXT).notNullable();
    t.integer('vehicleId').unsigned().notNullable().references('vehicles.id').onDelete('CASCADE').index();
    t.primary(['suffix', 'vehicleId']);
  });
  // The vehicles already there: positions 1…100 joined with every text long enough.
  const positions = Array.from({ length: MAX_TEXT }, (_, i) => `SELECT ${i + 1} AS i`).join(' UNION ALL ');
  await knex.raw(`INSERT IGNORE INTO vehicle_search_suffixes (suffix, vehicleId)
    SELECT SUBSTRING(t.txt, p.i), t.id
    FROM (SELECT id, vin AS txt FROM vehicles UNION ALL SELECT id, make FROM vehicles WHERE make IS NOT NULL UNION ALL SELECT id, model FROM vehicles WHERE model IS NOT NULL) t
    JOIN (${positions}) p ON p.i <= CHAR_LENGTH(t.txt) - 2`);
}

async function upSqlite(knex: Knex) {
  await knex.raw(`create virtual table if not exists vehicles_search using fts5(vin, make, model, content='', contentless_delete=1, tokenize='trigram')`);
  await knex.raw(`insert or replace into vehicles_search (rowid, vin, make, model) select id, vin, make, model from vehicles`);
}

export async function up(knex: Knex): Promise<void> {
  await (isMysql(knex) ? upMysql(knex) : upSqlite(knex));
}

export async function down(knex: Knex): Promise<void> {
  await dropTriggersThatExist(knex, OLD_TRIGGERS);
  await knex.schema.dropTableIfExists(isMysql(knex) ? 'vehicle_search_suffixes' : 'vehicles_search');
}
