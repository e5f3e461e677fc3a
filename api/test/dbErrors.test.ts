import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb } from '../src/db';
import { mapDatabaseError } from '../src/http/dbErrors';
import { createTestDatabase, ENGINES, type TestDatabase } from './support/engines';

/** Every way of losing the database is a 503 (DESIGN.md §3), whatever the driver says. */
describe.each(ENGINES)('database errors on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it.runIf(engine === 'mysql')('answers 503 for a connection killed in the middle of a transaction, and works on after', async () => {
    const db = createDb(database.url);
    const url = new URL(database.url);
    const admin = knexFactory({ client: 'mysql2', connection: { host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }, pool: { min: 0, max: 1 } });
    try {
      const lost = await db
        .transaction(async (trx) => {
          const [[{ id }]] = await trx.raw('select connection_id() as id');
          await admin.raw(`kill ${Number(id)}`);
          await trx.raw('select 1');
        })
        .then(() => undefined, (error: unknown) => error);
      // The ROLLBACK knex sends then fails with no code: "connection is in closed state".
      expect(lost).toBeInstanceOf(Error);
      expect(mapDatabaseError(lost)).toMatchObject({ status: 503, code: 'service.unavailable' });
      expect(await db.raw('select 1 as ok')).toBeTruthy();
    } finally {
      await admin.destroy();
      await closeDb(db);
    }
  });

  it.runIf(engine === 'mysql')('answers 503 when the server refuses connections', async () => {
    const db = knexFactory({ client: 'mysql2', connection: { host: '127.0.0.1', port: 9, user: 'root' }, pool: { min: 0, max: 1 }, acquireConnectionTimeout: 2000 });
    try {
      const refused = await db.raw('select 1').then(() => undefined, (error: unknown) => error);
      expect(mapDatabaseError(refused)).toMatchObject({ status: 503 });
    } finally {
      await db.destroy();
    }
  });

  it.runIf(engine === 'sqlite')('answers 503 for a database file that cannot be opened or is busy', async () => {
    const missing = knexFactory({ client: 'better-sqlite3', connection: { filename: '/etc' }, useNullAsDefault: true });
    try {
      const cannotOpen = await missing.raw('select 1').then(() => undefined, (error: unknown) => error);
      expect(mapDatabaseError(cannotOpen)).toMatchObject({ status: 503 });
    } finally {
      await missing.destroy();
    }
    for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED_SHAREDCACHE', 'SQLITE_IOERR_SHORT_READ']) {
      expect(mapDatabaseError(Object.assign(new Error(code), { code })), code).toMatchObject({ status: 503 });
    }
    // A full disk is named (storageFull.test.ts fills a real one).
    expect(mapDatabaseError(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))).toMatchObject({ status: 507, code: 'storage.full' });
    // A constraint is still the client's error, and an unknown failure stays a 500.
    expect(mapDatabaseError(Object.assign(new Error('x'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toMatchObject({ status: 409 });
    expect(mapDatabaseError(new Error('something else'))).toBeNull();
  });
});
