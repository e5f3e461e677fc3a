import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, DEFAULT_DEADLINES, selectArrays, selectArraysViaJson, selectRows, selectRowsViaJson } from '../src/db';
import { mapDatabaseError } from '../src/http/dbErrors';
import { createTestDatabase, ENGINES, type TestDatabase } from './support/engines';

/**
 * On MySQL/MariaDB the constant reads (selectRows, selectArrays) run straight on a connection of
 * knex's pool, the large ones as prepared statements (db/mysqlDirect.ts): they answer what knex.raw
 * answered, a failure names its SQL and
 * is announced as knex announces one, a connection is always given back, and inside a transaction
 * they run on the transaction's own connection.
 */
describe.runIf(ENGINES.includes('mysql'))('constant reads on mysql', () => {
  const engine = 'mysql';
  let database: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // A short wait for a free connection: a read that kept its connection would leave none after ten (the pool's size).
    db = createDb(database.url, { ...DEFAULT_DEADLINES, connectTimeoutMs: 2_000 });
    await db.schema.createTable('notes', (table) => {
      table.increments('id');
      table.string('text');
      table.dateTime('at');
    });
    await db('notes').insert([
      { text: 'first', at: '2026-11-27 10:00:00' },
      { text: 'second', at: '2026-11-27 11:00:00' },
    ]);
  });
  afterAll(async () => {
    await closeDb(db);
    await database.drop();
  });

  const SQL = 'select id, text, at from notes where id >= ? order by id';

  it('answers the rows knex.raw answers, as objects and as arrays', async () => {
    const [viaKnex] = await db.raw(SQL, [1]);
    expect(await selectRows(db, SQL, [1])).toEqual(viaKnex);
    expect(await selectArrays(db, SQL, [2])).toEqual([[2, 'second', '2026-11-27 11:00:00']]);
  });

  /** The statements this connection has prepared and executed (MariaDB's and MySQL's session counters). */
  async function statementCounts(): Promise<{ prepared: number; executed: number }> {
    const [rows] = await db.raw("show session status where Variable_name in ('Com_stmt_prepare', 'Com_stmt_execute')");
    const value = (name: string) => Number((rows as { Variable_name: string; Value: string }[]).find((row) => row.Variable_name === name)?.Value);
    return { prepared: value('Com_stmt_prepare'), executed: value('Com_stmt_execute') };
  }

  it('runs a read asked prepared as a statement the connection prepares once and then executes; another as text', async () => {
    // One read at a time: the pool lends its one open connection to each, so its session counters count them all.
    const connectionId = async () => (await selectRows<{ id: number }>(db, 'select connection_id() as id', []))[0].id;
    const connection = await connectionId();
    const text = 'select id from notes where id = ?';
    const before = await statementCounts();
    for (let id = 1; id <= 5; id++) expect(await selectRows(db, text, [id], { prepared: true })).toEqual(id <= 2 ? [{ id }] : []);
    expect(await selectArrays(db, text, [2], { prepared: true })).toEqual([[2]]);
    const after = await statementCounts();
    expect(await connectionId()).toBe(connection);
    expect(after.executed - before.executed).toBe(6);
    expect(after.prepared - before.prepared).toBe(2);
    // A page's rows (read through JSON on SQLite) are prepared.
    expect(await selectRowsViaJson(db, text, ['id'], [1])).toEqual([{ id: 1 }]);
    expect(await selectArraysViaJson(db, text, ['id'], [1])).toEqual([[1]]);
    expect((await statementCounts()).executed - after.executed).toBe(2);
    // A short read not asked prepared runs as text.
    expect(await selectRows(db, text, [1])).toEqual([{ id: 1 }]);
    expect((await statementCounts()).executed).toBe(after.executed + 2);
  });

  it('answers as text a read whose values a prepared statement would bind otherwise (a Date)', async () => {
    const before = await statementCounts();
    const at = new Date('2026-11-27T10:30:00Z');
    // As the text protocol writes a Date (in the connection's time zone, UTC): the first note is before it.
    expect(await selectRows(db, 'select text from notes where at < ?', [at], { prepared: true })).toEqual([{ text: 'first' }]);
    expect((await statementCounts()).executed).toBe(before.executed);
  });

  it('still answers when the server takes no more prepared statements', async (ctx) => {
    const [[{ Value: limit }]] = await db.raw("show global variables like 'max_prepared_stmt_count'");
    // The server's limit is changed by a user with SUPER (root here); CI's user has the documented grants only.
    const lowered = await db.raw('set global max_prepared_stmt_count = 0').then(
      () => true,
      () => false,
    );
    if (!lowered) return ctx.skip();
    try {
      // A text this connection never prepared: the server refuses to prepare it, the read runs as text.
      expect(await selectRows(db, 'select text from notes where id = ? and text <> ?', [1, 'none'], { prepared: true })).toEqual([{ text: 'first' }]);
    } finally {
      await db.raw('set global max_prepared_stmt_count = ?', [Number(limit)]);
    }
  });

  it('names the SQL of a failed read, announces it, maps it as before, and gives the connection back', async () => {
    const announced: unknown[] = [];
    const listen = (error: unknown) => announced.push(error);
    db.on('query-error', listen);
    try {
      // More failures than the pool has connections: each must have given its connection back.
      for (let i = 0; i < 15; i++) {
        const error = await selectRows(db, 'select nothing from no_such_table', []).catch((e: unknown) => e);
        expect((error as Error).message).toMatch(/^select nothing from no_such_table - .*no_such_table/);
        expect((error as { code?: string }).code).toBe('ER_NO_SUCH_TABLE');
        expect(mapDatabaseError(error)).toBeNull();
      }
      expect(announced).toHaveLength(15);
    } finally {
      db.off('query-error', listen);
    }
    expect(await selectRows(db, SQL, [2])).toHaveLength(1);
  });

  it('announces each read to a listener of knex\'s query event', async () => {
    const seen: { sql: string; bindings: unknown[] }[] = [];
    const listen = (query: { sql: string; bindings: unknown[] }) => seen.push(query);
    db.on('query', listen);
    try {
      await selectRows(db, SQL, [1]);
    } finally {
      db.off('query', listen);
    }
    expect(seen).toEqual([expect.objectContaining({ sql: SQL, bindings: [1] })]);
  });

  it('reads inside a transaction on its connection, seeing its uncommitted rows', async () => {
    await db.transaction(async (trx) => {
      await trx('notes').insert({ text: 'uncommitted', at: '2026-11-27 12:00:00' });
      const rows = await selectRows<{ text: string }>(trx, SQL, [1]);
      expect(rows.map((row) => row.text)).toEqual(['first', 'second', 'uncommitted']);
      await trx.rollback();
    }).catch(() => undefined);
    expect(await selectRows(db, SQL, [1])).toHaveLength(2);
  });
});
