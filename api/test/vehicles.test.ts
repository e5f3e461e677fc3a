import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { startFakeVpic, type FakeVpic } from './support/fakeVpic';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';

describe.each(ENGINES)('vehicles on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let vpic: FakeVpic;
  let containerA: number;
  let containerB: number;

  const container = async (companyId: number, number: string) =>
    Number((await t.db('containers').insert({ number, companyId, containerSize: '40HC', createdAt: new Date().toISOString() }))[0]);

  beforeAll(async () => {
    vpic = await startFakeVpic();
    t = await startTestApp(engine, { VPIC_URL: vpic.url, VPIC_TIMEOUT_MS: '1000' });
    w = await seedWorld(t);
    containerA = await container(w.companyA.id, 'MSCU1234565');
    containerB = await container(w.companyB.id, 'MAEU7654321');
  });
  afterAll(async () => {
    await t.close();
    await vpic.close();
  });
  beforeEach(() => {
    vpic.fail = false;
    vpic.delayMs = 0;
  });

  it('creates a vehicle: VIN upper-cased, decoded by vPIC, shipper = creator, status NEW_PURCHASE with history', async () => {
    const vin = validVin('1HGCM826');
    vpic.decodes[vin] = { Make: 'HONDA', Model: 'Accord', ModelYear: '2003', Trim: 'EX', BodyClass: 'Sedan/Saloon', Doors: '4', EngineCylinders: '4', PlantCountry: 'UNITED STATES (USA)', Seats: '' };
    const res = await w.clients.SHIPPER.post('/api/vehicles').send({ vin: vin.toLowerCase(), containerId: containerA, vehicleInfo: { color: 'Red' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      vin,
      make: 'Honda',
      model: 'Accord',
      year: 2003,
      status: 'NEW_PURCHASE',
      companyId: w.companyA.id,
      shipperId: w.shipper.id,
      containerId: containerA,
      containerNumber: 'MSCU1234565',
      vinCheckDigitValid: true,
      vinDecodeSource: 'vpic',
    });
    expect(res.body.vehicleInfo).toEqual({ color: 'Red', trim: 'EX', bodyClass: 'Sedan/Saloon', doors: '4', engineNumberOfCylinders: '4', plantCountry: 'UNITED STATES (USA)' });
    expect(res.body.statusHistory).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'NEW_PURCHASE', userId: w.shipper.id, username: w.shipper.username })]);
    expect(vpic.requests.some((r) => r.includes(`/vehicles/DecodeVinValues/${vin}`))).toBe(true);
  });

  it('keeps what the user typed over what vPIC says', async () => {
    const vin = validVin('1HGCM826');
    vpic.decodes[vin] = { Make: 'HONDA', Model: 'Accord', ModelYear: '2003' };
    const res = await w.clients.SHIPPER.post('/api/vehicles').send({ vin, make: 'Honda', model: 'Accord Coupe', year: '2004' });
    expect(res.body).toMatchObject({ make: 'Honda', model: 'Accord Coupe', year: 2004 });
  });

  it('still creates the vehicle when vPIC is down or slow, from the bundled decoder', async () => {
    vpic.fail = true;
    const vin = validVin('1FAFP404');
    const res = await w.clients.SHIPPER.post('/api/vehicles').send({ vin });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ vin, make: 'Ford', vinDecodeSource: 'offline' });
    expect(res.body.year).toEqual(expect.any(Number));
  });

  it('refuses bad VINs with a message and saves nothing', async () => {
    const before = Number((await t.db('vehicles').count({ n: '*' }))[0].n);
    for (const [vin, message] of [
      ['1HGCM82633A00435', /17 characters/],
      ['1HGCM82633A0043521', /17 characters/],
      ['1HGCM82633AO04352', /I, O or Q/],
      ['1HGCM8263-A004352', /letters and digits/],
      [undefined, /VIN is required/],
    ] as const) {
      const res = await w.clients.SHIPPER.post('/api/vehicles').send({ vin });
      expect(res.status, String(vin)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(Number((await t.db('vehicles').count({ n: '*' }))[0].n)).toBe(before);
  });

  it('answers a duplicate VIN with 409 "VIN already exists", whatever its case', async () => {
    const vin = validVin();
    expect((await w.clients.SHIPPER.post('/api/vehicles').send({ vin })).status).toBe(201);
    const dup = await w.clients.COMPANY_ADMIN.post('/api/vehicles').send({ vin: vin.toLowerCase() });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('VIN already exists');
  });

  it('warns about a wrong check digit without refusing the VIN', async () => {
    const good = validVin('WDDGF4HB');
    const wrongDigit = good.slice(0, 8) + (good[8] === '1' ? '2' : '1') + good.slice(9);
    const res = await w.clients.SHIPPER.post('/api/vehicles').send({ vin: wrongDigit });
    expect(res.status).toBe(201);
    expect(res.body.vinCheckDigitValid).toBe(false);
  });

  it('needs a company from a SUPER_ADMIN, takes the user’s own company from everyone else, and refuses another company like containers do', async () => {
    const missing = await w.clients.SUPER_ADMIN.post('/api/vehicles').send({ vin: validVin() });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Company is required');
    const sa = await w.clients.SUPER_ADMIN.post('/api/vehicles').send({ vin: validVin(), companyId: w.companyB.id });
    expect(sa.body.companyId).toBe(w.companyB.id);
    const own = await w.clients.COMPANY_ADMIN.post('/api/vehicles').send({ vin: validVin(), companyId: w.companyA.id });
    expect(own.status).toBe(201);
    expect(own.body.companyId).toBe(w.companyA.id);
    const implicit = await w.clients.SHIPPER.post('/api/vehicles').send({ vin: validVin() });
    expect(implicit.body.companyId).toBe(w.companyA.id);
    for (const client of [w.clients.COMPANY_ADMIN, w.clients.SHIPPER]) {
      const vin = validVin();
      const foreignVehicle = await client.post('/api/vehicles').send({ vin, companyId: w.companyB.id });
      const foreignContainer = await client.post('/api/containers').send({ number: 'TGHU1234569', companyId: w.companyB.id });
      for (const res of [foreignVehicle, foreignContainer]) {
        expect(res.status).toBe(403);
        expect(res.body.message).toMatch(/^Only a super administrator can choose the company/);
      }
      expect(await t.db('vehicles').where({ vin }).first()).toBeUndefined();
    }
  });

  it('refuses another company’s container or buyer, on create and on update', async () => {
    const before = Number((await t.db('vehicles').count({ n: '*' }))[0].n);
    const foreignContainer = await w.clients.SHIPPER.post('/api/vehicles').send({ vin: validVin(), containerId: containerB });
    expect(foreignContainer.status).toBe(400);
    expect(foreignContainer.body.errors).toHaveProperty('containerId');
    const foreignBuyer = await w.clients.SHIPPER.post('/api/vehicles').send({ vin: validVin(), buyerId: w.buyerB.id });
    expect(foreignBuyer.status).toBe(400);
    expect(foreignBuyer.body.errors).toHaveProperty('buyerId');
    const notABuyer = await w.clients.SHIPPER.post('/api/vehicles').send({ vin: validVin(), buyerId: w.companyAdmin.id });
    expect(notABuyer.status).toBe(400);
    expect(Number((await t.db('vehicles').count({ n: '*' }))[0].n)).toBe(before);

    const created = (await w.clients.SHIPPER.post('/api/vehicles').send({ vin: validVin() })).body;
    expect((await w.clients.SHIPPER.patch(`/api/vehicles/${created.id}`).send({ containerId: containerB })).status).toBe(400);
    expect((await w.clients.SHIPPER.patch(`/api/vehicles/${created.id}`).send({ buyerId: w.buyerB.id })).status).toBe(400);
    const moved = await w.clients.COMPANY_ADMIN.patch(`/api/vehicles/${created.id}`).send({ companyId: w.companyB.id });
    expect(moved.status).toBe(403);
    const row = await t.db('vehicles').where({ id: created.id }).first();
    expect(row).toMatchObject({ companyId: w.companyA.id, containerId: null, buyerId: null });
  });

  it('lets only a SUPER_ADMIN move a vehicle to another company, leaving the old container and buyer behind', async () => {
    const created = (await w.clients.SHIPPER.post('/api/vehicles').send({ vin: validVin(), containerId: containerA, buyerId: w.buyer.id })).body;
    const moved = await w.clients.SUPER_ADMIN.patch(`/api/vehicles/${created.id}`).send({ companyId: w.companyB.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ companyId: w.companyB.id, containerId: null, buyerId: null });
    // Now it is company B's: company A's staff no longer see it.
    expect((await w.clients.SHIPPER.get(`/api/vehicles/${created.id}`)).status).toBe(404);
  });

  it('updates fields with PATCH and PUT: year parsed, empty vehicleInfo values dropped, text checked', async () => {
    const v = (await w.clients.SHIPPER.post('/api/vehicles').send({ vin: validVin() })).body;
    const res = await w.clients.SHIPPER.patch(`/api/vehicles/${v.id}`).send({
      make: 'Toyota',
      model: 'Land Cruiser',
      year: '2021',
      notes: 'Keys in the glovebox',
      buyerId: w.buyer.id,
      containerId: containerA,
      vehicleInfo: { color: 'White', trim: '', fuelType: null, doors: 4 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ make: 'Toyota', model: 'Land Cruiser', year: 2021, notes: 'Keys in the glovebox', buyerId: w.buyer.id, buyerName: w.buyer.username, containerId: containerA });
    expect(res.body.vehicleInfo).toEqual({ color: 'White', doors: '4' });
    expect(res.body.container).toMatchObject({ id: containerA, number: 'MSCU1234565' });
    const put = await w.clients.COMPANY_ADMIN.put(`/api/vehicles/${v.id}`).send({ containerId: null, notes: null });
    expect(put.body).toMatchObject({ containerId: null, notes: null, make: 'Toyota' });

    for (const body of [{ year: 1899 }, { year: new Date().getUTCFullYear() + 2 }, { year: '20x1' }, { make: '' }, { model: '   ' }, { vin: 'SHORT' }, { status: 'LOST' }]) {
      const bad = await w.clients.SHIPPER.patch(`/api/vehicles/${v.id}`).send(body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.message).toEqual(expect.any(String));
    }
    expect((await t.db('vehicles').where({ id: v.id }).first()).make).toBe('Toyota');
  });

  it('records concurrent status changes as one chain: each from the status it replaced', async () => {
    const v = (await w.clients.SHIPPER.post('/api/vehicles').send({ vin: validVin() })).body;
    const targets = ['DISPATCHED', 'IN_PROGRESS', 'AT_WAREHOUSE', 'LOADED', 'SHIPPED', 'AT_PORT', 'RECEIVED', 'DISPATCHED', 'LOADED', 'SHIPPED'];
    const answers = await Promise.all(
      targets.map((status, i) =>
        i % 3 === 2
          ? w.clients.COMPANY_ADMIN.patch(`/api/vehicles/${v.id}`).send({ status })
          : w.clients.SHIPPER.patch(`/api/vehicles/${v.id}/status`).send({ status }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(targets.map(() => 200));
    const events = await t.db('vehicle_status_events').where({ vehicleId: v.id }).orderBy('id').select('fromStatus', 'toStatus');
    for (let i = 1; i < events.length; i++) expect(events[i].fromStatus, `event ${i}`).toBe(events[i - 1].toStatus);
    expect(events.at(-1)!.toStatus).toBe((await t.db('vehicles').where({ id: v.id }).first('status')).status);
  });

  it('records every status change in the history, through /status and through PATCH', async () => {
    const v = (await w.clients.SHIPPER.post('/api/vehicles').send({ vin: validVin() })).body;
    // The answer is what a list row shows of the change, not the whole detail.
    const changed = await w.clients.SHIPPER.patch(`/api/vehicles/${v.id}/status`).send({ status: 'DISPATCHED' });
    const row = await t.db('vehicles').where({ id: v.id }).first('status', 'updatedAt');
    expect(changed.body).toEqual({ id: v.id, status: 'DISPATCHED', updatedAt: row.updatedAt });
    expect(row.status).toBe('DISPATCHED');
    expect((await w.clients.COMPANY_ADMIN.patch(`/api/vehicles/${v.id}`).send({ status: 'AT_WAREHOUSE' })).status).toBe(200);
    // Same status again: no new event, and the answer is the row as it is.
    const again = await w.clients.SHIPPER.patch(`/api/vehicles/${v.id}/status`).send({ status: 'AT_WAREHOUSE' });
    expect(again.body).toEqual({ id: v.id, ...(await t.db('vehicles').where({ id: v.id }).first('status', 'updatedAt')) });
    const bad = await w.clients.SHIPPER.patch(`/api/vehicles/${v.id}/status`).send({ status: 'SOLD' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/NEW_PURCHASE/);

    const detail = (await w.clients.SHIPPER.get(`/api/vehicles/${v.id}`)).body;
    expect(detail.statusHistory.map((e: { fromStatus: string | null; toStatus: string }) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 'NEW_PURCHASE'],
      ['NEW_PURCHASE', 'DISPATCHED'],
      ['DISPATCHED', 'AT_WAREHOUSE'],
    ]);
    expect(detail.statusHistory[2]).toMatchObject({ userId: w.companyAdmin.id, username: w.companyAdmin.username });
    expect(Number((await t.db('vehicle_status_events').where({ vehicleId: v.id }).count({ n: '*' }))[0].n)).toBe(3);
  });

  it('scopes lists: company staff see their company, a BUYER only the vehicles sold to it', async () => {
    const mine = (await w.clients.SHIPPER.post('/api/vehicles').send({ vin: validVin(), buyerId: w.buyer.id })).body;
    const theirs = (await w.clients.SUPER_ADMIN.post('/api/vehicles').send({ vin: validVin(), companyId: w.companyB.id, buyerId: w.buyerB.id })).body;

    const staff = await w.clients.SHIPPER.get('/api/vehicles').query({ range: '[0,999]' });
    const staffIds = staff.body.map((v: { id: number }) => v.id);
    expect(staffIds).toContain(mine.id);
    expect(staffIds).not.toContain(theirs.id);
    expect(staff.body.every((v: { companyId: number }) => v.companyId === w.companyA.id)).toBe(true);

    const buyer = await w.clients.BUYER.get('/api/vehicles');
    const soldToBuyer = (await t.db('vehicles').where({ buyerId: w.buyer.id }).select('id')).map((r) => r.id);
    expect(buyer.body.map((v: { id: number }) => v.id).sort()).toEqual(soldToBuyer.sort());
    expect(soldToBuyer).toContain(mine.id);
    expect(buyer.headers['content-range']).toBe(`vehicles 0-${soldToBuyer.length - 1}/${soldToBuyer.length}`);
    expect((await w.clients.BUYER.get(`/api/vehicles/${theirs.id}`)).status).toBe(404);
    expect((await w.clients.SHIPPER.get(`/api/vehicles/${theirs.id}`)).status).toBe(404);
    expect((await w.clients.SHIPPER.patch(`/api/vehicles/${theirs.id}`).send({ notes: 'x' })).status).toBe(404);
    expect((await w.clients.SHIPPER.delete(`/api/vehicles/${theirs.id}`)).status).toBe(404);
    expect((await w.clients.BUYER.patch(`/api/vehicles/${mine.id}/status`).send({ status: 'SHIPPED' })).status).toBe(403);

    const all = await w.clients.SUPER_ADMIN.get('/api/vehicles').query({ filter: JSON.stringify({ companyId: w.companyB.id }) });
    expect(all.body.map((v: { id: number }) => v.id)).toContain(theirs.id);
  });

  it('lists with search, status filter, sort and the row extras', async () => {
    const a = (await w.clients.SHIPPER.post('/api/vehicles').send({ vin: validVin('JTMHV05J'), make: 'Toyota', model: 'Prado', containerId: containerA, status: 'LOADED', vehicleInfo: { color: 'Pearl' } })).body;
    await t.db('vehicle_files').insert([
      { vehicleId: a.id, companyId: w.companyA.id, fileType: 'IMAGE', fileName: 'a.jpg', mimeType: 'image/jpeg', fileSize: 10, createdAt: new Date().toISOString() },
      { vehicleId: a.id, companyId: w.companyA.id, fileType: 'IMAGE', fileName: 'b.jpg', mimeType: 'image/jpeg', fileSize: 10, createdAt: new Date().toISOString() },
      { vehicleId: a.id, companyId: w.companyA.id, fileType: 'DOCUMENT', fileName: 'title.pdf', mimeType: 'application/pdf', fileSize: 10, createdAt: new Date().toISOString() },
    ]);
    const found = await w.clients.SHIPPER.get('/api/vehicles').query({ filter: JSON.stringify({ q: 'prad', status: 'LOADED' }) });
    expect(found.body.map((v: { id: number }) => v.id)).toEqual([a.id]);
    expect(found.body[0]).toMatchObject({ containerNumber: 'MSCU1234565', companyName: w.companyA.name, imageCount: 2, documentCount: 1 });
    // The same vehicle as its detail shows it: parsed info, the check digit, numbers as numbers.
    expect(found.body[0]).toMatchObject({ vehicleInfo: a.vehicleInfo, vinCheckDigitValid: true, year: a.year, thumbnailFileId: expect.any(Number) });
    expect(found.body[0].vehicleInfo).toMatchObject({ color: 'Pearl' });
    const byVin = await w.clients.SHIPPER.get('/api/vehicles').query({ filter: JSON.stringify({ q: a.vin.slice(3, 10).toLowerCase() }) });
    expect(byVin.body.map((v: { id: number }) => v.id)).toContain(a.id);
    const inContainer = await w.clients.SHIPPER.get('/api/vehicles').query({ filter: JSON.stringify({ containerId: containerA }) });
    expect(inContainer.body.every((v: { containerId: number }) => v.containerId === containerA)).toBe(true);

    for (const field of ['id', 'vin', 'make', 'model', 'year', 'status', 'createdAt']) {
      const res = await w.clients.SHIPPER.get('/api/vehicles').query({ sort: JSON.stringify([field, 'DESC']), range: '[0,4]' });
      expect(res.status, field).toBe(200);
    }
    expect((await w.clients.SHIPPER.get('/api/vehicles').query({ sort: '["notes","ASC"]' })).status).toBe(400);
    expect((await w.clients.SHIPPER.get('/api/vehicles').query({ filter: '{"shipperId":1}' })).status).toBe(400);
  });

  it('lets SUPER_ADMIN and SHIPPER delete, not COMPANY_ADMIN nor BUYER', async () => {
    const v1 = (await w.clients.SHIPPER.post('/api/vehicles').send({ vin: validVin(), buyerId: w.buyer.id })).body;
    expect((await w.clients.COMPANY_ADMIN.delete(`/api/vehicles/${v1.id}`)).status).toBe(403);
    expect((await w.clients.BUYER.delete(`/api/vehicles/${v1.id}`)).status).toBe(403);
    const deleted = await w.clients.SHIPPER.delete(`/api/vehicles/${v1.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.vin).toBe(v1.vin);
    expect(await t.db('vehicles').where({ id: v1.id }).first()).toBeUndefined();
    expect(await t.db('vehicle_status_events').where({ vehicleId: v1.id }).first()).toBeUndefined();
    const v2 = (await w.clients.SHIPPER.post('/api/vehicles').send({ vin: validVin() })).body;
    expect((await w.clients.SUPER_ADMIN.delete(`/api/vehicles/${v2.id}`)).status).toBe(200);
  });
});
