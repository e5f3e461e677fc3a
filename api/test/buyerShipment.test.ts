import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/**
 * What a buyer follows of its cars: the vehicle detail's container with its shipping line and
 * route (for every role), and the dashboard's "arriving soon" (buyers only).
 */
describe.each(ENGINES)('the buyer’s shipment view on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let jeddah: number;
  let busan: number;
  const ids: Record<string, number> = {};

  const port = async (name: string, nameAr: string, country: string) =>
    Number((await t.db('ports').insert({ name, nameAr, country, createdAt: new Date().toISOString() }))[0]);
  const container = async (companyId: number, number: string, data: Record<string, unknown> = {}) =>
    Number((await t.db('containers').insert({ number, companyId, containerSize: '40HC', createdAt: new Date().toISOString(), ...data }))[0]);
  const vehicle = async (name: string, companyId: number, data: Record<string, unknown>) => {
    const [id] = await t.db('vehicles').insert({ vin: validVin(), make: 'Toyota', model: name, year: 2022, status: 'SHIPPED', companyId, createdAt: new Date().toISOString(), ...data });
    ids[name] = Number(id);
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
    busan = await port('Busan', 'بوسان', 'South Korea');
    jeddah = await port('Jeddah', 'جدة', 'Saudi Arabia');
    const routed = await container(w.companyA.id, 'MSCU1234565', {
      shippingLine: 'Maersk',
      fromPortId: busan,
      toPortId: jeddah,
      loadingDate: inDays(-20),
      arrivalDate: inDays(5),
    });
    const late = await container(w.companyA.id, 'TGHU0000001', { arrivalDate: inDays(-3) });
    const far = await container(w.companyA.id, 'TGHU0000002', { arrivalDate: inDays(40) });
    const undated = await container(w.companyA.id, 'TGHU0000003');
    const other = await container(w.companyB.id, 'TGHU0000004', { arrivalDate: inDays(2) });

    await vehicle('Soon', w.companyA.id, { containerId: routed, buyerId: w.buyer.id });
    await vehicle('Overdue', w.companyA.id, { containerId: late, buyerId: w.buyer.id, status: 'AT_PORT' });
    await vehicle('Delivered', w.companyA.id, { containerId: late, buyerId: w.buyer.id, status: 'RECEIVED' });
    await vehicle('Far', w.companyA.id, { containerId: far, buyerId: w.buyer.id });
    await vehicle('Undated', w.companyA.id, { containerId: undated, buyerId: w.buyer.id });
    await vehicle('Unassigned', w.companyA.id, { buyerId: w.buyer.id, status: 'NEW_PURCHASE' });
    await vehicle('NotTheirs', w.companyA.id, { containerId: routed });
    await vehicle('OtherBuyer', w.companyB.id, { containerId: other, buyerId: w.buyerB.id });
  });
  afterAll(() => t.close());

  it('gives the vehicle detail its container’s shipping line and route, ports in both languages, for every role', async () => {
    for (const client of [w.clients.BUYER, w.clients.SHIPPER, w.clients.SUPER_ADMIN]) {
      const res = await client.get(`/api/vehicles/${ids.Soon}`);
      expect(res.status).toBe(200);
      expect(res.body.container).toEqual({
        id: expect.any(Number),
        number: 'MSCU1234565',
        containerSize: '40HC',
        loadingDate: expect.any(String),
        arrivalDate: expect.any(String),
        shippingLine: 'Maersk',
        fromPort: { name: 'Busan', nameAr: 'بوسان', country: 'South Korea' },
        toPort: { name: 'Jeddah', nameAr: 'جدة', country: 'Saudi Arabia' },
      });
    }
    // No route set: the ports are null, the rest as it is.
    const bare = await w.clients.BUYER.get(`/api/vehicles/${ids.Undated}`);
    expect(bare.body.container).toMatchObject({ number: 'TGHU0000003', shippingLine: null, arrivalDate: null, fromPort: null, toPort: null });
    const unassigned = await w.clients.BUYER.get(`/api/vehicles/${ids.Unassigned}`);
    expect(unassigned.body.container).toBeNull();
  });

  it('lists a buyer’s cars arriving within 14 days or overdue and not delivered, soonest first', async () => {
    const res = await w.clients.BUYER.get('/api/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.arrivingSoon.map((v: { id: number }) => v.id)).toEqual([ids.Overdue, ids.Soon]);
    expect(res.body.arrivingSoon[1]).toMatchObject({
      id: ids.Soon,
      vin: expect.any(String),
      make: 'Toyota',
      model: 'Soon',
      status: 'SHIPPED',
      containerNumber: 'MSCU1234565',
      toPortName: 'Jeddah',
      toPortNameAr: 'جدة',
      toPortCountry: 'Saudi Arabia',
    });
    expect(res.body.arrivingSoon[1].arrivalDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('never shows another buyer’s cars, and only buyers get the list', async () => {
    const other = await t.signedIn(w.buyerB.username);
    const res = await other.get('/api/dashboard');
    expect(res.body.arrivingSoon.map((v: { id: number }) => v.id)).toEqual([ids.OtherBuyer]);
    for (const client of [w.clients.SHIPPER, w.clients.COMPANY_ADMIN, w.clients.SUPER_ADMIN]) {
      expect((await client.get('/api/dashboard')).body).not.toHaveProperty('arrivingSoon');
    }
  });
});
