import type { Knex } from 'knex';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, DEFAULT_DEADLINES, selectRows, sqliteConnectionsOf } from '../src/db';
import { createTestDatabase, type TestDatabase } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';

/**
 * On SQLite, plain reads run on reader threads with their own connections, and writes and
 * transactions on one writer connection (src/db/sqlite/connectionPool.ts): a slow read must not hold
 * the event loop, a read must see what was written before it, and a reader that stops must be
 * replaced without the app noticing more than one failed query at worst.
 */

/** A read that keeps a reader busy for a while (about half a second per 3 million on a fast machine), started now. */
const slowCount = (db: Knex, upTo = 3_000_000): Promise<{ n: number }[]> =>
  db.raw('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?) SELECT count(*) AS n FROM c', [upTo]).then((rows) => rows);

const readersOf = (db: Knex) => sqliteConnectionsOf(db)!.readers!;
const counts = (db: Knex) => ({ ...sqliteConnectionsOf(db)!.counts });

async function until(condition: () => boolean, what: string, withinMs = 10_000) {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited ${withinMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The reader thread running a query now, once there is one. */
async function busyReader(db: Knex): Promise<Worker> {
  await until(() => readersOf(db).threads().some((t) => t.busy), 'a busy reader');
  return readersOf(db).threads().find((t) => t.busy)!.worker;
}

/** Records the order in which promises settle. */
function finishOrder() {
  const order: string[] = [];
  const track = <T>(name: string, promise: Promise<T>) => promise.finally(() => order.push(name));
  return { order, track };
}

describe('SQLite reader threads', () => {
  let database: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    // Every plain read on a reader, however short, so the counts below say where each ran.
    db = createDb(database.url, { ...DEFAULT_DEADLINES, sqliteShortReadMs: 0 });
    await db.schema.createTable('notes', (t) => {
      t.increments('id');
      t.string('text').notNullable();
      t.binary('data');
    });
  });
  afterAll(async () => {
    await closeDb(db);
    await database.drop();
  });

  it('runs a plain read on a reader and answers in knex\'s shapes: rows, first, pluck, count, BLOBs as Buffers', async () => {
    const blob = Buffer.alloc(3 * 1024 * 1024 + 5, 7);
    await db('notes').insert([{ text: 'a', data: blob }, { text: 'b', data: Buffer.from([1, 2, 3]) }]);
    const before = counts(db);
    expect(await db('notes').orderBy('id').select('text')).toEqual([{ text: 'a' }, { text: 'b' }]);
    expect(await db('notes').where({ text: 'b' }).first('text')).toEqual({ text: 'b' });
    expect(await db('notes').orderBy('id').pluck('text')).toEqual(['a', 'b']);
    expect(await db('notes').count({ n: '*' })).toEqual([{ n: 2 }]);
    const rows = await db('notes').orderBy('id').select('data');
    expect(rows.map((r) => Buffer.isBuffer(r.data))).toEqual([true, true]);
    expect(rows[0].data.equals(blob)).toBe(true);
    expect(rows[1].data.toString('hex')).toBe('010203');
    expect(counts(db).onReaders - before.onReaders).toBe(5);
    expect(counts(db).onWriter).toBe(before.onWriter);
    await db('notes').delete();
  });

  it('reports a reader\'s SQL error with SQLite\'s code, as the writer would', async () => {
    await expect(db.raw('select * from no_such_table')).rejects.toMatchObject({ code: 'SQLITE_ERROR', message: expect.stringContaining('no such table') });
    expect(await db('notes').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('lets a read right after a write see it, every time', async () => {
    for (let i = 0; i < 200; i++) {
      const [id] = await db('notes').insert({ text: `note ${i}` });
      expect(await db('notes').where({ id }).first('text')).toEqual({ text: `note ${i}` });
      await db('notes').where({ id }).update({ text: `changed ${i}` });
      expect(await db('notes').where({ id }).pluck('text')).toEqual([`changed ${i}`]);
    }
  });

  it('runs a transaction on the writer, where its reads see its own writes; a read outside answers while it is open, from what was committed', async () => {
    const before = counts(db);
    const [{ n: total }] = await db('notes').count({ n: '*' });
    let inside: number | undefined;
    let outside: { n: number }[] | undefined;
    await db.transaction(async (trx) => {
      await trx('notes').insert({ text: 'in a transaction' });
      [{ n: inside }] = (await trx('notes').count({ n: '*' })) as { n: number }[];
      // Another request's read while the transaction is open: it does not wait for the commit.
      outside = (await db('notes').count({ n: '*' })) as { n: number }[];
    });
    expect(inside).toBe(Number(total) + 1);
    expect(outside).toEqual([{ n: Number(total) }]);
    expect(await db('notes').count({ n: '*' })).toEqual([{ n: Number(total) + 1 }]);
    // The counts outside the transaction ran on readers, everything in it on the writer.
    expect(counts(db).onReaders - before.onReaders).toBe(3);
    expect(counts(db).onWriter - before.onWriter).toBe(4); // BEGIN, insert, count, COMMIT
  });

  it('answers a read that is known to be short while a transaction holds the writer, on the event loop\'s read-only connection, from what was committed', async () => {
    const split = createDb(database.url, { ...DEFAULT_DEADLINES, sqliteShortReadMs: 1_000 });
    try {
      const short = () => split('notes').where({ text: 'in a transaction' }).pluck('text');
      await short();
      await short(); // learnt: short, so it runs on the writer when that is free
      let during: string[] | undefined;
      const before = counts(split);
      await split.transaction(async (trx) => {
        await trx('notes').where({ text: 'in a transaction' }).update({ text: 'renamed' });
        during = await short();
        expect(counts(split).onLoopReader - before.onLoopReader).toBe(1);
        expect(counts(split).onReaders).toBe(before.onReaders);
      });
      expect(during).toEqual(['in a transaction']);
      expect(await short()).toEqual([]);
    } finally {
      await closeDb(split);
    }
  });

  it('takes the writer again for a lease that read on a reader and then writes, after the lease that holds it', async () => {
    const pool = sqliteConnectionsOf(db)!;
    const reading = await pool.acquire().promise;
    expect(await reading.prepare('select count(*) as n from notes').all()).toEqual([{ n: expect.any(Number) }]);
    // The read gave the writer back: another lease has it at once.
    const other = await pool.acquire().promise;
    const write = reading.prepare('insert into notes (text) values (?)').run(['after a read']);
    expect(write).toBeInstanceOf(Promise);
    pool.release(other);
    expect(await write).toMatchObject({ changes: 1 });
    pool.release(reading);
    expect(await db('notes').where({ text: 'after a read' }).pluck('text')).toEqual(['after a read']);
  });

  it('lends the writer to code that uses a knex connection as better-sqlite3\'s Database (rate-limiter-flexible does)', async () => {
    const connection = await db.client.acquireConnection();
    try {
      // Synchronous, as on a better-sqlite3 Database.
      const row = connection.transaction(() => connection.prepare('insert into notes (text) values (?) returning id').get('direct'))();
      expect(row).toEqual({ id: expect.any(Number) });
      expect(connection.prepare('select text from notes where id = ?').get(row.id)).toEqual({ text: 'direct' });
      expect(connection.prepare('delete from notes where id = ?').run(row.id)).toMatchObject({ changes: 1 });
    } finally {
      await db.client.releaseConnection(connection);
    }
  });

  it('keeps PRAGMAs on the writer, whose settings they read and change', async () => {
    expect(await db.raw('PRAGMA wal_autocheckpoint')).toEqual([{ wal_autocheckpoint: 0 }]);
    expect(await db.raw('PRAGMA foreign_keys')).toEqual([{ foreign_keys: 1 }]);
  });

  it('keeps the event loop free while a slow read runs: timers fire and a small read answers before it ends', async () => {
    const { order, track } = finishOrder();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const slow = track('slow', slowCount(db));
      await busyReader(db);
      const small = track('small', db('notes').first('id'));
      const ticksAtSmall = await small.then(() => ticks);
      expect(await slow).toEqual([{ n: 3_000_000 }]);
      expect(order).toEqual(['small', 'slow']);
      // On the event loop, the slow read would have held every timer until it ended.
      expect(ticksAtSmall).toBeGreaterThan(0);
    } finally {
      clearInterval(timer);
    }
  });

  it('replaces a reader that stops and runs the query it was running once more, to its end', async () => {
    const slow = slowCount(db);
    const stopped = await busyReader(db);
    await stopped.terminate();
    expect(await slow).toEqual([{ n: 3_000_000 }]);
    await until(() => readersOf(db).threads().length === 2, 'a replacement reader');
    expect(readersOf(db).threads().map((t) => t.worker)).not.toContain(stopped);
    expect(await db('notes').count({ n: '*' })).toEqual([{ n: expect.any(Number) }]);
  });

  it('fails a query cleanly (SQLITE_BUSY, a 503) when its reader stops twice, and answers the next ones', async () => {
    const slow = slowCount(db);
    const outcome = slow.then(
      () => 'answered',
      (error) => error,
    );
    const first = await busyReader(db);
    await first.terminate();
    // The second run, on another reader.
    await until(() => readersOf(db).threads().some((t) => t.busy && t.worker !== first), 'the query running again');
    await readersOf(db).threads().find((t) => t.busy)!.worker.terminate();
    expect(await outcome).toMatchObject({ code: 'SQLITE_BUSY', message: expect.stringContaining('stopped') });
    const next = await Promise.all(Array.from({ length: 6 }, () => db('notes').count({ n: '*' })));
    expect(next.every((rows) => typeof rows[0].n === 'number')).toBe(true);
    expect(readersOf(db).threads()).toHaveLength(2);
  });

  it('makes a write wait for an open transaction up to the connect deadline (KnexTimeoutError, a 503), and one that waits less go ahead after it', async () => {
    // No readers: this is about the writer, and a reader thread may take longer than 300 ms to start on a busy machine.
    const short = createDb(database.url, { connectTimeoutMs: 300, queryTimeoutMs: 0, sqliteReaders: 0 });
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const transaction = short.transaction(async (trx) => {
        await trx('notes').insert({ text: 'held' });
        await held;
      });
      await until(() => sqliteConnectionsOf(short)!.counts.onWriter >= 2, 'the transaction to begin');
      await expect(short('notes').insert({ text: 'late' })).rejects.toMatchObject({ name: 'KnexTimeoutError' });
      const queued = short('notes').insert({ text: 'queued' });
      release();
      await transaction;
      await queued;
      // Read back through the file's own handle: `short` also waits only 300 ms for a free reader,
      // which a busy machine may not start in time.
      expect(await db('notes').whereIn('text', ['held', 'queued', 'late']).orderBy('id').pluck('text')).toEqual(['held', 'queued']);
    } finally {
      await closeDb(short);
    }
  });

  it('keeps a read it knows to be short on the event loop, and sends one that is slow or answers much to a reader', async () => {
    const split = createDb(database.url, { ...DEFAULT_DEADLINES, sqliteShortReadMs: 50 });
    const [id] = await split('notes').insert({ text: 'bulky', data: Buffer.alloc(1024 * 1024, 1) });
    const where = async (read: () => Promise<unknown>) => {
      const before = { ...sqliteConnectionsOf(split)!.counts };
      await read();
      const after = sqliteConnectionsOf(split)!.counts;
      return after.onReaders > before.onReaders ? 'reader' : after.onWriter > before.onWriter ? 'writer' : 'nowhere';
    };
    try {
      const short = () => split('notes').where({ id }).first('id');
      const bulky = () => split('notes').where({ id }).first('data');
      // A SQL text never seen goes to a reader, and is learnt there.
      expect([await where(short), await where(short), await where(short)]).toEqual(['reader', 'writer', 'writer']);
      // While a transaction holds the writer: the short read on the event loop's own read-only
      // connection, the bulky one on a reader.
      await split.transaction(async (trx) => {
        await trx('notes').where({ id }).update({ text: 'bulky, renamed' });
        const before = { ...sqliteConnectionsOf(split)!.counts };
        await short();
        await bulky();
        const after = sqliteConnectionsOf(split)!.counts;
        expect([after.onLoopReader - before.onLoopReader, after.onReaders - before.onReaders]).toEqual([1, 1]);
      });
      expect([await where(bulky), await where(bulky)]).toEqual(['reader', 'reader']);
      expect([await where(() => slowCount(split)), await where(() => slowCount(split))]).toEqual(['reader', 'reader']);
    } finally {
      await closeDb(split);
    }
  });

  it('runs a constant read known to be short as the writer\'s prepared statement, without knex, and one during a transaction through knex on a reader', async () => {
    const split = createDb(database.url, { ...DEFAULT_DEADLINES, sqliteShortReadMs: 1_000 });
    const [id] = await split('notes').insert({ text: 'prepared' });
    let started = 0;
    let announced = 0;
    const start = () => started++;
    const query = () => announced++;
    split.on('start', start);
    split.on('query', query);
    const read = () => selectRows<{ id: number; text: string }>(split, 'select id, text from notes where id = ?', [id]);
    try {
      // Seen first through knex, on a reader, and learnt there.
      expect(await read()).toEqual([{ id, text: 'prepared' }]);
      expect(started).toBe(1);
      // Known to be short: knex builds and runs nothing; the read is still announced as knex's query.
      for (let i = 0; i < 3; i++) expect(await read()).toEqual([{ id, text: 'prepared' }]);
      expect(started).toBe(1);
      expect(announced).toBe(4);
      let during: unknown;
      await split.transaction(async (trx) => {
        await trx('notes').where({ id }).update({ text: 'changed, not committed' });
        // The writer is in a transaction: the read runs on the event loop's read-only connection,
        // still without knex, and sees what was committed.
        during = await read();
      });
      expect(during).toEqual([{ id, text: 'prepared' }]);
      expect(started).toBe(2); // the transaction's update
      expect(sqliteConnectionsOf(split)!.counts.onLoopReader).toBe(1);
      expect(await read()).toEqual([{ id, text: 'changed, not committed' }]);
    } finally {
      split.off('start', start);
      split.off('query', query);
      await closeDb(split);
    }
  });

  it('runs everything on the writer when SQLITE_READERS is 0', async () => {
    const plain = createDb(database.url, { connectTimeoutMs: 1000, queryTimeoutMs: 0, sqliteReaders: 0 });
    try {
      expect(await plain('notes').where({ text: 'queued' }).pluck('text')).toEqual(['queued']);
      expect(sqliteConnectionsOf(plain)!.readers).toBeNull();
      expect(sqliteConnectionsOf(plain)!.counts.onReaders).toBe(0);
    } finally {
      await closeDb(plain);
    }
  });

  it('closes its reader threads with closeDb', async () => {
    const other = createDb(database.url);
    expect(await other('notes').count({ n: '*' })).toEqual([{ n: expect.any(Number) }]);
    const threads = readersOf(other).threads().map((t) => t.worker);
    expect(threads.length).toBeGreaterThan(0);
    const exits = threads.map((w) => new Promise((resolve) => w.once('exit', resolve)));
    await closeDb(other);
    await Promise.all(exits);
    expect(readersOf(other).threads()).toEqual([]);
  });
});

describe('the app on SQLite while a reader is slow or stops', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers another user\'s request while a slow read runs', async () => {
    const company = await t.company();
    const shipper = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: company.id })).username);
    // Both readers started (a thread takes a while to start on a busy machine): one runs the slow read, one is free.
    await Promise.all([slowCount(t.db, 100_000), slowCount(t.db, 100_000)]);
    await until(() => readersOf(t.db).threads().length === 2, 'two readers');
    const { order, track } = finishOrder();
    const slow = track('slow', slowCount(t.db, 4_000_000));
    await busyReader(t.db);
    const health = track('health', t.anon().get('/api/health').then((res) => res.status));
    const list = track('list', shipper.get('/api/vehicles').then((res) => res.status));
    expect(await health).toBe(200);
    expect(await list).toBe(200);
    await slow;
    expect(order.at(-1)).toBe('slow');
  });

  it('keeps answering after its readers stop', async () => {
    const admin = await t.signedIn((await t.user({ role: 'SUPER_ADMIN' })).username);
    for (const { worker } of readersOf(t.db).threads()) await worker.terminate();
    expect((await t.anon().get('/api/health')).status).toBe(200);
    const res = await admin.get('/api/companies');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
  });
});
