import { statSync } from 'node:fs';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, selectRows } from '../src/db';
import { startCheckpointer } from '../src/sqliteCheckpointer';
import { createTestDatabase, type TestDatabase } from './support/engines';

/**
 * The embedded engine's client keeps prepared statements (a kept statement must never answer
 * stale) and leaves checkpoints of the write-ahead log to a worker thread.
 */
describe('SQLite client', () => {
  let database: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    db = createDb(database.url);
    await db.schema.createTable('notes', (t) => {
      t.increments('id');
      t.string('text').notNullable().unique();
    });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('runs the same query again with new bindings and sees rows written in between', async () => {
    const [first] = await db('notes').insert({ text: 'one' });
    expect(first).toBe(1);
    expect(await db('notes').where({ text: 'one' }).pluck('id')).toEqual([1]);
    const [second] = await db('notes').insert({ text: 'two' });
    expect(second).toBe(2);
    expect(await db('notes').where({ text: 'two' }).pluck('id')).toEqual([2]);
    expect(await db('notes').orderBy('id').pluck('text')).toEqual(['one', 'two']);
    expect(await db('notes').where({ id: 1 }).update({ text: 'uno' })).toBe(1);
    expect(await db('notes').where({ id: 99 }).update({ text: 'none' })).toBe(0);
  });

  it('reports a constraint error every time the same statement fails, and keeps working after', async () => {
    for (let i = 0; i < 2; i++) {
      await expect(db('notes').insert({ text: 'two' })).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    }
    expect(await db('notes').count({ n: '*' })).toEqual([{ n: 2 }]);
  });

  it('rolls a transaction back, and the statements used inside it still work outside', async () => {
    await expect(
      db.transaction(async (trx) => {
        await trx('notes').insert({ text: 'three' });
        expect(await trx('notes').count({ n: '*' })).toEqual([{ n: 3 }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await db('notes').count({ n: '*' })).toEqual([{ n: 2 }]);
    expect(await db('notes').where({ text: 'three' }).pluck('id')).toEqual([]);
  });

  it('sees a column added by a migration after the query was first kept', async () => {
    expect(Object.keys((await db('notes').select('*').orderBy('id'))[0])).toEqual(['id', 'text']);
    await db.schema.alterTable('notes', (t) => t.string('colour').nullable());
    await db('notes').where({ id: 1 }).update({ colour: 'red' });
    expect((await db('notes').select('*').orderBy('id'))[0]).toEqual({ id: 1, text: 'uno', colour: 'red' });
  });

  it('writes a whole-number LIMIT into the SQL (a bound one runs slower) and still binds OFFSET', async () => {
    const query = db('notes').orderBy('id').limit(1).offset(1);
    expect(query.toSQL().sql).toMatch(/limit 1 offset \?$/);
    expect(query.toSQL().bindings).toEqual([1]);
    expect(await query.pluck('text')).toEqual(['two']);
    expect((await db('notes').orderBy('id').first('text'))?.text).toBe('uno');
  });

  it('reads at once between transactions, but never what an open transaction has not committed', async () => {
    const read = () => selectRows<{ text: string }>(db, 'select text from notes where id = ?', [1]);
    expect(await read()).toEqual([{ text: 'uno' }]);
    let during: Promise<{ text: string }[]> | undefined;
    await expect(
      db.transaction(async (trx) => {
        await trx('notes').where({ id: 1 }).update({ text: 'uncommitted' });
        during = read();
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await during).toEqual([{ text: 'uno' }]);
    // Inside a transaction, a read sees that transaction's own changes.
    await db.transaction(async (trx) => {
      await trx('notes').where({ id: 1 }).update({ text: 'own change' });
      expect(await selectRows(trx, 'select text from notes where id = ?', [1])).toEqual([{ text: 'own change' }]);
      await trx('notes').where({ id: 1 }).update({ text: 'uno' });
    });
  });

  it('leaves checkpoints to its worker, which moves committed pages into the database file', async () => {
    expect(await db.raw('PRAGMA wal_autocheckpoint')).toEqual([{ wal_autocheckpoint: 0 }]);
    const file = database.url.slice('sqlite:'.length);
    const before = statSync(file).size;
    await db.schema.createTable('blobs', (t) => {
      t.increments('id');
      t.binary('data');
    });
    await db('blobs').insert({ data: Buffer.alloc(3 * 1024 * 1024, 1) });
    // Only a checkpoint writes to the database file itself; the app's connection no longer does.
    const deadline = Date.now() + 5000;
    while (statSync(file).size < before + 3 * 1024 * 1024 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(statSync(file).size).toBeGreaterThanOrEqual(before + 3 * 1024 * 1024);
  });

  it('reports a checkpoint worker that cannot work, so the connections take checkpoints back', async () => {
    const failure = new Promise<Error>((resolve) => {
      const checkpointer = startCheckpointer('/no/such/directory/app.sqlite', (error) => {
        resolve(error);
        void checkpointer.stop();
      });
    });
    expect((await failure).message).toMatch(/directory does not exist|unable to open/i);
  });
});
