import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';

/**
 * What the console needs to invoice safely and to read every company's lists: the invoices that
 * already include a container, the invoice's company, a vehicle's buyer, downloads by number.
 */
describe.each(ENGINES)('invoiced containers and list columns on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let containerA: number;
  let containerA2: number;
  let containerB: number;
  let movedToA: number;

  const request = (containerIds: number[], date = '2026-11-21') => ({
    containerIds,
    paymentMethod: 'cash',
    date,
    buyerName: 'Mohammed Al Otaibi',
    companyName: 'Gulf Motors',
    salePrice: '1000',
    taxPercentage: '0',
  });
  const invoice = async (client: keyof World['clients'], containerIds: number[], date?: string) => {
    const res = await w.clients[client].post('/api/invoice').send(request(containerIds, date));
    expect(res.status).toBe(201);
    return { id: Number(res.headers['x-invoice-id']), number: res.headers['x-invoice-number'] as string };
  };
  const listed = async (client: keyof World['clients'], ids: number[]) => {
    const res = await w.clients[client].get('/api/containers').query({ filter: JSON.stringify({ id: ids }) });
    expect(res.status).toBe(200);
    return new Map<number, string[]>(res.body.map((c: { id: number; invoiceNumbers: string[] }) => [c.id, c.invoiceNumbers]));
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
    const c = async (companyId: number, number: string) =>
      Number((await t.db('containers').insert({ number, companyId, containerSize: '40HC', createdAt: new Date().toISOString() }))[0]);
    containerA = await c(w.companyA.id, 'MSCU1234565');
    containerA2 = await c(w.companyA.id, 'MAEU1111111');
    containerB = await c(w.companyB.id, 'CSQU3054383');
    movedToA = await c(w.companyB.id, 'TGHU1234560');
  });
  afterAll(() => t.close());

  it('gives every container the numbers of the invoices that include it, on the list and the detail', async () => {
    expect(await listed('SHIPPER', [containerA, containerA2])).toEqual(new Map([[containerA, []], [containerA2, []]]));
    const first = await invoice('SHIPPER', [containerA]);
    const second = await invoice('COMPANY_ADMIN', [containerA2, containerA]);
    const numbers = await listed('SHIPPER', [containerA, containerA2]);
    expect(numbers.get(containerA)).toEqual([first.number, second.number]);
    expect(numbers.get(containerA2)).toEqual([second.number]);
    // A paged list (no id filter) carries them too.
    const page = await w.clients.COMPANY_ADMIN.get('/api/containers').query({ range: '[0,9]', sort: '["number","ASC"]' });
    expect(page.body.find((c: { id: number }) => c.id === containerA).invoiceNumbers).toEqual([first.number, second.number]);
    const detail = await w.clients.SHIPPER.get(`/api/containers/${containerA}`);
    expect(detail.body.invoiceNumbers).toEqual([first.number, second.number]);
    // A deleted invoice no longer counts.
    expect((await w.clients.SHIPPER.delete(`/api/invoices/${first.id}`)).status).toBe(200);
    expect((await listed('SHIPPER', [containerA])).get(containerA)).toEqual([second.number]);
  });

  it('never shows another company’s invoice numbers, even on a container that moved', async () => {
    const theirs = await invoice('SUPER_ADMIN', [containerB, movedToA]);
    await t.db('containers').where({ id: movedToA }).update({ companyId: w.companyA.id });
    // Company A's staff see the moved container, not B's invoice of it.
    expect((await listed('SHIPPER', [movedToA])).get(movedToA)).toEqual([]);
    expect((await w.clients.COMPANY_ADMIN.get(`/api/containers/${movedToA}`)).body.invoiceNumbers).toEqual([]);
    expect((await w.clients.SHIPPER.get(`/api/containers/${containerB}`)).status).toBe(404);
    // The super administrator sees B's container with B's invoice; the moved one is A's now.
    const all = await listed('SUPER_ADMIN', [containerB, movedToA]);
    expect(all.get(containerB)).toEqual([theirs.number]);
    expect(all.get(movedToA)).toEqual([]);
    // B's admin sees its own container's invoice.
    const adminB = await t.signedIn(w.adminB.username);
    const mine = await adminB.get('/api/containers').query({ filter: JSON.stringify({ id: [containerB] }) });
    expect(mine.body[0].invoiceNumbers).toEqual([theirs.number]);
    // Company A's list never names B's invoice anywhere.
    const page = await w.clients.SHIPPER.get('/api/containers').query({ range: '[0,99]' });
    expect(JSON.stringify(page.body)).not.toContain(theirs.number);
  });

  it('names the generated PDF and the download alike, with the invoice number and the buyer', async () => {
    const a = await w.clients.SHIPPER.post('/api/invoice').send(request([containerA], '2026-12-01'));
    const buyer = 'Mohammed-Al-Otaibi';
    expect(a.headers['content-disposition']).toBe(`attachment; filename="${a.headers['x-invoice-number']}-${buyer}.pdf"`);
    const b = await invoice('SHIPPER', [containerA2], '2026-12-01');
    const first = await w.clients.SHIPPER.get(`/api/invoices/${a.headers['x-invoice-id']}/download`);
    const second = await w.clients.SHIPPER.get(`/api/invoices/${b.id}/download`);
    expect(first.headers['content-disposition']).toBe(a.headers['content-disposition']);
    expect(second.headers['content-disposition']).toBe(`attachment; filename="${b.number}-${buyer}.pdf"`);
    expect((await w.clients.SHIPPER.get(`/api/invoices/${b.id}`)).body.fileName).toBe(`${b.number}-${buyer}.pdf`);
  });

  it('lists invoices with their company’s name', async () => {
    const mine = await invoice('SHIPPER', [containerA]);
    const all = await w.clients.SUPER_ADMIN.get('/api/invoices').query({ range: '[0,99]' });
    expect(all.body.find((i: { id: number }) => i.id === mine.id)).toMatchObject({ companyId: w.companyA.id, companyName: w.companyA.name });
    expect(all.body.some((i: { companyName: string }) => i.companyName === w.companyB.name)).toBe(true);
    expect(all.headers['content-range']).toMatch(new RegExp(`/${all.body.length}$`));
    expect((await w.clients.SHIPPER.get(`/api/invoices/${mine.id}`)).body.companyName).toBe(w.companyA.name);
  });

  it('gives vehicle rows the buyer’s name, and filters by company, buyer, container and date', async () => {
    const now = new Date().toISOString();
    const vehicle = async (companyId: number, buyerId: number | null, containerId: number | null, createdAt = now) => {
      const [id] = await t.db('vehicles').insert({ vin: validVin(), companyId, buyerId, containerId, status: 'NEW_PURCHASE', createdAt });
      return Number(id);
    };
    const sold = await vehicle(w.companyA.id, w.buyer.id, containerA, '2026-01-15T10:00:00.000Z');
    const unsold = await vehicle(w.companyA.id, null, null, '2026-03-01T10:00:00.000Z');
    const soldB = await vehicle(w.companyB.id, w.buyerB.id, containerB, '2026-01-20T10:00:00.000Z');
    const ids = (body: { id: number }[]) => body.map((v) => v.id).sort((x, y) => x - y);
    const list = async (filter: Record<string, unknown>, client: keyof World['clients'] = 'SUPER_ADMIN') =>
      (await w.clients[client].get('/api/vehicles').query({ filter: JSON.stringify(filter), range: '[0,99]' })).body;

    const rows = await list({ id: [sold, unsold, soldB] });
    const byId = new Map(rows.map((v: { id: number }) => [v.id, v]));
    expect(byId.get(sold)).toMatchObject({ buyerId: w.buyer.id, buyerName: w.buyer.username, companyName: w.companyA.name, containerNumber: 'MSCU1234565' });
    expect(byId.get(unsold)).toMatchObject({ buyerId: null, buyerName: null, companyName: w.companyA.name });
    expect(byId.get(soldB)).toMatchObject({ buyerName: w.buyerB.username, companyName: w.companyB.name });
    expect((await w.clients.SHIPPER.get(`/api/vehicles/${sold}`)).body.buyerName).toBe(w.buyer.username);

    expect(ids(await list({ companyId: w.companyB.id, createdAt_lte: '2026-12-31' }))).toEqual([soldB]);
    expect(ids(await list({ buyerId: w.buyer.id }))).toEqual([sold]);
    expect(ids(await list({ containerId: containerB }))).toEqual([soldB]);
    expect(ids(await list({ createdAt_gte: '2026-01-01', createdAt_lte: '2026-01-31' }))).toEqual([sold, soldB]);
    // Company staff filter inside their own company only.
    expect(ids(await list({ createdAt_gte: '2026-01-01', createdAt_lte: '2026-01-31' }, 'SHIPPER'))).toEqual([sold]);
    expect(await list({ buyerId: w.buyerB.id }, 'COMPANY_ADMIN')).toEqual([]);
  });
});
