import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, migrateLatest, sqliteConnectionsOf } from '../src/db';
import { createTestDatabase, type TestDatabase } from './support/engines';

/**
 * On SQLite, knex is lent connections by our own pool (db/sqlite/connectionPool.ts) through its
 * public `connectionPool` option, and each connection only has to look like better-sqlite3's
 * Database as far as knex's better-sqlite3 dialect uses it. That use is pinned here: every member
 * knex reads on the pool, on a connection and on a statement while it migrates, reads, writes,
 * counts and runs transactions with savepoints. A knex upgrade that calls anything else (say
 * statement.iterate, or connection.open) makes this test fail before it makes a query fail.
 */

/** What knex reads (and writes: `set`) on each object. */
const CONTRACT = {
  // A tarn pool's surface: knex counts connections for its debug log and destroys the pool with itself.
  pool: ['acquire', 'destroy', 'numFree', 'numPendingAcquires', 'numUsed', 'release'],
  // knex reads its tags for its debug log (__knexUid, set only by its own pool) and tags a
  // transaction's connection (__knexTxId): a lease must take new properties.
  connection: ['__knexTxId', '__knexUid', 'config', 'prepare', 'set __knexTxId'],
  // better-sqlite3's Statement: `reader` picks all (rows) or run (changes, lastInsertRowid).
  statement: ['all', 'reader', 'run', 'safeIntegers'],
};

type Seen = { pool: Set<string>; connection: Set<string>; statement: Set<string> };

/** The objects behind their recorded views: the pool gets its own leases back, not views of them. */
const targets = new WeakMap<object, object>();
const unwrapped = (value: unknown) => (typeof value === 'object' && value !== null && targets.get(value)) || value;

/** A view of target that records the names knex reads and writes on it, and hands out recorded views of what `wrap` picks. */
function recorded<T extends object>(target: T, names: Set<string>, wrap: (name: string, value: unknown) => unknown = (_, v) => v): T {
  const view = new Proxy(target, {
    get(object, name) {
      // `then` is read by the promise that resolves with a lease, not by knex.
      if (typeof name !== 'string' || name === 'then') return Reflect.get(object, name, object);
      names.add(name);
      const value = Reflect.get(object, name, object);
      if (typeof value !== 'function') return wrap(name, value);
      return (...args: unknown[]) => wrap(name, value.apply(object, args.map(unwrapped)));
    },
    set(object, name, value) {
      names.add(`set ${String(name)}`);
      return Reflect.set(object, name, value, object);
    },
  });
  targets.set(view, target);
  return view;
}

describe('the SQLite pool as knex uses it', () => {
  let database: TestDatabase;
  let owner: Knex;
  let db: Knex;
  const seen: Seen = { pool: new Set(), connection: new Set(), statement: new Set() };

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    owner = createDb(database.url);
    const pool = sqliteConnectionsOf(owner)!;
    const connection = (lease: object) => recorded(lease, seen.connection, (name, value) => (name === 'prepare' ? recorded(value as object, seen.statement) : value));
    const viewOfPool = recorded(pool, seen.pool, (name, value) =>
      name === 'acquire' ? { promise: (value as { promise: Promise<object> }).promise.then(connection) } : value,
    );
    db = knexFactory({ client: 'better-sqlite3', connectionPool: viewOfPool, useNullAsDefault: true, migrations: owner.client.config.migrations });
  });
  afterAll(async () => {
    await closeDb(owner);
    await database.drop();
  });

  it('is read through exactly the members our pool, lease and statement provide', async () => {
    // The project's migrations: schema builder, knex's migration lock and its transactions.
    expect((await migrateLatest(db)).length).toBeGreaterThan(0);
    await db.schema.createTable('contract_notes', (t) => {
      t.increments('id');
      t.string('text').notNullable();
    });
    const [id] = await db('contract_notes').insert({ text: 'one' });
    expect(await db('contract_notes').insert({ text: 'two' }).returning('id')).toEqual([{ id: id + 1 }]);
    expect(await db('contract_notes').where({ id }).first()).toEqual({ id, text: 'one' });
    expect(await db('contract_notes').orderBy('id').pluck('text')).toEqual(['one', 'two']);
    expect(await db('contract_notes').count({ n: '*' }).options({ safeIntegers: true })).toEqual([{ n: 2n }]);
    expect(await db('contract_notes').where({ id }).update({ text: 'uno' })).toBe(1);
    await db.transaction(async (trx) => {
      await trx('contract_notes').insert({ text: 'three' });
      await expect(
        trx.transaction(async (inner) => {
          await inner('contract_notes').del();
          throw new Error('undo the savepoint');
        }),
      ).rejects.toThrow('undo the savepoint');
      expect(await trx('contract_notes').count({ n: '*' })).toEqual([{ n: 3 }]);
    });
    expect(await db.raw('select text from contract_notes where id = ?', [id])).toEqual([{ text: 'uno' }]);
    expect(await db('contract_notes').where({ text: 'three' }).del()).toBe(1);
    await db.destroy();

    expect({ pool: [...seen.pool].sort(), connection: [...seen.connection].sort(), statement: [...seen.statement].sort() }).toEqual(CONTRACT);
  });
});
