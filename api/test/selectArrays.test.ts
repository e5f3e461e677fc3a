import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, columnsOfTable, createDb, selectArrays, selectArraysViaJson, selectRows, selectRowsViaJson } from '../src/db';
import { createTestDatabase, ENGINES, type TestDatabase } from './support/engines';

/**
 * selectArrays (the vehicle list's rows) answers each row as its values in the SELECT's order, on
 * both engines and whichever way SQLite runs the read (the first time knex's way, then at once on
 * the writer); and asking for arrays never changes what selectRows or knex answer for the same text.
 */
describe.each(ENGINES)('rows as arrays on %s', (engine) => {
  let database: TestDatabase;
  let db: Knex;
  const sql = 'select id, label, amount, note from array_rows where id in (?, ?) order by id desc';

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = createDb(database.url);
    await db.schema.createTable('array_rows', (t) => {
      t.increments('id');
      t.string('label').notNullable();
      t.integer('amount').notNullable();
      t.string('note');
    });
    await db('array_rows').insert([
      { label: 'first', amount: 10, note: null },
      { label: 'second', amount: 20, note: 'kept' },
    ]);
  });
  afterAll(async () => {
    await closeDb(db);
    await database.drop();
  });

  it('answers the values in the order selected, the same each time the text runs', async () => {
    for (let run = 0; run < 4; run++) {
      expect(await selectArrays(db, sql, [1, 2])).toEqual([
        [2, 'second', 20, 'kept'],
        [1, 'first', 10, null],
      ]);
    }
  });

  it('leaves the same text answering objects to selectRows and to knex', async () => {
    await selectArrays(db, sql, [1, 2]);
    expect(await selectRows(db, sql, [1, 2])).toEqual([
      { id: 2, label: 'second', amount: 20, note: 'kept' },
      { id: 1, label: 'first', amount: 10, note: null },
    ]);
    const viaKnex = await db.raw(sql, [1, 2]);
    const rows = engine === 'mysql' ? viaKnex[0] : viaKnex;
    expect(rows.map((row: Record<string, unknown>) => ({ ...row }))).toEqual([
      { id: 2, label: 'second', amount: 20, note: 'kept' },
      { id: 1, label: 'first', amount: 10, note: null },
    ]);
    expect(await selectArrays(db, sql, [2, 99])).toEqual([[2, 'second', 20, 'kept']]);
  });
});

/**
 * The JSON way (db/jsonRows.ts: on SQLite, SQLite writes the rows as one JSON text) answers what
 * selectArrays and selectRows answer, value for value, on both engines: text of every kind (quotes,
 * control characters, non-Latin scripts, text that looks like JSON), integers, reals with all their
 * digits, NULL, and no rows at all.
 */
describe.each(ENGINES)('rows through JSON on %s', (engine) => {
  let database: TestDatabase;
  let db: Knex;
  const sql = 'select id, label, amount, ratio, note from json_rows where id in (?, ?, ?) order by id';
  const columns = ['id', 'label', 'amount', 'ratio', 'note'];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = createDb(database.url);
    await db.schema.createTable('json_rows', (t) => {
      t.increments('id');
      t.string('label').notNullable();
      t.bigInteger('amount').notNullable();
      t.double('ratio');
      t.text('note');
    });
    await db('json_rows').insert([
      { label: 'say "hi" \\ back', amount: 9007199254740991, ratio: 0.1 + 0.2, note: null },
      { label: 'سيارة\u0001\ttab', amount: -5, ratio: 1e300, note: '{"color":"White"}' },
      { label: "it's 😀", amount: 0, ratio: null, note: '' },
    ]);
  });
  afterAll(async () => {
    await closeDb(db);
    await database.drop();
  });

  it('answers the arrays and the objects the plain reads answer', async () => {
    const expected = await selectRows<Record<string, unknown>>(db, sql, [1, 2, 3]);
    expect(expected[1]).toEqual({ id: 2, label: 'سيارة\u0001\ttab', amount: -5, ratio: 1e300, note: '{"color":"White"}' });
    expect(expected[0].ratio).toBe(0.30000000000000004);
    for (let run = 0; run < 3; run++) {
      expect(await selectArraysViaJson(db, sql, columns, [1, 2, 3])).toEqual(await selectArrays(db, sql, [1, 2, 3]));
      const objects = await selectRowsViaJson<Record<string, unknown>>(db, sql, columns, [1, 2, 3]);
      expect(objects).toEqual(expected);
      expect(objects.map((row) => Object.keys(row))).toEqual(expected.map(() => columns));
    }
    expect(await selectArraysViaJson(db, sql, columns, [97, 98, 99])).toEqual([]);
    expect(await selectRowsViaJson(db, sql, columns, [97, 98, 99])).toEqual([]);
  });

  it('names a table\'s columns in the order t.* answers them', async () => {
    expect(await columnsOfTable(db, 'json_rows')).toEqual(columns);
    const [row] = await selectRows<Record<string, unknown>>(db, 'select t.* from json_rows t where id = ?', [1]);
    expect(Object.keys(row)).toEqual(columns);
  });
});
