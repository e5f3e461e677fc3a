import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, DEFAULT_DEADLINES, selectArrays, selectRows } from '../src/db';
import { mapDatabaseError } from '../src/http/dbErrors';
import { createTestDatabase, ENGINES, type TestDatabase } from './support/engines';

/**
 * On MySQL/MariaDB the constant reads (selectRows, selectArrays) run straight on a connection of
 * knex's pool (db/mysqlDirect.ts): they answer what knex.raw answered, a failure names its SQL and
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
