import { statSync } from 'node:fs';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, selectRows } from '../src/db';
import { startCheckpointer } from '../src/db/sqlite/checkpointer';
import { createTestDatabase, type TestDatabase } from './support/engines';

/**
 * The embedded engine through knex's own better-sqlite3 client, with our connection settings:
 * constraint errors as SQLite reports them, and checkpoints of the write-ahead log left to a
 * worker thread.
 */
describe('SQLite connections', () => {
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
    await closeDb(db);
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

  it('sees a column added by a migration after the table was first read', async () => {
    expect(Object.keys((await db('notes').select('*').orderBy('id'))[0])).toEqual(['id', 'text']);
    await db.schema.alterTable('notes', (t) => t.string('colour').nullable());
    await db('notes').where({ id: 1 }).update({ colour: 'red' });
    expect((await db('notes').select('*').orderBy('id'))[0]).toEqual({ id: 1, text: 'uno', colour: 'red' });
  });

  it('reads a constant SQL text, inside a transaction too, where it sees that transaction\'s changes', async () => {
    const read = (conn: Knex) => selectRows<{ text: string }>(conn, 'select text from notes where id = ?', [1]);
    expect(await read(db)).toEqual([{ text: 'uno' }]);
    await db.transaction(async (trx) => {
      await trx('notes').where({ id: 1 }).update({ text: 'own change' });
      expect(await read(trx)).toEqual([{ text: 'own change' }]);
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
