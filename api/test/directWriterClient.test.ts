import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, directStoreClient } from '../src/db';
import type { Lease } from '../src/db/sqlite/connectionPool';
import { createTestDatabase, type TestDatabase } from './support/engines';

type StoreClient = { client: { acquireConnection: () => Promise<Lease>; releaseConnection: (lease: Lease) => void } };

/**
 * The sign-in throttle's store (rate-limiter-flexible) takes a SQLite connection and uses it as
 * better-sqlite3's Database, reading a write's result at once: `prepare(…).run(…).changes`. While
 * another request's transaction held the writer, the connection it got answered a promise
 * instead, so a successful sign-in's clean-up was lost and, once the writer stayed busy past its
 * deadline, failed as an unhandled rejection that ends the process. Its connections now hold the
 * writer before they are handed over.
 */
describe('connections for code that uses SQLite directly', () => {
  let database: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    db = createDb(database.url, { connectTimeoutMs: 400, queryTimeoutMs: 0 });
    await db.schema.createTable('limits', (t) => {
      t.string('key').primary();
    });
  });
  afterAll(async () => {
    await closeDb(db);
    await database.drop();
  });

  it('hands over a connection only once the writer is free, and its writes then answer at once', async () => {
    const store = directStoreClient(db) as unknown as StoreClient;
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.transaction(async (trx) => {
      await trx('limits').insert({ key: 'a' });
      inside();
      await held;
    });
    await started;
    let handedOver = false;
    const acquiring = store.client.acquireConnection().then((lease) => {
      handedOver = true;
      return lease;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(handedOver).toBe(false);
    finish();
    await transaction;
    const lease = await acquiring;
    try {
      const result = lease.prepare('DELETE FROM limits WHERE key = ?').run('a') as { changes: number };
      expect(result).not.toBeInstanceOf(Promise);
      expect(result.changes).toBe(1);
    } finally {
      store.client.releaseConnection(lease);
    }
  });

  it('refuses a connection at the deadline while a transaction keeps the writer (the sign-in answers 503)', async () => {
    const store = directStoreClient(db) as unknown as StoreClient;
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.transaction(async (trx) => {
      await trx('limits').insert({ key: 'b' });
      inside();
      await held;
    });
    await started;
    await expect(store.client.acquireConnection()).rejects.toThrow(/writer was busy/);
    finish();
    await transaction;
    // The writer is free again for the next one.
    const lease = await store.client.acquireConnection();
    store.client.releaseConnection(lease);
  });
});
