import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { expectError } from './support/lists';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';
import { keepFiguresOfWrittenRows } from './support/keptFigures';

/** The order the dashboard's status cards follow (DESIGN.md §5), written out so a reordering is noticed. */
const STATUS_ORDER = ['NEW_PURCHASE', 'DISPATCHED', 'IN_PROGRESS', 'AT_WAREHOUSE', 'LOADED', 'SHIPPED', 'AT_PORT', 'RECEIVED'];

type Seeded = { id: number; vin: string; status: string; companyId: number; buyerId: number | null; createdAt: string };
type StatusCard = { status: string; count: number; vehicles: { id: number; vin: string; make: string | null; model: string | null; year: number | null }[] };

describe.each(ENGINES)('dashboard on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let adminB: supertest.Agent;
  let buyerB: supertest.Agent;
  let companyC: { id: number; name: string; code: string };
  const vehicles: Seeded[] = [];

  /** Known data in companies A and B; each vehicle one minute newer than the one before. */
  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
    companyC = await t.company({ name: 'Idle Imports', active: false });
    adminB = await t.signedIn(w.adminB.username);
    buyerB = await t.signedIn(w.buyerB.username);

    for (const [name, country] of [
      ['Jeddah', 'Saudi Arabia'],
      ['Jebel Ali', 'UAE'],
      ['Busan', 'South Korea'],
    ]) {
      await t.db('ports').insert({ name, nameAr: name, country, createdAt: new Date().toISOString() });
    }
    const container = async (companyId: number, number: string) =>
      Number((await t.db('containers').insert({ number, companyId, containerSize: '40HC', createdAt: new Date().toISOString() }))[0]);
    const a1 = await container(w.companyA.id, 'DSHU0000001');
    await container(w.companyA.id, 'DSHU0000002');
    const b1 = await container(w.companyB.id, 'DSHU0000003');

    // Company A: 29 vehicles (22 of them AT_WAREHOUSE, more than a status card lists); company B: 3.
    const plan: { companyId: number; status: string; containerId?: number; buyerId?: number }[] = [
      { companyId: w.companyA.id, status: 'NEW_PURCHASE', buyerId: w.buyer.id, containerId: a1 },
      { companyId: w.companyA.id, status: 'NEW_PURCHASE' },
      { companyId: w.companyB.id, status: 'NEW_PURCHASE', buyerId: w.buyerB.id, containerId: b1 },
      ...Array.from({ length: 22 }, () => ({ companyId: w.companyA.id, status: 'AT_WAREHOUSE' })),
      { companyId: w.companyA.id, status: 'NEW_PURCHASE' },
      { companyId: w.companyA.id, status: 'DISPATCHED', containerId: a1 },
      { companyId: w.companyB.id, status: 'NEW_PURCHASE' },
      { companyId: w.companyA.id, status: 'LOADED', buyerId: w.buyer.id },
      { companyId: w.companyA.id, status: 'LOADED' },
      { companyId: w.companyB.id, status: 'SHIPPED' },
      { companyId: w.companyA.id, status: 'RECEIVED' },
    ];
    const start = Date.UTC(2026, 0, 1);
    for (const [i, p] of plan.entries()) {
      const row = {
        vin: validVin(),
        make: `Make${i}`,
        model: `Model${i}`,
        year: 2020,
        status: p.status,
        companyId: p.companyId,
        containerId: p.containerId ?? null,
        buyerId: p.buyerId ?? null,
        createdAt: new Date(start + i * 60_000).toISOString(),
      };
      const [id] = await t.db('vehicles').insert(row);
      vehicles.push({ id: Number(id), vin: row.vin, status: row.status, companyId: row.companyId, buyerId: row.buyerId, createdAt: row.createdAt });
    }
    await keepFiguresOfWrittenRows(t.db);
  });
  afterAll(() => t.close());

  const newestFirst = (list: Seeded[]) => [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((v) => v.id);
  const ofCompany = (companyId: number) => vehicles.filter((v) => v.companyId === companyId);
  const dashboard = async (client: supertest.Agent) => {
    const res = await client.get('/api/dashboard');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** What a status card must show for these vehicles: the count, and the 20 newest. */
  const expectCards = (byStatus: StatusCard[], visible: Seeded[]) => {
    expect(byStatus.map((c) => c.status)).toEqual(STATUS_ORDER);
    for (const card of byStatus) {
      const inStatus = visible.filter((v) => v.status === card.status);
      expect(card.count, card.status).toBe(inStatus.length);
      expect(card.vehicles.map((v) => v.id), card.status).toEqual(newestFirst(inStatus).slice(0, 20));
    }
  };

  it('shows a SUPER_ADMIN everything: all counts, every status, the newest vehicles and companies', async () => {
    const body = await dashboard(w.clients.SUPER_ADMIN);
    expect(body.counts).toEqual({ vehicles: 32, containers: 3, ports: 3, companies: 3, users: 7 });
    expectCards(body.byStatus, vehicles);
    const atWarehouse = body.byStatus.find((c: StatusCard) => c.status === 'AT_WAREHOUSE');
    expect(atWarehouse.count).toBe(22);
    expect(atWarehouse.vehicles).toHaveLength(20);
    expect(atWarehouse.vehicles[0]).toEqual({ id: expect.any(Number), vin: expect.any(String), make: expect.any(String), model: expect.any(String), year: 2020 });
    expect(body.byStatus.find((c: StatusCard) => c.status === 'IN_PROGRESS')).toEqual({ status: 'IN_PROGRESS', count: 0, vehicles: [] });

    expect(body.recentVehicles.map((v: { id: number }) => v.id)).toEqual(newestFirst(vehicles).slice(0, 5));
    const newest = vehicles[vehicles.length - 1];
    expect(body.recentVehicles[0]).toEqual({
      id: newest.id, vin: newest.vin, make: `Make${vehicles.length - 1}`, model: `Model${vehicles.length - 1}`, year: 2020, status: 'RECEIVED',
      createdAt: newest.createdAt, vinCheckDigitValid: true,
    });

    expect(body.recentCompanies.map((c: { id: number }) => c.id)).toEqual([companyC.id, w.companyB.id, w.companyA.id]);
    expect(body.recentCompanies[0]).toMatchObject({ name: 'Idle Imports', code: companyC.code, active: false });
    expect(body.recentCompanies[2]).toMatchObject({ name: w.companyA.name, code: w.companyA.code, active: true });
  });

  it('shows a COMPANY_ADMIN its own company only: counts, statuses, vehicles, itself as the one company', async () => {
    const own = ofCompany(w.companyA.id);
    const body = await dashboard(w.clients.COMPANY_ADMIN);
    // Users of company A: its admin, shipper and buyer.
    expect(body.counts).toEqual({ vehicles: 29, containers: 2, ports: 3, companies: 1, users: 3 });
    expectCards(body.byStatus, own);
    expect(body.byStatus.find((c: StatusCard) => c.status === 'SHIPPED')).toEqual({ status: 'SHIPPED', count: 0, vehicles: [] });
    expect(body.recentVehicles.map((v: { id: number }) => v.id)).toEqual(newestFirst(own).slice(0, 5));
    expect(body.recentCompanies).toEqual([expect.objectContaining({ id: w.companyA.id, name: w.companyA.name, code: w.companyA.code, active: true })]);

    const other = await dashboard(adminB);
    expect(other.counts).toEqual({ vehicles: 3, containers: 1, ports: 3, companies: 1, users: 2 });
    expectCards(other.byStatus, ofCompany(w.companyB.id));
    expect(other.recentVehicles.map((v: { id: number }) => v.id)).toEqual(newestFirst(ofCompany(w.companyB.id)));
    expect(other.recentCompanies.map((c: { id: number }) => c.id)).toEqual([w.companyB.id]);
  });

  it('shows a SHIPPER its company’s statistics but no company or user figures', async () => {
    const own = ofCompany(w.companyA.id);
    const body = await dashboard(w.clients.SHIPPER);
    expect(body.counts).toEqual({ vehicles: 29, containers: 2, ports: 3 });
    expectCards(body.byStatus, own);
    expect(body.recentVehicles).toHaveLength(5);
    expect(body.recentVehicles.map((v: { id: number }) => v.id)).toEqual(newestFirst(own).slice(0, 5));
    expect(body.recentCompanies).toBeNull();
  });

  it('shows a BUYER only counts and the vehicles sold to it: no statistics, companies or users', async () => {
    const mine = vehicles.filter((v) => v.buyerId === w.buyer.id);
    const body = await dashboard(w.clients.BUYER);
    // Its two cars; one of them sits in a container.
    expect(body.counts).toEqual({ vehicles: 2, containers: 1, ports: 3 });
    expect(body.byStatus).toBeNull();
    expect(body.recentCompanies).toBeNull();
    expect(body.recentVehicles.map((v: { id: number }) => v.id)).toEqual(newestFirst(mine));
    // The same fields as staff's newest vehicles, in the same order.
    expect(Object.keys(body.recentVehicles[0])).toEqual(['id', 'vin', 'make', 'model', 'year', 'status', 'createdAt', 'vinCheckDigitValid']);

    const other = await dashboard(buyerB);
    expect(other.counts).toEqual({ vehicles: 1, containers: 1, ports: 3 });
    expect(other.recentVehicles.map((v: { id: number }) => v.id)).toEqual(newestFirst(vehicles.filter((v) => v.buyerId === w.buyerB.id)));
    expect(other.byStatus).toBeNull();
  });

  it('follows new data on the next request', async () => {
    const [id] = await t.db('vehicles').insert({ vin: validVin(), status: 'AT_PORT', companyId: w.companyA.id, createdAt: new Date(Date.UTC(2027, 0, 1)).toISOString() });
    await keepFiguresOfWrittenRows(t.db);
    try {
      const body = await dashboard(w.clients.SHIPPER);
      expect(body.counts.vehicles).toBe(30);
      expect(body.byStatus.find((c: StatusCard) => c.status === 'AT_PORT')).toMatchObject({ count: 1, vehicles: [expect.objectContaining({ id: Number(id) })] });
      expect(body.recentVehicles[0].id).toBe(Number(id));
      expect((await dashboard(adminB)).counts.vehicles).toBe(3);
    } finally {
      await t.db('vehicles').where({ id }).delete();
      await keepFiguresOfWrittenRows(t.db);
    }
  });

  it('is 403 for a pending user and 401 without a session', async () => {
    expectError(await w.clients.pending.get('/api/dashboard'), 403, 'auth.pendingApproval');
    expectError(await w.clients.anonymous.get('/api/dashboard'), 401, 'auth.required');
  });
});
