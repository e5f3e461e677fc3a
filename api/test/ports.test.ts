import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { countRows, expectError, getList, ids } from './support/lists';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';

/** Arabic as people type it: plain, long, with full diacritics, mixed with Latin, digits, marks and emoji. */
const ARABIC_NAMES = [
  'جبل علي',
  'ميناء الملك عبدالعزيز',
  'مِينَاءُ جِدَّةَ الإِسْلَامِيُّ',
  'ميناء  الدمام  ٣', // two spaces kept, Arabic-Indic digit
  'بندر عباس — Bandar Abbas',
  '\u200Fميناء خليفة\u200F', // right-to-left marks
  '🚢 ميناء صلالة ⚓',
  'ميناء حمد 👨‍✈️🇶🇦',
];

describe.each(ENGINES)('ports on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let portId: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
    const [id] = await t.db('ports').insert({ name: 'Jebel Ali', nameAr: 'جبل علي', country: 'United Arab Emirates', companyId: null, createdAt: new Date().toISOString() });
    portId = Number(id);
  });
  afterAll(() => t.close());

  it('lets every approved role read the list and one port', async () => {
    for (const actor of ['SUPER_ADMIN', 'COMPANY_ADMIN', 'SHIPPER', 'BUYER'] as const) {
      const list = await w.clients[actor].get('/api/ports');
      expect(list.status, actor).toBe(200);
      expect(ids(list), actor).toContain(portId);
      const one = await w.clients[actor].get(`/api/ports/${portId}`);
      expect(one.status, actor).toBe(200);
      // A country typed before codes were required is answered as it is, marked as not a code.
      expect(one.body).toEqual({ id: portId, name: 'Jebel Ali', nameAr: 'جبل علي', country: 'United Arab Emirates', countryIsCode: false, companyId: null, createdAt: expect.any(String) });
    }
    // Ports are shared: a port tied to company B is visible to company A's users too.
    const [bPort] = await t.db('ports').insert({ name: 'Desert Port', nameAr: 'ميناء الصحراء', country: 'Oman', companyId: w.companyB.id, createdAt: new Date().toISOString() });
    expect((await w.clients.BUYER.get(`/api/ports/${Number(bPort)}`)).status).toBe(200);
    expectError(await w.clients.pending.get('/api/ports'), 403, 'auth.pendingApproval');
    expectError(await w.clients.anonymous.get(`/api/ports/${portId}`), 401, 'auth.required');
    expectError(await w.clients.SHIPPER.get('/api/ports/999999'), 404, 'notFound');
  });

  it('lets only a super admin write; every other write is 403 and changes nothing', async () => {
    const before = await t.db('ports').orderBy('id');
    for (const actor of ['COMPANY_ADMIN', 'SHIPPER', 'BUYER', 'pending'] as const) {
      const c = w.clients[actor];
      for (const request of [
        c.post('/api/ports').send({ name: 'Mine', nameAr: 'لي', country: 'AE' }),
        c.patch(`/api/ports/${portId}`).send({ name: 'Renamed' }),
        c.put(`/api/ports/${portId}`).send({ country: 'OM' }),
        c.delete(`/api/ports/${portId}`),
      ]) {
        expectError(await request, 403);
      }
    }
    expectError(await w.clients.anonymous.post('/api/ports').send({ name: 'Mine', nameAr: 'لي', country: 'AE' }), 401, 'auth.required');
    expect(await t.db('ports').orderBy('id')).toEqual(before);
  });

  it('creates a port, with or without a company, and answers 201 with the record', async () => {
    const sa = w.clients.SUPER_ADMIN;
    const plain = await sa.post('/api/ports').send({ name: ' Dammam ', nameAr: ' الدمام ', country: ' sa ' });
    expect(plain.status).toBe(201);
    // Country codes are taken in any case and stored upper-case.
    expect(plain.body).toEqual({ id: expect.any(Number), name: 'Dammam', nameAr: 'الدمام', country: 'SA', countryIsCode: true, companyId: null, createdAt: expect.any(String) });
    const owned = await sa.post('/api/ports').send({ name: 'Sohar', nameAr: 'صحار', country: 'OM', companyId: w.companyA.id, id: 424242 });
    expect(owned.status).toBe(201);
    expect(owned.body).toMatchObject({ name: 'Sohar', companyId: w.companyA.id });
    expect(owned.body.id).not.toBe(424242);
    expect(await t.db('ports').where({ id: owned.body.id }).first()).toMatchObject({ name: 'Sohar', nameAr: 'صحار', country: 'OM', companyId: w.companyA.id });
  });

  it('keeps Arabic names exactly as sent, through create, read, list, search, update and storage', async () => {
    const sa = w.clients.SUPER_ADMIN;
    for (const nameAr of ARABIC_NAMES) {
      const created = await sa.post('/api/ports').send({ name: 'Arabic test', nameAr, country: 'ae' });
      expect(created.status, nameAr).toBe(201);
      expect(created.body.nameAr).toBe(nameAr);
      expect(created.body.country).toBe('AE');
      expect((await sa.get(`/api/ports/${created.body.id}`)).body.nameAr).toBe(nameAr);
      const stored = await t.db('ports').where({ id: created.body.id }).first();
      expect(stored.nameAr).toBe(nameAr);
      expect(Buffer.from(stored.nameAr, 'utf8').equals(Buffer.from(nameAr, 'utf8'))).toBe(true);
    }
    const list = await getList(sa, '/api/ports', { filter: { q: 'Arabic test' }, sort: ['id', 'ASC'] });
    expect(list.body.map((p: { nameAr: string }) => p.nameAr)).toEqual(ARABIC_NAMES);
    const search = await getList(sa, '/api/ports', { filter: { q: 'عبدالعزيز' } });
    expect(search.body.map((p: { nameAr: string }) => p.nameAr)).toEqual(['ميناء الملك عبدالعزيز']);
    const withDiacritics = await getList(sa, '/api/ports', { filter: { q: 'جِدَّةَ' } });
    expect(withDiacritics.body.map((p: { nameAr: string }) => p.nameAr)).toEqual(['مِينَاءُ جِدَّةَ الإِسْلَامِيُّ']);

    const id = list.body[0].id;
    const patched = await sa.patch(`/api/ports/${id}`).send({ nameAr: 'مِيناءُ الشُّوَيخ 🌊' });
    expect(patched.body.nameAr).toBe('مِيناءُ الشُّوَيخ 🌊');
    expect((await t.db('ports').where({ id }).first()).nameAr).toBe('مِيناءُ الشُّوَيخ 🌊');
  });

  it('refuses missing, blank, too long or mistyped fields with 400 and saves nothing', async () => {
    const sa = w.clients.SUPER_ADMIN;
    const before = await countRows(t.db, 'ports');
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ['name', 'nameAr', 'country']],
      [{ name: 'Only Name' }, ['nameAr', 'country']],
      [{ name: 'No Country', nameAr: 'بلا بلد' }, ['country']],
      [{ name: '  ', nameAr: 'فارغ', country: 'AE' }, ['name']],
      [{ name: 'Blank Arabic', nameAr: '', country: 'AE' }, ['nameAr']],
      [{ name: 'N'.repeat(201), nameAr: 'طويل', country: 'AE' }, ['name']],
      [{ name: 'Long Arabic', nameAr: 'م'.repeat(201), country: 'AE' }, ['nameAr']],
      [{ name: 'Long country', nameAr: 'بلد', country: 'C'.repeat(101) }, ['country']],
      // Countries are ISO 3166-1 alpha-2 codes: no names, no three-letter codes, no retired codes.
      [{ name: 'Named country', nameAr: 'بلد', country: 'Saudi Arabia' }, ['country']],
      [{ name: 'Three letters', nameAr: 'بلد', country: 'SAU' }, ['country']],
      [{ name: 'Not assigned', nameAr: 'بلد', country: 'XX' }, ['country']],
      [{ name: 'Retired', nameAr: 'بلد', country: 'UK' }, ['country']],
      [{ name: 'Blank country', nameAr: 'بلد', country: '  ' }, ['country']],
      [{ name: 'Number country', nameAr: 'بلد', country: 49 }, ['country']],
      [{ name: 1, nameAr: 'رقم', country: 'AE' }, ['name']],
      [{ name: 'Bad company', nameAr: 'شركة', country: 'AE', companyId: 'A' }, ['companyId']],
      [{ name: 'Bad company', nameAr: 'شركة', country: 'AE', companyId: 1.5 }, ['companyId']],
    ];
    for (const [body, fields] of cases) {
      const res = await sa.post('/api/ports').send(body);
      expectError(res, 400, 'validation.failed');
      expect(Object.keys(res.body.errors).sort(), JSON.stringify(body)).toEqual([...fields].sort());
    }
    const unknownCompany = await sa.post('/api/ports').send({ name: 'Ghost company', nameAr: 'شبح', country: 'AE', companyId: 999999 });
    expectError(unknownCompany, 400, 'validation.failed');
    expect(unknownCompany.body.errors).toHaveProperty('companyId');
    expect(await countRows(t.db, 'ports')).toBe(before);
  });

  it('updates with PATCH and PUT, both partial, keeping fields not sent', async () => {
    const sa = w.clients.SUPER_ADMIN;
    const created = (await sa.post('/api/ports').send({ name: 'Khalifa', nameAr: 'خليفة', country: 'AE', companyId: w.companyA.id })).body;
    const patched = await sa.patch(`/api/ports/${created.id}`).send({ name: 'Khalifa Port' });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...created, name: 'Khalifa Port' });
    const put = await sa.put(`/api/ports/${created.id}`).send({ country: 'om' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ...created, name: 'Khalifa Port', country: 'OM' });
    expect(await t.db('ports').where({ id: created.id }).first()).toMatchObject({ name: 'Khalifa Port', nameAr: 'خليفة', companyId: w.companyA.id });

    const moved = await sa.patch(`/api/ports/${created.id}`).send({ companyId: w.companyB.id });
    expect(moved.body.companyId).toBe(w.companyB.id);
    const cleared = await sa.patch(`/api/ports/${created.id}`).send({ companyId: null });
    expect(cleared.body.companyId).toBeNull();
    expect((await t.db('ports').where({ id: created.id }).first()).companyId).toBeNull();

    const before = await t.db('ports').where({ id: created.id }).first();
    expectError(await sa.patch(`/api/ports/${created.id}`).send({ companyId: 999999 }), 400, 'validation.failed');
    expectError(await sa.patch(`/api/ports/${created.id}`).send({ nameAr: '' }), 400, 'validation.failed');
    const named = await sa.patch(`/api/ports/${created.id}`).send({ name: 'Renamed', country: 'Oman' });
    expectError(named, 400, 'validation.failed');
    expect(named.body.message).toMatch(/country/);
    expect(named.body.errors).toEqual({ country: expect.stringMatching(/ISO 3166-1 alpha-2/) });
    expect(await t.db('ports').where({ id: created.id }).first()).toEqual(before);
    expectError(await sa.patch('/api/ports/999999').send({ name: 'Nowhere' }), 404, 'notFound');
  });

  it('refuses to delete a port in use with 409 and how many containers and vehicles use it, changing nothing', async () => {
    const sa = w.clients.SUPER_ADMIN;
    const created = (await sa.post('/api/ports').send({ name: 'Busy Port', nameAr: 'ميناء مشغول', country: 'QA' })).body;
    const now = new Date().toISOString();
    const [containerId] = await t.db('containers').insert({ number: 'MSCU7654321', companyId: w.companyA.id, fromPortId: created.id, toPortId: created.id, createdAt: now });
    await t.db('containers').insert({ number: 'MSCU7654322', companyId: w.companyB.id, toPortId: created.id, createdAt: now });
    const [vehicleId] = await t.db('vehicles').insert({ vin: '1HGCM82633A004352', companyId: w.companyA.id, status: 'NEW_PURCHASE', fromPortId: created.id, createdAt: now });

    const usage = await sa.get(`/api/ports/${created.id}/usage`);
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual({ containers: 2, vehicles: 1 });
    expectError(await w.clients.COMPANY_ADMIN.get(`/api/ports/${created.id}/usage`), 403, 'auth.forbidden');

    const res = await sa.delete(`/api/ports/${created.id}`);
    expectError(res, 409, 'ports.inUse');
    expect(res.body.details).toEqual({ containers: 2, vehicles: 1 });
    expect(res.body.message).toMatch(/2 container\(s\) and 1 vehicle\(s\)/);
    expect((await sa.get(`/api/ports/${created.id}`)).status).toBe(200);
    expect(await t.db('containers').where({ id: Number(containerId) }).first()).toMatchObject({ fromPortId: created.id, toPortId: created.id });
    expect(await t.db('vehicles').where({ id: Number(vehicleId) }).first()).toMatchObject({ fromPortId: created.id });
  });

  it('deletes a port nothing uses and answers the record', async () => {
    const sa = w.clients.SUPER_ADMIN;
    const created = (await sa.post('/api/ports').send({ name: 'Closing Port', nameAr: 'ميناء مغلق', country: 'QA' })).body;
    expect((await sa.get(`/api/ports/${created.id}/usage`)).body).toEqual({ containers: 0, vehicles: 0 });
    const res = await sa.delete(`/api/ports/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
    expectError(await sa.get(`/api/ports/${created.id}`), 404, 'notFound');
    expectError(await sa.delete(`/api/ports/${created.id}`), 404, 'notFound');
  });
});
