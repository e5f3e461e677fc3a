import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementKind } from '../src/dataVersion';
import { createDb, migrateLatest } from '../src/db';
import { createTestDatabase, ENGINES, type TestDatabase } from './support/engines';

describe('statement kinds, as knex writes them on either engine', () => {
  it.each([
    ['BEGIN;', 'begin'],
    ['START TRANSACTION', 'begin'],
    ['COMMIT;', 'commit'],
    ['ROLLBACK', 'rollback'],
    ['ROLLBACK TO SAVEPOINT trx2', 'unchanged'],
    ['SAVEPOINT trx2;', 'unchanged'],
    ['RELEASE SAVEPOINT trx2;', 'unchanged'],
    ['select * from `vehicles` where `id` = ?', 'unchanged'],
    ['  SELECT 1', 'unchanged'],
    ['PRAGMA wal_autocheckpoint', 'unchanged'],
    ['SET TRANSACTION ISOLATION LEVEL serializable;', 'unchanged'],
    ['insert into `vehicles` (`vin`) values (?)', 'change'],
    ['update `vehicles` set `make` = ? where `id` = ?', 'change'],
    ['delete from `vehicle_files` where `id` = ?', 'change'],
    ['insert into `sessions` (`id`) values (?) on conflict (`id`) do update set `data` = excluded.`data`', 'unchanged'],
    ['delete from `sessions` where `expiresAt` <= ?', 'unchanged'],
    ['insert into `login_attempts` (`username`) values (?)', 'unchanged'],
    ['update `knex_migrations_lock` set `is_locked` = ?', 'unchanged'],
    ['create table `ports` (`id` integer)', 'change'],
    ['alter table `vehicles` add `colour` varchar(20)', 'change'],
    ['(select `id` from `ports`) union (select `id` from `companies`)', 'unchanged'],
    ['with recent as (select 1) select * from recent', 'unchanged'],
    // A write to a table that no kept answer shows, which also writes to another one.
    ['update `sessions` inner join `users` on `users`.`id` = `sessions`.`userId` set `users`.`active` = ?', 'change'],
    ['update `sessions`, `users` set `users`.`active` = ?', 'change'],
    // Not known to leave the data as it is: counted as a change.
    ['with recent as (select 1) delete from `vehicles`', 'change'],
  ])('%s → %s', (sql, kind) => {
    expect(statementKind(sql)).toBe(kind);
  });
});

/**
 * The database clients move the data version on with every committed change (api/src/dataVersion.ts),
 * in the change's own transaction, and never for a read, a rollback or a sign-in.
 */
describe.each(ENGINES)('the data version on %s', (engine) => {
  let database: TestDatabase;
  let db: Knex;
  const version = async () => Number((await db('data_version').where({ id: 1 }).first('version')).version);
  const port = (name: string) => ({ name, nameAr: name, country: 'Oman', createdAt: new Date().toISOString() });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = createDb(database.url);
    await migrateLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('moves on once for each change made on its own, and not for reads', async () => {
    const start = await version();
    const [id] = await db('ports').insert(port('Sohar'));
    expect(await version()).toBe(start + 1);
    await db('ports').where({ id }).update({ country: 'OM' });
    expect(await version()).toBe(start + 2);
    await db('ports').select('*');
    await db('ports').where({ id }).first();
    expect(await version()).toBe(start + 2);
    await db('ports').where({ id }).delete();
    expect(await version()).toBe(start + 3);
  });

  it('moves on once when a transaction with several changes commits, and not before', async () => {
    const start = await version();
    await db.transaction(async (trx) => {
      await trx('ports').insert(port('Salalah'));
      await trx('ports').insert(port('Duqm'));
      await trx('ports').where({ name: 'Duqm' }).update({ country: 'OM' });
      expect(Number((await trx('data_version').first('version')).version)).toBe(start);
    });
    expect(await version()).toBe(start + 1);
  });

  it('stays when a transaction rolls back, and counts a committed transaction whose savepoint rolled back', async () => {
    const start = await version();
    await expect(
      db.transaction(async (trx) => {
        await trx('ports').insert(port('Khasab'));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await version()).toBe(start);
    expect(await db('ports').where({ name: 'Khasab' }).first()).toBeUndefined();

    await db.transaction(async (trx) => {
      await trx('ports').insert(port('Sur'));
      await expect(
        trx.transaction(async (inner) => {
          await inner('ports').insert(port('Masirah'));
          throw new Error('undo inner');
        }),
      ).rejects.toThrow('undo inner');
    });
    expect(await version()).toBe(start + 1);
    expect(await db('ports').whereIn('name', ['Sur', 'Masirah']).pluck('name')).toEqual(['Sur']);
  });

  it('stays for a change that fails, which still fails as before', async () => {
    await db('companies').insert({ name: 'Unique Motors', code: 'UNQ', active: true, createdAt: new Date().toISOString() });
    const start = await version();
    const duplicate = db('companies').insert({ name: 'Unique Motors', code: 'UNQ', active: true, createdAt: new Date().toISOString() });
    await expect(duplicate).rejects.toMatchObject({ code: engine === 'sqlite' ? 'SQLITE_CONSTRAINT_UNIQUE' : 'ER_DUP_ENTRY' });
    expect(await version()).toBe(start);
    expect(await db('companies').where({ code: 'UNQ' }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('stays for sign-ins: sessions and sign-in attempts', async () => {
    const start = await version();
    await db('sessions').insert({ id: 'a'.repeat(64), data: '{}', expiresAt: Date.now() + 60_000 });
    await db('sessions').where({ id: 'a'.repeat(64) }).update({ data: '{"userId":1}' });
    await db('login_attempts').insert({ username: 'someone@example.com', ip: '127.0.0.1', createdAt: new Date().toISOString() });
    await db('sessions').where({ id: 'a'.repeat(64) }).delete();
    expect(await version()).toBe(start);
  });

  it('fails a transaction whole when its new version cannot be written, and the connection works on', async () => {
    const start = await version();
    await outsideTheApplication(database, engine, refuseVersionTrigger(engine));
    try {
      await expect(db.transaction(async (trx) => trx('ports').insert(port('Refused in a transaction')))).rejects.toThrow(/version refused/);
      await expect(db('ports').insert(port('Refused on its own'))).rejects.toThrow(/version refused/);
    } finally {
      await outsideTheApplication(database, engine, 'drop trigger refuse_version');
    }
    expect(await db('ports').where('name', 'like', 'Refused%').count({ n: '*' })).toEqual([{ n: 0 }]);
    await db.transaction(async (trx) => trx('ports').insert(port('Accepted')));
    expect(await version()).toBe(start + 1);
  });

  // SQLite's DDL is transactional: this is MySQL's own case.
  if (engine === 'mysql') it('moves on at once when DDL commits a MySQL transaction by itself', async () => {
    const start = await version();
    await db.transaction(async (trx) => {
      await trx('ports').insert(port('Before DDL'));
      await trx.schema.createTable('scratch_notes', (t) => t.increments('id'));
      // Committed by the DDL: another connection already sees the port and its new version.
      expect(await version()).toBeGreaterThan(start);
      await trx('ports').insert(port('After DDL'));
    });
    expect(await version()).toBeGreaterThanOrEqual(start + 2);
    await db.schema.dropTable('scratch_notes');
  });

  it('never makes two transactions wait on each other through it', async () => {
    const [a] = await db('ports').insert(port('Port A'));
    const [b] = await db('ports').insert(port('Port B'));
    const start = await version();
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // The first takes A, then waits for B, which the second holds until it commits. Had the
    // version been moved on at the first change, the first would hold it, and the second would
    // wait for it while holding B: a deadlock (on MySQL; SQLite runs one transaction at a time).
    await Promise.all([
      db.transaction(async (trx) => {
        await trx('ports').where({ id: a }).update({ country: 'A1' });
        await pause(60);
        await trx('ports').where({ id: b }).update({ country: 'B1' });
      }),
      db.transaction(async (trx) => {
        await pause(20);
        await trx('ports').where({ id: b }).update({ country: 'B2' });
        await pause(80);
      }),
    ]);
    expect(await version()).toBe(start + 2);
    // On MySQL the first wrote B last, once the second had committed; SQLite ran them in turn.
    expect(await db('ports').whereIn('id', [a, b]).orderBy('id').pluck('country')).toEqual(['A1', engine === 'mysql' ? 'B1' : 'B2']);
  });
});

const refuseVersionTrigger = (engine: string) =>
  engine === 'sqlite'
    ? "create trigger refuse_version before update on data_version begin select raise(abort, 'version refused'); end"
    : "create trigger refuse_version before update on data_version for each row signal sqlstate '45000' set message_text = 'version refused'";

/** SQL through a client of its own, which knows nothing of the data version. */
async function outsideTheApplication(database: TestDatabase, engine: string, sql: string) {
  const direct =
    engine === 'sqlite'
      ? knexFactory({ client: 'better-sqlite3', connection: { filename: database.url.slice('sqlite:'.length) }, useNullAsDefault: true })
      : knexFactory({ client: 'mysql2', connection: database.url });
  await direct.raw(sql);
  await direct.destroy();
}
