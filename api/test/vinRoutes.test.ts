import net from 'node:net';
import type supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type EngineName } from './support/engines';
import { startFakeVpic, type FakeVpic } from './support/fakeVpic';
import { expectError } from './support/lists';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';

const TIMEOUT_MS = 500;
/**
 * A vPIC deadline far beyond any request's time on a busy machine: an answer well within it was
 * not waiting for vPIC. "At once" is checked against it, never against a tight wall-clock margin.
 */
const LONG_TIMEOUT_MS = 30_000;
const decodeCalls = (fake: FakeVpic, vin?: string) => fake.requests.filter((r) => r.includes(`/vehicles/DecodeVinValues/${vin ?? ''}`)).length;
const makesCalls = (fake: FakeVpic) => fake.requests.filter((r) => r.includes('/vehicles/GetAllMakes')).length;
const names = (res: { body: { name: string }[] }) => res.body.map((m) => m.name);

/** A Ford VIN (WMI 1FA) whose 10th character is '5' (2005: position 7 is a digit, so 1980–2009). */
const fordVin = () => validVin('1FAFP404', `5A${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`);

/** A port on this machine that nothing listens on (opened, then closed at once). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A separate app (its own decoder and caches) with one signed-in shipper. */
async function appWith(engine: EngineName, env: Record<string, string>): Promise<{ t: TestApp; client: supertest.Agent }> {
  const t = await startTestApp(engine, env);
  const company = await t.company();
  const user = await t.user({ role: 'SHIPPER', companyId: company.id });
  return { t, client: await t.signedIn(user.username) };
}

/** Runs a request and measures how long the client waited. */
async function timed<T>(request: PromiseLike<T>): Promise<{ res: T; ms: number }> {
  const started = performance.now();
  const res = await request;
  return { res, ms: performance.now() - started };
}

describe.each(ENGINES)('VIN decoding and makes on %s', (engine) => {
  let fake: FakeVpic;
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    fake = await startFakeVpic();
    t = await startTestApp(engine, { VPIC_URL: fake.url, VPIC_TIMEOUT_MS: String(TIMEOUT_MS) });
    w = await seedWorld(t);
    fake.makes = [
      ...Array.from({ length: 150 }, (_, i) => ({ Make_ID: 10_000 + i, Make_Name: `Make ${String(i + 1).padStart(3, '0')}` })),
      { Make_ID: 460, Make_Name: 'FORD' },
      { Make_ID: 461, Make_Name: 'FORD ' },
      { Make_ID: 1000, Make_Name: 'Stratford Motors' },
      { Make_ID: 1001, Make_Name: 'Bedford' },
      { Make_ID: 1002, Make_Name: 'Ford Trucks' },
    ];
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    // This app's vPIC stays healthy: the down and slow cases get apps of their own.
    fake.fail = false;
    fake.delayMs = 0;
  });

  it('decodes a VIN through vPIC into make, model, year and vehicleInfo, dropping empty and "Not Applicable" values', async () => {
    const vin = validVin('1HGCM826');
    fake.decodes[vin] = {
      Make: 'HONDA',
      Model: 'Accord',
      ModelYear: '2003',
      Trim: 'EX-L',
      EngineCylinders: '4',
      DisplacementL: '2.4',
      BodyClass: 'Sedan/Saloon',
      FuelTypePrimary: 'Gasoline',
      TransmissionStyle: ' Automatic ',
      PlantCountry: 'Not Applicable',
      Doors: '',
      Seats: 'Not Applicable',
      ErrorText: '0 - VIN decoded clean',
    };
    const res = await w.clients.SHIPPER.get(`/api/vin/${vin.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      vin,
      // vPIC's "HONDA" in the stored spelling (domain/makes.ts).
      make: 'Honda',
      model: 'Accord',
      year: 2003,
      vehicleInfo: {
        trim: 'EX-L',
        engineNumberOfCylinders: '4',
        displacement: '2.4',
        bodyClass: 'Sedan/Saloon',
        fuelTypePrimary: 'Gasoline',
        transmissionStyle: 'Automatic',
      },
      source: 'vpic',
      checkDigitValid: true,
    });
    expect(decodeCalls(fake, vin)).toBe(1);
  });

  it('caches decoded VINs: asking again, from any role, makes no new vPIC request', async () => {
    const vin = validVin('JTMHV05J');
    fake.decodes[vin] = { Make: 'TOYOTA', Model: 'Land Cruiser', ModelYear: '2021', Trim: 'GXR' };
    const first = await w.clients.SHIPPER.get(`/api/vin/${vin}`);
    expect(first.body).toMatchObject({ make: 'Toyota', model: 'Land Cruiser', year: 2021, source: 'vpic' });
    fake.decodes[vin] = { Make: 'CHANGED', Model: 'Changed' };
    const again = await w.clients.BUYER.get(`/api/vin/${vin}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(decodeCalls(fake, vin)).toBe(1);
  });

  it('fills what vPIC leaves out from the VIN itself, and warns about a wrong check digit', async () => {
    const vin = fordVin();
    fake.decodes[vin] = { Make: '', Model: 'Mustang', ModelYear: '' };
    const res = await w.clients.SHIPPER.get(`/api/vin/${vin}`);
    expect(res.body).toMatchObject({ vin, make: 'Ford', model: 'Mustang', year: 2005, source: 'vpic', checkDigitValid: true });

    const good = validVin('WDDGF4HB');
    const wrong = good.slice(0, 8) + (good[8] === '1' ? '2' : '1') + good.slice(9);
    fake.decodes[wrong] = { Make: 'MERCEDES-BENZ', Model: 'C-Class', ModelYear: '2014' };
    const warned = await w.clients.SHIPPER.get(`/api/vin/${wrong}`);
    expect(warned.status).toBe(200);
    expect(warned.body).toMatchObject({ vin: wrong, make: 'Mercedes-Benz', checkDigitValid: false });
  });

  it('refuses an invalid VIN with 400 without asking vPIC', async () => {
    const before = fake.requests.length;
    for (const [vin, message] of [
      ['1HGCM82633A00435', /17 characters/],
      ['1HGCM82633A0043521', /17 characters/],
      ['1HGCM82633AO04352', /I, O or Q/],
      ['1HGCM8263%2BA004352', /letters and digits/],
    ] as const) {
      const res = await w.clients.SHIPPER.get(`/api/vin/${vin}`);
      expectError(res, 400, 'validation.failed');
      expect(res.body.message, vin).toMatch(message);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('lists makes from vPIC in their stored spelling: case-insensitive, names starting with the query first, at most 100, no duplicates', async () => {
    const ford = await w.clients.SHIPPER.get('/api/vehicle-makes').query({ q: 'fOrD' });
    expect(ford.status).toBe(200);
    expect(ford.headers['x-data-source']).toBe('vpic');
    expect(names(ford)).toEqual(['Ford', 'Ford Trucks', 'Bedford', 'Stratford Motors']);
    expect(ford.body[0]).toEqual({ id: expect.anything(), name: 'Ford' });
    expect(new Set(ford.body.map((m: { id: unknown }) => m.id)).size).toBe(4);

    const all = await w.clients.SHIPPER.get('/api/vehicle-makes');
    expect(all.body).toHaveLength(100);
    const many = await w.clients.SHIPPER.get('/api/vehicle-makes').query({ q: 'MAKE ' });
    expect(many.body).toHaveLength(100);
    expect(names(many)).toEqual(Array.from({ length: 100 }, (_, i) => `Make ${String(i + 1).padStart(3, '0')}`));
    const few = await w.clients.SHIPPER.get('/api/vehicle-makes').query({ q: 'make 14' });
    expect(names(few)).toEqual(Array.from({ length: 10 }, (_, i) => `Make 14${i}`));

    expect((await w.clients.SHIPPER.get('/api/vehicle-makes').query({ q: 'zzz-no-such-make' })).body).toEqual([]);
    expectError(await w.clients.SHIPPER.get('/api/vehicle-makes').query({ q: 'x'.repeat(101) }), 400, 'validation.failed');
  });

  it('caches the makes list: further searches make no new GetAllMakes request', async () => {
    await w.clients.SHIPPER.get('/api/vehicle-makes').query({ q: 'bed' });
    const before = makesCalls(fake);
    expect(before).toBe(1);
    fake.makes = [{ Make_ID: 1, Make_Name: 'Only Make' }];
    const res = await w.clients.COMPANY_ADMIN.get('/api/vehicle-makes').query({ q: 'bed' });
    expect(names(res)).toEqual(['Bedford']);
    expect(res.headers['x-data-source']).toBe('vpic');
    await w.clients.BUYER.get('/api/vehicle-makes').query({ q: 'only' });
    expect(makesCalls(fake)).toBe(1);
  });

  it('lets every approved role read both routes; pending is 403, anonymous 401', async () => {
    const vin = validVin();
    fake.decodes[vin] = { Make: 'HONDA', Model: 'Civic', ModelYear: '2019' };
    for (const role of ['BUYER', 'SHIPPER', 'COMPANY_ADMIN', 'SUPER_ADMIN'] as const) {
      expect((await w.clients[role].get(`/api/vin/${vin}`)).status, role).toBe(200);
      const makes = await w.clients[role].get('/api/vehicle-makes').query({ q: 'ford' });
      expect(makes.status, role).toBe(200);
      expect(makes.body.length, role).toBeGreaterThan(0);
    }
    expectError(await w.clients.pending.get(`/api/vin/${vin}`), 403, 'auth.pendingApproval');
    expectError(await w.clients.pending.get('/api/vehicle-makes'), 403, 'auth.pendingApproval');
    expectError(await w.clients.anonymous.get(`/api/vin/${vin}`), 401, 'auth.required');
    expectError(await w.clients.anonymous.get('/api/vehicle-makes'), 401, 'auth.required');
  });

  describe('when vPIC cannot help', () => {
    it('answers from the VIN itself, at once, when vPIC fails', async () => {
      const down = await startFakeVpic();
      down.fail = true;
      const { t: t2, client } = await appWith(engine, { VPIC_URL: down.url, VPIC_TIMEOUT_MS: String(LONG_TIMEOUT_MS) });
      try {
        const vin = fordVin();
        const { res, ms } = await timed(client.get(`/api/vin/${vin}`));
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ vin, make: 'Ford', model: null, year: 2005, vehicleInfo: {}, source: 'offline', checkDigitValid: true });
        expect(ms).toBeLessThan(LONG_TIMEOUT_MS / 2);
        expect(decodeCalls(down)).toBe(1);

        const makes = await client.get('/api/vehicle-makes').query({ q: 'toyota' });
        expect(makes.status).toBe(200);
        expect(makes.headers['x-data-source']).toBe('offline');
        expect(names(makes).map((n) => n.toUpperCase())).toContain('TOYOTA');
      } finally {
        await t2.close();
        await down.close();
      }
    });

    it('does not wait for a slow vPIC longer than VPIC_TIMEOUT_MS', async () => {
      const slow = await startFakeVpic();
      slow.delayMs = LONG_TIMEOUT_MS; // an answer before half of it did not wait for vPIC
      slow.makes = [{ Make_ID: 1, Make_Name: 'Too Late Motors' }];
      const { t: t2, client } = await appWith(engine, { VPIC_URL: slow.url, VPIC_TIMEOUT_MS: String(TIMEOUT_MS) });
      try {
        const vin = fordVin();
        slow.decodes[vin] = { Make: 'TOO LATE', Model: 'Too Late' };
        const decoded = await timed(client.get(`/api/vin/${vin}`));
        expect(decoded.res.status).toBe(200);
        expect(decoded.res.body).toMatchObject({ vin, make: 'Ford', year: 2005, source: 'offline' });
        expect(decoded.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
        expect(decoded.ms).toBeLessThan(slow.delayMs / 2);

        const makes = await timed(client.get('/api/vehicle-makes').query({ q: 'too late' }));
        expect(makes.res.status).toBe(200);
        expect(makes.res.headers['x-data-source']).toBe('offline');
        expect(makes.res.body).toEqual([]);
        expect(makes.ms).toBeLessThan(slow.delayMs / 2);
      } finally {
        await t2.close();
        await slow.close();
      }
    });

    it('serves the bundled makes list when vPIC cannot be reached at all', async () => {
      const port = await closedPort();
      const { t: t2, client } = await appWith(engine, { VPIC_URL: `http://127.0.0.1:${port}/api`, VPIC_TIMEOUT_MS: String(LONG_TIMEOUT_MS) });
      try {
        const { res, ms } = await timed(client.get('/api/vehicle-makes'));
        expect(res.status).toBe(200);
        expect(res.headers['x-data-source']).toBe('offline');
        expect(res.body.length).toBeGreaterThan(10);
        expect(res.body.length).toBeLessThanOrEqual(100);
        expect(res.body[0]).toEqual({ id: expect.anything(), name: expect.any(String) });
        expect(ms).toBeLessThan(LONG_TIMEOUT_MS / 2);

        const toy = await client.get('/api/vehicle-makes').query({ q: 'ToY' });
        expect(toy.headers['x-data-source']).toBe('offline');
        expect(names(toy).length).toBeGreaterThan(0);
        expect(names(toy).every((n) => n.toUpperCase().includes('TOY'))).toBe(true);
        expect(names(toy)[0].toUpperCase().startsWith('TOY')).toBe(true);

        const vin = fordVin();
        const decoded = await client.get(`/api/vin/${vin}`);
        expect(decoded.body).toMatchObject({ vin, make: 'Ford', year: 2005, source: 'offline' });
      } finally {
        await t2.close();
      }
    });
  });
});
