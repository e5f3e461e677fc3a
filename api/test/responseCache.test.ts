import knexFactory, { type Knex } from 'knex';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../src/app';
import { createDb } from '../src/db';
import { ENGINES } from './support/engines';
import { getList } from './support/lists';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';

const NEWEST_FIRST = { sort: ['createdAt', 'DESC'], range: [0, 24] };
const makes = (res: { body: { make: string | null }[] }) => res.body.map((v) => v.make);

/**
 * The vehicle and container lists and the dashboard are answered from memory while the data has
 * not changed (http/responseCache.ts). A kept answer must never outlive a change, made through
 * this process or another one on the same database, nor reach another user.
 */
describe.each(ENGINES)('kept answers on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let vehicleId: number;
  /** A second API process: its own app and its own connections to the same database. */
  let otherDb: Knex;
  let otherApp: App;

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
    const created = await w.clients.SHIPPER.post('/api/vehicles').send({ vin: validVin('1HGCM826', 'KP000001'), make: 'TOYOTA' });
    expect(created.status).toBe(201);
    vehicleId = created.body.id;
    otherDb = createDb(t.config.databaseUrl);
    otherApp = createApp({ db: otherDb, config: t.config });
  });
  afterAll(async () => {
    await otherApp.closeResources();
    await otherDb.destroy();
    await t.close();
  });

  /** The same signed-in session, sent to the other process. */
  const onOtherProcess = async (agent: supertest.Agent, path: string) => {
    const cookies = (await agent.get('/api/user')).request.cookies;
    return supertest(otherApp.callback()).get(path).set('Cookie', cookies);
  };

  it('answers a repeated list the same, and shows a change made through the API on the next request', async () => {
    const first = await getList(w.clients.SHIPPER, '/api/vehicles', NEWEST_FIRST);
    const again = await getList(w.clients.SHIPPER, '/api/vehicles', NEWEST_FIRST);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers['content-range']).toBe(first.headers['content-range']);
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(makes(again)).toEqual(['TOYOTA']);

    expect((await w.clients.SHIPPER.patch(`/api/vehicles/${vehicleId}`).send({ make: 'LEXUS' })).status).toBe(200);
    expect(makes(await getList(w.clients.SHIPPER, '/api/vehicles', NEWEST_FIRST))).toEqual(['LEXUS']);
  });

  it('shows a change made through another process on the same database', async () => {
    const path = '/api/vehicles?sort=%5B%22createdAt%22%2C%22DESC%22%5D&range=%5B0%2C24%5D';
    expect(makes(await onOtherProcess(w.clients.SHIPPER, path))).toEqual(['LEXUS']);
    expect(makes(await w.clients.SHIPPER.get(path))).toEqual(['LEXUS']);

    // Changed through the other process: this one must not answer with what it kept.
    const otherAdmin = await onOtherProcess(w.clients.COMPANY_ADMIN, '/api/user');
    expect(otherAdmin.status).toBe(200);
    const cookies = (await w.clients.COMPANY_ADMIN.get('/api/user')).request.cookies;
    const patched = await supertest(otherApp.callback()).patch(`/api/vehicles/${vehicleId}`).set('Cookie', cookies).send({ make: 'NISSAN' });
    expect(patched.status).toBe(200);
    expect(makes(await w.clients.SHIPPER.get(path))).toEqual(['NISSAN']);

    // And the other way round.
    expect((await w.clients.SHIPPER.patch(`/api/vehicles/${vehicleId}`).send({ make: 'HONDA' })).status).toBe(200);
    expect(makes(await onOtherProcess(w.clients.SHIPPER, path))).toEqual(['HONDA']);
  });

  it('keeps answers per user: the same address answers each user with their own rows', async () => {
    const shipperB = await t.user({ role: 'SHIPPER', companyId: w.companyB.id });
    const clientB = await t.signedIn(shipperB.username);
    expect((await clientB.post('/api/vehicles').send({ vin: validVin('1HGCM826', 'KP000002'), make: 'KIA' })).status).toBe(201);
    for (let round = 0; round < 2; round++) {
      expect(makes(await getList(w.clients.SHIPPER, '/api/vehicles', NEWEST_FIRST))).toEqual(['HONDA']);
      expect(makes(await getList(clientB, '/api/vehicles', NEWEST_FIRST))).toEqual(['KIA']);
    }
  });

  it('applies a change to the user at once: moved to another company, the next list is that company’s', async () => {
    const mover = await t.user({ role: 'SHIPPER', companyId: w.companyA.id });
    const client = await t.signedIn(mover.username);
    expect(makes(await getList(client, '/api/vehicles', NEWEST_FIRST))).toEqual(['HONDA']);
    const moved = await w.clients.SUPER_ADMIN.patch(`/api/users/${mover.id}`).send({ companyId: w.companyB.id });
    expect(moved.status).toBe(200);
    expect(makes(await getList(client, '/api/vehicles', NEWEST_FIRST))).toEqual(['KIA']);
  });

  it('refuses a user deactivated or back to pending approval on the next request, kept answer or not', async () => {
    const shipper = await t.user({ role: 'SHIPPER', companyId: w.companyA.id });
    const client = await t.signedIn(shipper.username);
    for (const change of [{ active: false }, { active: true, pendingApproval: true }]) {
      expect((await getList(client, '/api/vehicles', NEWEST_FIRST)).status).toBe(200);
      await t.db('users').where({ id: shipper.id }).update(change);
      expect((await getList(client, '/api/vehicles', NEWEST_FIRST)).status).toBe(change.active ? 403 : 401);
      await t.db('users').where({ id: shipper.id }).update({ active: true, pendingApproval: false });
    }
  });

  it('refreshes the dashboard and the container list after a status change and a new container', async () => {
    const statusCount = async () =>
      (await w.clients.SHIPPER.get('/api/dashboard')).body.byStatus.find((s: { status: string }) => s.status === 'SHIPPED')?.count ?? 0;
    const before = await statusCount();
    expect(await statusCount()).toBe(before);
    expect((await w.clients.SHIPPER.patch(`/api/vehicles/${vehicleId}/status`).send({ status: 'SHIPPED' })).status).toBe(200);
    expect(await statusCount()).toBe(before + 1);

    const numbers = async () => (await getList(w.clients.SHIPPER, '/api/containers', { sort: ['id', 'ASC'] })).body.map((c: { number: string }) => c.number);
    expect(await numbers()).toEqual([]);
    expect((await w.clients.SHIPPER.post('/api/containers').send({ number: 'MSCU1234565' })).status).toBe(201);
    expect(await numbers()).toEqual(['MSCU1234565']);
  });

  it('answers afresh when asked with Cache-Control: no-cache (a change made outside the application)', async () => {
    const path = '/api/vehicles?range=%5B0%2C24%5D';
    expect(makes(await w.clients.SHIPPER.get(path))).toEqual(['HONDA']);
    await changeMakeOutsideTheApplication(t, vehicleId, 'MAZDA');
    expect(makes(await w.clients.SHIPPER.get(path))).toEqual(['HONDA']);
    expect(makes(await w.clients.SHIPPER.get(path).set('Cache-Control', 'no-cache'))).toEqual(['MAZDA']);
    // What was answered afresh is kept in turn.
    expect(makes(await w.clients.SHIPPER.get(path))).toEqual(['MAZDA']);
  });

  it('never keeps a refusal: asked again, a refused list or a forbidden one is refused again', async () => {
    const bad = await w.clients.SHIPPER.get('/api/vehicles?sort=%5B%22colour%22%2C%22ASC%22%5D');
    expect(bad.status).toBe(400);
    expect((await w.clients.SHIPPER.get('/api/vehicles?sort=%5B%22colour%22%2C%22ASC%22%5D')).status).toBe(400);
    expect((await w.clients.BUYER.get('/api/containers')).status).toBe(403);
    expect((await w.clients.BUYER.get('/api/containers')).status).toBe(403);
  });
});

/** An operator's SQL, through a client of its own that knows nothing of the data version. */
async function changeMakeOutsideTheApplication(t: TestApp, id: number, make: string) {
  const direct =
    t.engine === 'sqlite'
      ? knexFactory({ client: 'better-sqlite3', connection: { filename: t.config.databaseUrl.slice('sqlite:'.length) }, useNullAsDefault: true })
      : knexFactory({ client: 'mysql2', connection: t.config.databaseUrl });
  await direct('vehicles').where({ id }).update({ make });
  await direct.destroy();
}
