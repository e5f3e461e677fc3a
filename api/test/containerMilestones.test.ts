import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';
import { validVin } from './support/vins';

type Agent = Awaited<ReturnType<TestApp['signedIn']>>;

/**
 * Container milestones (issue 30): `PATCH /api/containers/{id}/status` moves the container and every
 * vehicle in it, through the vehicles' one status change, forward only, with the container named
 * in each vehicle's history.
 */
describe.each(ENGINES)('container milestones on %s', (engine) => {
  let t: TestApp;
  let shipper: Agent;
  let buyer: Agent;
  let otherAdmin: Agent;
  let seq = 0;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const company = await t.company();
    const other = await t.company();
    shipper = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: company.id })).username);
    buyer = await t.signedIn((await t.user({ role: 'BUYER', companyId: company.id })).username);
    otherAdmin = await t.signedIn((await t.user({ role: 'COMPANY_ADMIN', companyId: other.id })).username);
  });
  afterAll(() => t.close());

  /** A container of the shipper's with `statuses.length` vehicles in those statuses. */
  async function containerWith(statuses: string[], fields: Record<string, unknown> = {}) {
    const number = `MSCU${String(100000 + seq++).padStart(6, '0')}0`;
    const created = await shipper.post('/api/containers').send({ number, ...fields });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const vehicleIds: number[] = [];
    for (const status of statuses) {
      const vehicle = await shipper.post('/api/vehicles').send({ vin: validVin(), containerId: created.body.id, status });
      expect(vehicle.status, JSON.stringify(vehicle.body)).toBe(201);
      vehicleIds.push(vehicle.body.id);
    }
    return { id: created.body.id as number, vehicleIds };
  }

  const statusesOf = async (ids: number[]) => Promise.all(ids.map(async (id) => (await shipper.get(`/api/vehicles/${id}`)).body.status));

  it('a new container is BOOKED with no milestone dates', async () => {
    const { id } = await containerWith([]);
    const res = await shipper.get(`/api/containers/${id}`);
    expect(res.body).toMatchObject({ status: 'BOOKED', loadedAt: null, departedAt: null, arrivedAt: null, releasedAt: null, arrivalLate: false });
  });

  it('each milestone moves every vehicle to its status, never backwards, and records its date', async () => {
    const { id, vehicleIds } = await containerWith(['NEW_PURCHASE', 'AT_WAREHOUSE', 'AT_PORT']);
    const cases = [
      { status: 'LOADED', expected: ['LOADED', 'LOADED', 'AT_PORT'], updated: 2, date: 'loadedAt' },
      { status: 'DEPARTED', expected: ['SHIPPED', 'SHIPPED', 'AT_PORT'], updated: 2, date: 'departedAt' },
      { status: 'ARRIVED', expected: ['AT_PORT', 'AT_PORT', 'AT_PORT'], updated: 2, date: 'arrivedAt' },
      { status: 'RELEASED', expected: ['RECEIVED', 'RECEIVED', 'RECEIVED'], updated: 3, date: 'releasedAt' },
    ];
    for (const [i, step] of cases.entries()) {
      const at = `2026-10-0${i + 1}T10:00:00.000Z`;
      const res = await shipper.patch(`/api/containers/${id}/status`).send({ status: step.status, at });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ id, status: step.status, vehiclesUpdated: step.updated, [step.date]: at });
      expect(res.body.vehicles.map((v: { status: string }) => v.status), step.status).toEqual(step.expected);
      expect(await statusesOf(vehicleIds), step.status).toEqual(step.expected);
    }
    // Set back to LOADED (a correction): the later dates are cleared, no vehicle moves back.
    const back = await shipper.patch(`/api/containers/${id}/status`).send({ status: 'LOADED' });
    expect(back.body).toMatchObject({ status: 'LOADED', vehiclesUpdated: 0, departedAt: null, arrivedAt: null, releasedAt: null });
    expect(await statusesOf(vehicleIds)).toEqual(['RECEIVED', 'RECEIVED', 'RECEIVED']);
  });

  it('each vehicle’s history records the change with the container as its cause, and the counts follow', async () => {
    const { id, vehicleIds } = await containerWith(['AT_WAREHOUSE']);
    const before = (await shipper.get('/api/dashboard')).body.byStatus.find((s: { status: string }) => s.status === 'SHIPPED').count;
    await shipper.patch(`/api/containers/${id}/status`).send({ status: 'DEPARTED' });
    const vehicle = (await shipper.get(`/api/vehicles/${vehicleIds[0]}`)).body;
    const number = (await shipper.get(`/api/containers/${id}`)).body.number;
    expect(vehicle.statusHistory.at(-1)).toMatchObject({ fromStatus: 'AT_WAREHOUSE', toStatus: 'SHIPPED', containerId: id, containerNumber: number });
    // A change made by hand names no container.
    await shipper.patch(`/api/vehicles/${vehicleIds[0]}/status`).send({ status: 'AT_PORT' });
    expect((await shipper.get(`/api/vehicles/${vehicleIds[0]}`)).body.statusHistory.at(-1)).toMatchObject({ toStatus: 'AT_PORT', containerId: null });
    const after = (await shipper.get('/api/dashboard')).body.byStatus.find((s: { status: string }) => s.status === 'SHIPPED').count;
    expect(after).toBe(before);
  });

  it('a vehicle added to a departed container takes its status; one added to a loaded container keeps its own', async () => {
    const departed = await containerWith([]);
    await shipper.patch(`/api/containers/${departed.id}/status`).send({ status: 'DEPARTED' });
    const created = await shipper.post('/api/vehicles').send({ vin: validVin(), containerId: departed.id });
    expect(created.body).toMatchObject({ status: 'SHIPPED' });
    expect(created.body.statusHistory.at(-1)).toMatchObject({ toStatus: 'SHIPPED', containerId: departed.id });
    const loose = (await shipper.post('/api/vehicles').send({ vin: validVin() })).body.id;
    expect((await shipper.patch(`/api/vehicles/${loose}`).send({ containerId: departed.id })).body.status).toBe('SHIPPED');

    const loaded = await containerWith([]);
    await shipper.patch(`/api/containers/${loaded.id}/status`).send({ status: 'LOADED' });
    expect((await shipper.post('/api/vehicles').send({ vin: validVin(), containerId: loaded.id })).body.status).toBe('NEW_PURCHASE');
  });

  it('the kept counts by status still match the vehicles’ rows after every milestone and assignment above', async () => {
    const kept = await t.db('company_row_counts').where({ tableName: 'vehicles' }).where('total', '!=', 0).select('companyId', 'status', 'total');
    const rows: { companyId: number; status: string; total: number }[] = await t.db('vehicles').groupBy('companyId', 'status').select('companyId', 'status').count({ total: '*' });
    const key = (r: { companyId: unknown; status: unknown; total: unknown }) => `${r.companyId}:${r.status}:${Number(r.total)}`;
    expect(kept.map(key).sort()).toEqual(rows.map(key).sort());
  });

  it('the dashboard lists the containers arriving within 14 days or late, not yet arrived, late ones marked', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const late = await containerWith([], { arrivalDate: day(-3) });
    const soon = await containerWith([], { arrivalDate: day(5) });
    const arrived = await containerWith([], { arrivalDate: day(2) });
    const later = await containerWith([], { arrivalDate: day(40) });
    await shipper.patch(`/api/containers/${arrived.id}/status`).send({ status: 'ARRIVED' });
    const body = (await shipper.get('/api/dashboard')).body;
    const listed = body.arrivingContainers.map((c: { id: number; arrivalLate: boolean }) => [c.id, c.arrivalLate]);
    expect(listed).toEqual(expect.arrayContaining([[late.id, true], [soon.id, false]]));
    const ids = listed.map(([id]: [number]) => id);
    expect(ids.indexOf(late.id)).toBeLessThan(ids.indexOf(soon.id));
    expect(ids).not.toContain(arrived.id);
    expect(ids).not.toContain(later.id);
    expect((await buyer.get('/api/dashboard')).body.arrivingContainers).toBeUndefined();
  });

  it('refuses a bad status or date (400), another company’s container (404) and a buyer (403), changing nothing', async () => {
    const { id, vehicleIds } = await containerWith(['NEW_PURCHASE']);
    const inAWeek = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
    for (const body of [{ status: 'SAILING' }, {}, { status: 'LOADED', at: 'yesterday' }, { status: 'LOADED', at: inAWeek }, { status: 'DEPARTED', at: inAWeek.slice(0, 10) }]) {
      const res = await shipper.patch(`/api/containers/${id}/status`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await otherAdmin.patch(`/api/containers/${id}/status`).send({ status: 'LOADED' })).status).toBe(404);
    expect((await buyer.patch(`/api/containers/${id}/status`).send({ status: 'LOADED' })).status).toBe(403);
    expect((await shipper.get(`/api/containers/${id}`)).body.status).toBe('BOOKED');
    expect(await statusesOf(vehicleIds)).toEqual(['NEW_PURCHASE']);
  });

  it('a late arrival shows as late: planned arrival passed and not arrived, or arrived after the day planned', async () => {
    const waiting = await containerWith([], { arrivalDate: '2020-01-10' });
    expect((await shipper.get(`/api/containers/${waiting.id}`)).body.arrivalLate).toBe(true);
    const onTime = await shipper.patch(`/api/containers/${waiting.id}/status`).send({ status: 'ARRIVED', at: '2020-01-10T18:00:00.000Z' });
    expect(onTime.body.arrivalLate).toBe(false);
    const late = await shipper.patch(`/api/containers/${waiting.id}/status`).send({ status: 'ARRIVED', at: '2020-01-12T08:00:00.000Z' });
    expect(late.body.arrivalLate).toBe(true);
    const list = await shipper.get('/api/containers').query({ filter: JSON.stringify({ id: waiting.id }) });
    expect(list.body[0]).toMatchObject({ status: 'ARRIVED', arrivalLate: true });
    const byStatus = await shipper.get('/api/containers').query({ filter: JSON.stringify({ status: 'ARRIVED' }) });
    expect(byStatus.body.map((c: { id: number }) => c.id)).toContain(waiting.id);
  });
});
