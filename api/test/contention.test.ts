import type { Knex } from 'knex';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../src/app';
import { closeDb, createDb } from '../src/db';
import { mapDatabaseError } from '../src/http/dbErrors';
import { writeTransaction } from '../src/resources/writeTransaction';
import { ENGINES } from './support/engines';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';
import { validVin } from './support/vins';

/**
 * A busy company on two API processes (two apps with their own connections, one database): status
 * changes going opposite ways at once, and vehicles added meanwhile. Before the counts were kept in
 * one fixed order and victims retried, MariaDB answered about one such request in ten with a 500
 * ("Deadlock found when trying to get lock").
 */
describe.each(ENGINES)('writes under contention on %s', (engine) => {
  let t: TestApp;
  let second: { app: App; db: Knex };
  let agents: supertest.Agent[];
  let companyId: number;
  const vehicleIds: number[] = [];

  beforeAll(async () => {
    t = await startTestApp(engine);
    const db = createDb(t.config.databaseUrl);
    second = { app: createApp({ db, config: t.config }), db };
    companyId = (await t.company()).id;
    const shipper = await t.user({ role: 'SHIPPER', companyId });
    const other = supertest.agent(second.app.callback());
    expect((await other.post('/api/login').send({ username: shipper.username, password: PASSWORD })).status).toBe(200);
    agents = [await t.signedIn(shipper.username), other];
    for (let i = 0; i < 20; i++) {
      const res = await agents[0].post('/api/vehicles').send({ vin: validVin(), make: 'Toyota', status: i % 2 ? 'LOADED' : 'SHIPPED' });
      expect(res.status).toBe(201);
      vehicleIds.push(res.body.id);
    }
  });
  afterAll(async () => {
    await second.app.closeResources();
    await closeDb(second.db);
    await t.close();
  });

  it('answers every status change and every new vehicle, none with a 500, and keeps the counts exact', async () => {
    const answers: supertest.Response[] = [];
    const rounds = 8;
    for (let round = 0; round < rounds; round++) {
      // Each vehicle flips between LOADED and SHIPPED: half go one way while the other half go the
      // other, on both processes, with 10 vehicles added at the same moment.
      const flips = vehicleIds.flatMap((id, i) => {
        const status = (i + round) % 2 ? 'SHIPPED' : 'LOADED';
        return [agents[i % 2].patch(`/api/vehicles/${id}/status`).send({ status }), agents[(i + 1) % 2].patch(`/api/vehicles/${id}/status`).send({ status })];
      });
      const creates = Array.from({ length: 10 }, (_, i) => agents[i % 2].post('/api/vehicles').send({ vin: validVin(), make: 'Nissan', status: 'LOADED' }));
      answers.push(...(await Promise.all([...flips, ...creates])));
    }
    const failures = answers.filter((res) => res.status >= 500);
    // What still loses after the retries is a 503 the client may retry, never a 500.
    for (const res of failures) expect(res.headers['retry-after'], `${res.status} ${JSON.stringify(res.body)}`).toBeDefined();
    expect(failures.map((res) => `${res.status} ${res.body.message}`)).toEqual([]);

    const rows = (await t.db('vehicles').where({ companyId }).groupBy('status').select('status').count({ n: '*' })) as { status: string; n: number | string }[];
    const kept = (await t.db('company_row_counts').where({ tableName: 'vehicles', companyId }).select('status', 'total')) as { status: string; total: number | string }[];
    const keptByStatus = Object.fromEntries(kept.filter((row) => Number(row.total) !== 0).map((row) => [row.status, Number(row.total)]));
    expect(keptByStatus).toEqual(Object.fromEntries(rows.map((row) => [row.status, Number(row.n)])));
    expect(rows.reduce((sum, row) => sum + Number(row.n), 0)).toBe(20 + rounds * 10);
  }, 240_000);
});

/** A real deadlock: two transactions lock two rows in opposite order; MariaDB ends one of them. */
describe.runIf(ENGINES.includes('mysql'))('a deadlock victim on mysql', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('mysql');
  });
  afterAll(() => t.close());

  it('is run again from the start, and both transactions complete', async () => {
    const a = await t.company({ name: 'Row one' });
    const b = await t.company({ name: 'Row two' });
    let bothHoldTheirFirstRow!: () => void;
    const holding = new Promise<void>((resolve) => (bothHoldTheirFirstRow = resolve));
    let holders = 0;
    const attempts = [0, 0];
    const lockInOrder = (which: 0 | 1, first: number, then: number) =>
      writeTransaction(t.db, async (trx) => {
        attempts[which]++;
        await trx('companies').where({ id: first }).update({ name: `first of ${which}` });
        if (attempts[which] === 1 && ++holders === 2) bothHoldTheirFirstRow();
        if (attempts[which] === 1) await holding;
        await trx('companies').where({ id: then }).update({ name: `then of ${which}` });
        return which;
      });
    expect(await Promise.all([lockInOrder(0, a.id, b.id), lockInOrder(1, b.id, a.id)])).toEqual([0, 1]);
    // One of them was the victim and ran twice; the other once.
    expect(attempts.sort()).toEqual([1, 2]);
  });
});

/**
 * A Galera cluster refuses a transaction at certification with a deadlock error (1213, "WSREP
 * detected deadlock/conflict") when another node committed a conflicting one first. Such a write
 * is run again at most three more times; a write whose connection was lost is not run again, as
 * its COMMIT may have been applied.
 */
describe.each(ENGINES)('a write refused again and again on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const refusedAtCertification = () =>
    Object.assign(new Error('WSREP detected deadlock/conflict and aborted the transaction. Try restarting the transaction'), { code: 'ER_LOCK_DEADLOCK', errno: 1213 });
  const connectionLost = () => Object.assign(new Error('Connection lost: The server closed the connection.'), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true });

  it('is tried four times in all, then answers "busy" with nothing of it kept', async () => {
    const company = await t.company({ name: 'Before the tries' });
    let tries = 0;
    const write = writeTransaction(t.db, async (trx) => {
      tries++;
      await trx('companies').where({ id: company.id }).update({ name: `Try ${tries}` });
      throw refusedAtCertification();
    });
    await expect(write).rejects.toMatchObject({ kind: 'unavailable', code: 'service.unavailable' });
    expect(tries).toBe(4);
    expect((await t.db('companies').where({ id: company.id }).first('name')).name).toBe('Before the tries');
  });

  it('goes through when a later try is not refused', async () => {
    const company = await t.company();
    let tries = 0;
    const name = await writeTransaction(t.db, async (trx) => {
      tries++;
      await trx('companies').where({ id: company.id }).update({ name: `Try ${tries}` });
      if (tries < 4) throw refusedAtCertification();
      return `Try ${tries}`;
    });
    expect(name).toBe('Try 4');
    expect((await t.db('companies').where({ id: company.id }).first('name')).name).toBe('Try 4');
  });

  it('is run again when a Galera node leaving the cluster refused it, and answers 503 if every try is refused', async () => {
    const notReady = () => Object.assign(new Error('WSREP has not yet prepared node for application use'), { code: 'ER_UNKNOWN_COM_ERROR', errno: 1047 });
    let tries = 0;
    const kept = await writeTransaction(t.db, async () => {
      if (++tries === 1) throw notReady();
      return tries;
    });
    expect(kept).toBe(2);
    expect(mapDatabaseError(notReady())?.status).toBe(503);
  });

  it('is not run again when its connection was lost', async () => {
    let tries = 0;
    const write = writeTransaction(t.db, async () => {
      tries++;
      throw connectionLost();
    });
    await expect(write).rejects.toMatchObject({ code: 'PROTOCOL_CONNECTION_LOST' });
    expect(tries).toBe(1);
  });
});
