import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, selectArrays, selectRows } from '../src/db';
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
