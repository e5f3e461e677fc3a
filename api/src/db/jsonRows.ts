import type { Knex } from 'knex';
import { selectArrays, selectRows, type ReadHow } from './connection';
import { isMysql } from './engine';
import { keptTexts } from './keptTexts';

/**
 * Reads of many rows that SQLite writes as one JSON text, which V8 then parses. better-sqlite3
 * builds every value of every row through V8's C++ API, and that costs far more than SQLite's own
 * work: a containers page's 25 rows took 27 µs in SQLite and 386 µs as objects (173 µs as arrays),
 * against 80 µs as SQLite's JSON parsed by JSON.parse. MySQL/MariaDB answer as before (mysql2
 * parses its rows in JavaScript; asking it for JSON would only add work there).
 *
 * For constant SELECTs whose answer columns are `columns` (their names, each once) and hold text,
 * numbers or NULL: SQLite's JSON cannot hold a BLOB (the read then fails, as a test would show at
 * once). Integers come back as numbers and reals with every digit, as better-sqlite3 gives them;
 * the rows come in the order the SELECT reads them, which callers put right themselves.
 */

/** A name as an SQL identifier and as a JSON key (the names are the app's own, never a user's). */
const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (name: string) => `'${name.replaceAll("'", "''")}'`;

/** The wrapping texts, by SELECT text and shape: the SELECTs are constant, so these are few. */
const wrapped = keptTexts();

function jsonText(sql: string, columns: readonly string[], as: 'arrays' | 'objects'): string {
  return wrapped(`${as}\n${columns.join('\n')}\n${sql}`, () => {
    const values = as === 'arrays' ? `json_array(${columns.map(identifier).join(', ')})` : `json_object(${columns.map((c) => `${literal(c)}, ${identifier(c)}`).join(', ')})`;
    return `select json_group_array(${values}) from (${sql})`;
  });
}

async function selectJson(db: Knex, sql: string, columns: readonly string[], as: 'arrays' | 'objects', bindings: readonly Knex.Value[]): Promise<unknown[]> {
  const [[text]] = await selectArrays(db, jsonText(sql, columns, as), bindings);
  return JSON.parse(text as string) as unknown[];
}

/** The rows read through JSON are a page's (joins, file figures): prepared on MySQL (ReadHow). */
const PAGE_ROWS: ReadHow = { prepared: true };

/** The rows of `sql` as arrays of their values in `columns`' order (selectArrays' answer). */
export async function selectArraysViaJson(db: Knex, sql: string, columns: readonly string[], bindings: readonly Knex.Value[]): Promise<unknown[][]> {
  if (isMysql(db)) return selectArrays(db, sql, bindings, PAGE_ROWS);
  return (await selectJson(db, sql, columns, 'arrays', bindings)) as unknown[][];
}

/** The rows of `sql` as objects keyed by `columns`, in that order (selectRows' answer). */
export async function selectRowsViaJson<Row>(db: Knex, sql: string, columns: readonly string[], bindings: readonly Knex.Value[]): Promise<Row[]> {
  if (isMysql(db)) return selectRows<Row>(db, sql, bindings, PAGE_ROWS);
  return (await selectJson(db, sql, columns, 'objects', bindings)) as Row[];
}

/**
 * The names of a table's columns in the table's order (what `t.*` answers), read once per
 * database: a SELECT of `t.*` read through JSON names them that way. Migrations run before the app
 * serves, so the columns do not change under it.
 */
const tableColumns = new WeakMap<Knex, Map<string, Promise<string[]>>>();
export function columnsOfTable(db: Knex, table: string): Promise<string[]> {
  let tables = tableColumns.get(db);
  if (!tables) tableColumns.set(db, (tables = new Map()));
  let names = tables.get(table);
  if (!names) {
    const sql = isMysql(db)
      ? 'select column_name as name from information_schema.columns where table_schema = database() and table_name = ? order by ordinal_position'
      : 'select name from pragma_table_info(?) order by cid';
    names = selectRows<{ name: string }>(db, sql, [table]).then((rows) => rows.map((row) => row.name));
    // A failed read is not kept: the next request asks again.
    names.catch(() => tables.delete(table));
    tables.set(table, names);
  }
  return names;
}
