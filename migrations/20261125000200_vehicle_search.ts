import type { Knex } from 'knex';
import { createTable, isMysql } from './helpers';

/**
 * The vehicle search (any part of the VIN, make or model) from an index, kept by triggers so that
 * every way a vehicle is written keeps it (one search over a million vehicles cost 5.5 s of SQL
 * as a LIKE that read every row).
 *
 * SQLite: an FTS5 table with the trigram tokenizer, holding no copy of the text
 * (content='vehicles').
 *
 * MySQL/MariaDB: MariaDB has no n-gram full-text parser, and a word index cannot find the middle of
 * a VIN. So every suffix of three characters or more of the VIN, make and model is a row of
 * `vehicle_search_suffixes`: a text contains q exactly when one of its suffixes starts with q,
 * which the index on `suffix` answers as a range (`suffix LIKE 'q%'`), in the column's
 * case-insensitive collation, as the LIKE it replaces. About 25 rows per vehicle.
 */
const SQLITE_TRIGGERS = ['vehicles_search_insert', 'vehicles_search_delete', 'vehicles_search_update'];
const MYSQL_TRIGGERS = ['vehicles_search_insert', 'vehicles_search_update'];
/** The longest text indexed: the make and model columns' length. */
const MAX_TEXT = 100;

/** Statements of a trigger body: the suffixes of NEW's VIN, make and model, for NEW.id. */
const insertSuffixes = `
    DECLARE i INT;
    DECLARE txt VARCHAR(${MAX_TEXT});
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

async function upMysql(knex: Knex) {
  await createTable(knex, 'vehicle_search_suffixes', (t) => {
    t.string('suffix', MAX_TEXT).notNullable();
    t.integer('vehicleId').unsigned().notNullable().references('vehicles.id').onDelete('CASCADE').index();
    t.primary(['suffix', 'vehicleId']);
  });
  await knex.raw(`CREATE TRIGGER vehicles_search_insert AFTER INSERT ON vehicles FOR EACH ROW BEGIN ${insertSuffixes} END`);
  await knex.raw(`CREATE TRIGGER vehicles_search_update AFTER UPDATE ON vehicles FOR EACH ROW BEGIN
    IF NOT (NEW.vin <=> OLD.vin AND NEW.make <=> OLD.make AND NEW.model <=> OLD.model) THEN
      BEGIN
        DELETE FROM vehicle_search_suffixes WHERE vehicleId = NEW.id;
        BEGIN ${insertSuffixes} END;
      END;
    END IF;
  END`);
  // The vehicles already there: positions 1…100 joined with every text long enough.
  const positions = Array.from({ length: MAX_TEXT }, (_, i) => `SELECT ${i + 1} AS i`).join(' UNION ALL ');
  await knex.raw(`INSERT IGNORE INTO vehicle_search_suffixes (suffix, vehicleId)
    SELECT SUBSTRING(t.txt, p.i), t.id
    FROM (SELECT id, vin AS txt FROM vehicles UNION ALL SELECT id, make FROM vehicles WHERE make IS NOT NULL UNION ALL SELECT id, model FROM vehicles WHERE model IS NOT NULL) t
    JOIN (${positions}) p ON p.i <= CHAR_LENGTH(t.txt) - 2`);
}

async function upSqlite(knex: Knex) {
  await knex.raw(`create virtual table vehicles_search using fts5(vin, make, model, content='vehicles', content_rowid='id', tokenize='trigram')`);
  await knex.raw(`create trigger vehicles_search_insert after insert on vehicles begin
    insert into vehicles_search(rowid, vin, make, model) values (new.id, new.vin, new.make, new.model);
  end`);
  await knex.raw(`create trigger vehicles_search_delete after delete on vehicles begin
    insert into vehicles_search(vehicles_search, rowid, vin, make, model) values ('delete', old.id, old.vin, old.make, old.model);
  end`);
  await knex.raw(`create trigger vehicles_search_update after update of vin, make, model on vehicles begin
    insert into vehicles_search(vehicles_search, rowid, vin, make, model) values ('delete', old.id, old.vin, old.make, old.model);
    insert into vehicles_search(rowid, vin, make, model) values (new.id, new.vin, new.make, new.model);
  end`);
  await knex.raw(`insert into vehicles_search(vehicles_search) values ('rebuild')`);
}

export async function up(knex: Knex): Promise<void> {
  await (isMysql(knex) ? upMysql(knex) : upSqlite(knex));
}

export async function down(knex: Knex): Promise<void> {
  for (const trigger of isMysql(knex) ? MYSQL_TRIGGERS : SQLITE_TRIGGERS) await knex.raw(`drop trigger if exists ${trigger}`);
  await knex.schema.dropTableIfExists(isMysql(knex) ? 'vehicle_search_suffixes' : 'vehicles_search');
}
