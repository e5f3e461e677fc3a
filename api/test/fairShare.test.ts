import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteConnectionsOf } from '../src/db';
import { startTestApp, type TestApp } from './support/testApp';
import { validVin } from './support/vins';

async function until(condition: () => boolean, what: string, withinMs = 20_000) {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited ${withinMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A user who sends many requests at once queues them behind their own (REQUESTS_PER_USER, 1 by
 * default), not in front of another user's. The queues are made visible with SQLite's one
 * writer: while a transaction holds it, the flooder's status changes and then another user's
 * wait, and where each waits (for the writer, or for its user's turn) is their order.
 */
describe('one user flooding the server, on SQLite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { REQUESTS_PER_USER: '1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('queues the flooder\'s requests behind its own: another user\'s change waits behind the flooder\'s first only', async () => {
    const [flooding, other] = await Promise.all([t.company(), t.company()]);
    const flooder = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: flooding.id })).username);
    const someoneElse = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: other.id })).username);
    const create = async (agent: typeof flooder) => {
      const res = await agent.post('/api/vehicles').send({ vin: validVin(), make: 'Toyota', status: 'LOADED' });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const floods: number[] = [];
    for (let i = 0; i < 6; i++) floods.push(await create(flooder));
    const theirs = await create(someoneElse);

    const pool = sqliteConnectionsOf(t.db)!;
    const send = (agent: typeof flooder, id: number) =>
      agent
        .patch(`/api/vehicles/${id}/status`)
        .send({ status: 'SHIPPED' })
        .then((res) => res.status);
    const atWriter = () => pool.numPendingAcquires();
    let answers: Promise<number[]> | undefined;
    let queued: { atWriter: number; waitingForTurn: number } | undefined;
    // Held open until every request waits, for the writer or for its user's turn.
    await t.db.transaction(async (trx) => {
      await trx('companies').where({ id: flooding.id }).update({ name: 'Held' });
      const flood = floods.map((id) => send(flooder, id));
      await until(() => atWriter() + t.app.waitingForTurn() === 6, 'the flood to wait');
      const other = send(someoneElse, theirs);
      await until(() => atWriter() + t.app.waitingForTurn() === 7, "the other user's request to wait");
      queued = { atWriter: atWriter(), waitingForTurn: t.app.waitingForTurn() };
      answers = Promise.all([...flood, other]);
    });
    // The flooder has one change at the writer and five waiting behind it; the other user's
    // change went straight to the writer, in front of those five.
    expect(queued).toEqual({ atWriter: 2, waitingForTurn: 5 });
    expect(await answers).toEqual(Array(7).fill(200));
    expect(await t.db('vehicles').whereIn('id', [...floods, theirs]).pluck('status')).toEqual(Array(7).fill('SHIPPED'));
  });

  it('bounds a request that only names a file type: uploads alone go around the bound', async () => {
    const company = await t.company();
    const user = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: company.id })).username);
    const created = await user.post('/api/vehicles').send({ vin: validVin(), make: 'Toyota', status: 'LOADED' });
    expect(created.status).toBe(201);
    const pool = sqliteConnectionsOf(t.db)!;
    let answers: Promise<number[]> | undefined;
    await t.db.transaction(async (trx) => {
      await trx('companies').where({ id: company.id }).update({ name: 'Held' });
      const change = user.patch(`/api/vehicles/${created.body.id}/status`).send({ status: 'SHIPPED' }).then((res) => res.status);
      await until(() => pool.numPendingAcquires() === 1, 'the status change to wait for the writer');
      // A read that claims a multipart body is not an upload: it waits its turn like any other.
      const read = user.get(`/api/vehicles/${created.body.id}`).set('Content-Type', 'multipart/form-data; boundary=x').then((res) => res.status);
      await until(() => t.app.waitingForTurn() === 1, 'the read to wait for its turn');
      answers = Promise.all([change, read]);
    });
    expect(await answers).toEqual([200, 200]);
  });
});
