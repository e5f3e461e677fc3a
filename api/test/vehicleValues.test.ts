import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAR_COLORS as DETECTED_COLORS } from '../src/services/vision/colors';
import { CAR_COLORS, vehicleValueLabel, vehicleValueOfCell } from '../src/domain/vehicleValues';
import { binary } from './support/binaryBody';
import { pdfText } from './support/pdfText';
import { migrationNamed } from '../../migrations/index';
import { canonicalMake } from '../src/domain/makes';
import { statusRank, VEHICLE_STATUSES } from '../src/domain/statuses';
import { ENGINES } from './support/engines';
import { startFakeVpic, type FakeVpic } from './support/fakeVpic';
import { keepFiguresOfWrittenRows } from './support/keptFigures';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';

describe('one spelling of a make', () => {
  it.each([
    ['TOYOTA', 'Toyota'],
    ['toyota', 'Toyota'],
    [' Toyota ', 'Toyota'],
    ['LAND  ROVER', 'Land Rover'],
    ['MERCEDES-BENZ', 'Mercedes-Benz'],
    ['bmw', 'BMW'],
    ['Gmc', 'GMC'],
    ['mini', 'MINI'],
    ['RAM', 'RAM'],
    ['MCLAREN', 'McLaren'],
    ['ROLLS ROYCE', 'Rolls-Royce'],
    ['AUTOCAR LLC.', 'Autocar LLC.'],
    ['   ', null],
    [null, null],
  ])('%j is stored as %j, and stays so', (typed, stored) => {
    expect(canonicalMake(typed)).toBe(stored);
    expect(canonicalMake(stored)).toBe(stored);
  });
});

describe('coded values in both languages', () => {
  it('name every colour detection answers with', () => {
    expect([...CAR_COLORS].sort()).toEqual(Object.keys(DETECTED_COLORS).sort());
  });

  it.each([
    ['color', 'silver', 'فضي'],
    ['fuelTypePrimary', 'Gasoline', 'بنزين'],
    ['fuelType', 'diesel', 'ديزل'],
    ['transmissionStyle', 'Manual/Standard', 'يدوي'],
    ['driveType', 'AWD/All-Wheel Drive', 'دفع كلي (AWD)'],
    ['bodyClass', 'Sedan/Saloon', 'سيدان'],
    ['vehicleType', 'PASSENGER CAR', 'سيارة ركاب'],
  ])('%s %j reads %j in Arabic and is stored again as it was from that label', (field, stored, arabic) => {
    expect(vehicleValueLabel(field, stored, 'ar')).toBe(arabic);
    expect(vehicleValueOfCell(field, arabic).toLowerCase()).toBe(stored.toLowerCase());
    expect(vehicleValueOfCell(field, stored)).toBe(stored);
  });

  it('leaves a value it does not know as it was typed', () => {
    expect(vehicleValueLabel('color', 'Pearl white', 'ar')).toBe('Pearl white');
    expect(vehicleValueLabel('trim', 'Gasoline', 'ar')).toBe('Gasoline');
    expect(vehicleValueOfCell('color', 'أبيض لؤلؤي')).toBe('أبيض لؤلؤي');
  });
});

describe.each(ENGINES)('makes and statuses read the same everywhere on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let vpic: FakeVpic;

  beforeAll(async () => {
    vpic = await startFakeVpic();
    t = await startTestApp(engine, { VPIC_URL: vpic.url, VPIC_TIMEOUT_MS: '1000' });
    w = await seedWorld(t);
  });
  afterAll(async () => {
    await t.close();
    await vpic.close();
  });
  beforeEach(() => {
    vpic.fail = false;
  });

  const makeOf = async (vin: string) => (await t.db('vehicles').where({ vin }).first('make')).make;

  it('stores one spelling whichever path saves the make: typed, vPIC, offline decoder, update, import', async () => {
    const typed = validVin('JTEBU5JR');
    expect((await w.clients.SHIPPER.post('/api/vehicles').send({ vin: typed, make: 'TOYOTA', model: 'Prado' })).body.make).toBe('Toyota');

    const fromVpic = validVin('JTEBU5JR');
    vpic.decodes[fromVpic] = { Make: 'TOYOTA', Model: 'Land Cruiser', ModelYear: '2021' };
    expect((await w.clients.SHIPPER.post('/api/vehicles').send({ vin: fromVpic })).body.make).toBe('Toyota');

    vpic.fail = true;
    const offline = validVin('JTEBU5JR');
    const decoded = await w.clients.SHIPPER.get(`/api/vin/${offline}`);
    expect(decoded.body).toMatchObject({ make: 'Toyota', source: 'offline' });
    const created = await w.clients.SHIPPER.post('/api/vehicles').send({ vin: offline, model: 'Hilux' });
    expect(created.body.make).toBe('Toyota');
    expect((await w.clients.SHIPPER.get('/api/vehicle-makes').query({ q: 'toyo' })).body[0]).toEqual({ id: 'Toyota', name: 'Toyota' });
    expect((await w.clients.SHIPPER.get('/api/vehicle-makes').query({ q: 'bmw' })).body[0].name).toBe('BMW');

    const updated = await w.clients.SHIPPER.put(`/api/vehicles/${created.body.id}`).send({ make: 'bmw' });
    expect(updated.status).toBe(200);
    expect(await makeOf(offline)).toBe('BMW');

    const imported = validVin('JTEBU5JR');
    const file = Buffer.from(`VIN,Make,Model\r\n${imported},LEXUS,RX\r\n${typed},TOYOTA,Prado\r\n`, 'utf8');
    const res = await w.clients.SHIPPER.post('/api/vehicles/import').attach('file', file, 'cars.csv');
    expect(res.body).toMatchObject({ created: 1, errors: [] });
    // The file's TOYOTA is the stored Toyota: no change.
    expect(res.body.unchanged).toBe(1);
    expect(await makeOf(imported)).toBe('Lexus');
    expect(await makeOf(typed)).toBe('Toyota');

    // A search finds the make in either case.
    for (const q of ['toyota', 'TOYOTA', 'Toyota']) {
      const found = await w.clients.SHIPPER.get('/api/vehicles').query({ filter: JSON.stringify({ q }) });
      expect(found.body.map((v: { vin: string }) => v.vin).sort(), q).toEqual([typed, fromVpic].sort());
    }
  });

  it('sorts by status in the order of the shipping stages, both ways, and keeps it through status changes', async () => {
    const company = await t.company();
    const admin = await t.signedIn((await t.user({ role: 'COMPANY_ADMIN', companyId: company.id })).username);
    const ids: number[] = [];
    // Created in reverse, so neither the creation time nor the id gives the stages' order.
    for (const status of [...VEHICLE_STATUSES].reverse()) {
      const res = await admin.post('/api/vehicles').send({ vin: validVin(), make: 'Kia', model: 'Rio', status });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const sorted = async (order: 'ASC' | 'DESC') =>
      (await admin.get('/api/vehicles').query({ sort: JSON.stringify(['status', order]), range: JSON.stringify([0, 24]) })).body.map((v: { status: string }) => v.status);
    expect(await sorted('ASC')).toEqual([...VEHICLE_STATUSES]);
    expect(await sorted('DESC')).toEqual([...VEHICLE_STATUSES].reverse());

    // RECEIVED back to DISPATCHED: it now sorts among the dispatched ones.
    expect((await admin.patch(`/api/vehicles/${ids[0]}/status`).send({ status: 'DISPATCHED' })).status).toBe(200);
    expect(await sorted('ASC')).toEqual(['NEW_PURCHASE', 'DISPATCHED', 'DISPATCHED', 'IN_PROGRESS', 'AT_WAREHOUSE', 'LOADED', 'SHIPPED', 'AT_PORT']);
    expect(await t.db('vehicles').where({ id: ids[0] }).first('statusRank')).toEqual({ statusRank: statusRank('DISPATCHED') });
  });

  it('migrates rows saved before: makes respelled, ranks filled, by id ranges, and again after stopping halfway', async () => {
    const company = await t.company();
    const now = new Date().toISOString();
    const rows = [
      { vin: validVin(), make: 'TOYOTA', status: 'SHIPPED' },
      { vin: validVin(), make: 'toyota', status: 'AT_PORT' },
      { vin: validVin(), make: 'ROLLS ROYCE', status: 'RECEIVED' },
      { vin: validVin(), make: 'Nissan', status: 'NEW_PURCHASE' },
      { vin: validVin(), make: null, status: 'LOADED' },
    ];
    // As an install before the migrations had them: capitals, and every rank left at 0.
    await t.db('vehicles').insert(rows.map((row) => ({ ...row, model: 'Old', companyId: company.id, statusRank: 0, createdAt: now })));
    await keepFiguresOfWrittenRows(t.db);
    const rank = migrationNamed('20261201000100_vehicle_status_rank')!;
    const spell = migrationNamed('20261201000200_make_spellings')!;
    // Run twice: the second finds its work done (a run that stopped after a range runs again).
    for (let run = 0; run < 2; run++) {
      await rank.up(t.db);
      await spell.up(t.db);
    }
    const after = await t.db('vehicles').whereIn('vin', rows.map((r) => r.vin)).select('vin', 'make', 'status', 'statusRank');
    for (const row of rows) {
      const found = after.find((a) => a.vin === row.vin)!;
      expect(found.make, row.vin).toBe(canonicalMake(row.make));
      expect(Number(found.statusRank), row.status).toBe(VEHICLE_STATUSES.indexOf(row.status as never));
    }
    // The respelled make is found by its new spelling (the search index was written again).
    const superAdmin = w.clients.SUPER_ADMIN;
    const found = await superAdmin.get('/api/vehicles').query({ filter: JSON.stringify({ q: 'rolls-royce' }) });
    expect(found.body.map((v: { vin: string }) => v.vin)).toEqual([rows[2].vin]);
  });

  it('prints colours in both languages on the invoice, and coded values in Arabic on an Arabic sheet that imports back', async () => {
    const company = await t.company();
    const admin = await t.signedIn((await t.user({ role: 'COMPANY_ADMIN', companyId: company.id })).username);
    const containerId = Number((await t.db('containers').insert({ number: 'MSCU1234565', companyId: company.id, containerSize: '40HC', createdAt: new Date().toISOString() }))[0]);
    const vin = validVin();
    const created = await admin.post('/api/vehicles').send({
      vin, make: 'TOYOTA', model: 'Camry', containerId, vehicleInfo: { color: 'Silver', fuelTypePrimary: 'Gasoline', bodyClass: 'Sedan/Saloon' },
    });
    expect(created.status).toBe(201);

    const invoice = await admin
      .post('/api/invoice')
      .send({ containerIds: [containerId], paymentMethod: 'cash', date: '2026-11-21', buyerName: 'Buyer', salePrice: '1000', taxPercentage: '0' })
      .buffer(true)
      .parse(binary);
    expect(invoice.status).toBe(201);
    const text = await pdfText(invoice.body);
    for (const expected of ['Toyota', 'Silver', 'فضي']) expect(text).toContain(expected);
    expect(text).not.toContain('TOYOTA');

    const exported = await admin.get('/api/vehicles/export?format=csv&lang=ar').buffer(true).parse(binary);
    const [headings, row] = parse(exported.body as Buffer, { bom: true }) as string[][];
    const cell = (heading: string) => row[headings.indexOf(heading)];
    expect(cell('اللون')).toBe('فضي');
    expect(cell('نوع الوقود')).toBe('بنزين');
    expect(cell('نوع الهيكل')).toBe('سيدان');
    expect(cell('الحالة')).toBe('شراء جديد');

    // The Arabic sheet imported again changes nothing: its labels are the stored values.
    const again = await admin.post('/api/vehicles/import').attach('file', exported.body as Buffer, 'vehicles.csv');
    expect(again.body).toMatchObject({ unchanged: 1, updated: 0, errors: [] });
    const stored = await t.db('vehicles').where({ vin }).first('vehicleInfo');
    expect(JSON.parse(stored.vehicleInfo)).toMatchObject({ color: 'Silver', fuelTypePrimary: 'Gasoline', bodyClass: 'Sedan/Saloon' });
  });
});
