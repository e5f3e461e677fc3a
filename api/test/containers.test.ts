import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { contentRange, countRows, expectError, getList, ids } from './support/lists';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';

/** A real ISO 6346 number (the standard's own example): owner CSQ, category U, serial 305438, check digit 3. */
const VALID_ISO_NUMBER = 'CSQU3054383';

/** Fields every list row carries (SPEC.md §3 and the issue). */
const ROW_FIELDS = [
  'id',
  'number',
  'bookingNumber',
  'containerSize',
  'loadingDate',
  'arrivalDate',
  'sealNumber',
  'shippingLine',
  'fromPortId',
  'toPortId',
  'fromPortName',
  'fromPortCountry',
  'toPortName',
  'toPortCountry',
  'vehicleCount',
  'companyId',
  'shipperId',
  'numberCheckDigitValid',
  'capacity',
  'overCapacity',
];

describe.each(ENGINES)('containers on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let jeddah: number;
  let dubai: number;

  /** A unique, well-formed (not necessarily check-digit-valid) container number. */
  const freshNumber = () => `TSTU${String(parseInt(randomBytes(3).toString('hex'), 16) % 10_000_000).padStart(7, '0')}`;
  const now = () => new Date().toISOString();

  /** A container straight in the table, for tests that are not about creating one. */
  const insertContainer = async (companyId: number, fields: Record<string, unknown> = {}) =>
    Number((await t.db('containers').insert({ number: freshNumber(), companyId, createdAt: now(), ...fields }))[0]);
  const insertVehicle = async (companyId: number, containerId: number | null, fields: Record<string, unknown> = {}) =>
    Number((await t.db('vehicles').insert({ vin: validVin(), companyId, containerId, status: 'NEW_PURCHASE', createdAt: now(), ...fields }))[0]);
  const insertFile = async (containerId: number | null, fields: Record<string, unknown> = {}) =>
    Number(
      (
        await t.db('vehicle_files').insert({
          containerId,
          companyId: w.companyA.id,
          fileType: 'DOCUMENT',
          fileName: 'bill-of-lading.pdf',
          mimeType: 'application/pdf',
          fileSize: 2048,
          createdAt: now(),
          ...fields,
        })
      )[0],
    );
  const insertChunk = async (vehicleFileId: number, bytes: string) =>
    t.db('file_chunks').insert({ vehicleFileId, variant: 'original', seq: 0, data: Buffer.from(bytes) });

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
    jeddah = Number((await t.db('ports').insert({ name: 'Jeddah Islamic Port', nameAr: 'ميناء جدة الإسلامي', country: 'Saudi Arabia', createdAt: now() }))[0]);
    dubai = Number((await t.db('ports').insert({ name: 'Jebel Ali', nameAr: 'جبل علي', country: 'UAE', createdAt: now() }))[0]);
  });
  afterAll(() => t.close());

  it('creates a container: number normalised, text trimmed, empty text null, ISO dates, own company and self as shipper', async () => {
    const res = await w.clients.COMPANY_ADMIN.post('/api/containers').send({
      number: '  csqu 305438 3 ',
      bookingNumber: '  BK-2026-001  ',
      containerSize: ' 40HC ',
      loadingDate: '2026-11-21',
      arrivalDate: '2026-12-20T10:00:00+03:00',
      sealNumber: '   ',
      shippingLine: '',
      fromPortId: jeddah,
      toPortId: null,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      number: VALID_ISO_NUMBER,
      bookingNumber: 'BK-2026-001',
      containerSize: '40HC',
      loadingDate: '2026-11-21',
      arrivalDate: '2026-12-20T07:00:00.000Z',
      sealNumber: null,
      shippingLine: null,
      fromPortId: jeddah,
      toPortId: null,
      fromPortName: 'Jeddah Islamic Port',
      fromPortCountry: 'Saudi Arabia',
      toPortName: null,
      toPortCountry: null,
      companyId: w.companyA.id,
      shipperId: w.companyAdmin.id,
      numberCheckDigitValid: true,
      vehicleCount: 0,
      vehicles: [],
      files: [],
    });
    const row = await t.db('containers').where({ id: res.body.id }).first();
    expect(row).toMatchObject({ number: VALID_ISO_NUMBER, bookingNumber: 'BK-2026-001', sealNumber: null, shippingLine: null, companyId: w.companyA.id, shipperId: w.companyAdmin.id });

    const shipper = await w.clients.SHIPPER.post('/api/containers').send({ number: freshNumber() });
    expect(shipper.status).toBe(201);
    expect(shipper.body).toMatchObject({ companyId: w.companyA.id, shipperId: w.shipper.id, bookingNumber: null, containerSize: null, loadingDate: null, arrivalDate: null, fromPortId: null });
  });

  it('refuses a missing or blank number, bad dates and bad port ids with 400, and saves nothing', async () => {
    const before = await countRows(t.db, 'containers');
    for (const body of [{}, { number: '' }, { number: '   ' }, { number: null }, { bookingNumber: 'BK-1' }]) {
      const res = await w.clients.SHIPPER.post('/api/containers').send(body);
      expectError(res, 400, 'validation.failed');
      expect(res.body.message, JSON.stringify(body)).toContain('Container number is required');
      expect(res.body.errors.number).toBe('Container number is required');
    }
    for (const loadingDate of ['tomorrow', '21/11/2026', '2026-13-01', '2026-02-30', '2026-02-31T10:00:00Z', '2026-11-21 10:00', 20261121]) {
      const res = await w.clients.SHIPPER.post('/api/containers').send({ number: freshNumber(), loadingDate });
      expectError(res, 400, 'validation.failed');
      expect(res.body.errors, String(loadingDate)).toHaveProperty('loadingDate');
    }
    const badArrival = await w.clients.SHIPPER.post('/api/containers').send({ number: freshNumber(), arrivalDate: 'next week' });
    expect(badArrival.body.errors).toHaveProperty('arrivalDate');
    for (const fromPortId of ['abc', String(jeddah), -1, 1.5, 999_999]) {
      const res = await w.clients.SHIPPER.post('/api/containers').send({ number: freshNumber(), fromPortId });
      expectError(res, 400, 'validation.failed');
      expect(res.body.errors, String(fromPortId)).toHaveProperty('fromPortId');
    }
    const missingTo = await w.clients.SHIPPER.post('/api/containers').send({ number: freshNumber(), toPortId: 999_999 });
    expectError(missingTo, 400, 'validation.failed');
    expect(missingTo.body.errors).toEqual({ toPortId: 'does not exist' });
    const tooLong = await w.clients.SHIPPER.post('/api/containers').send({ number: 'ABCU12345678901234567' });
    expect(tooLong.status).toBe(400);
    expect(await countRows(t.db, 'containers')).toBe(before);
  });

  it('answers a duplicate number with 409 "Container number already exists", whatever its case and spacing, on create and update', async () => {
    const number = freshNumber();
    const first = await w.clients.SHIPPER.post('/api/containers').send({ number });
    expect(first.status).toBe(201);
    const before = await countRows(t.db, 'containers');

    const spaced = `${number.slice(0, 4).toLowerCase()} ${number.slice(4)}`;
    const dup = await w.clients.COMPANY_ADMIN.post('/api/containers').send({ number: spaced });
    expectError(dup, 409, 'conflict.duplicate');
    expect(dup.body.message).toBe('Container number already exists');
    // Numbers are unique across companies, not per company.
    const otherCompany = await w.clients.SUPER_ADMIN.post('/api/containers').send({ number, companyId: w.companyB.id, shipperId: w.adminB.id });
    expect(otherCompany.status).toBe(409);
    expect(otherCompany.body.message).toBe('Container number already exists');
    expect(await countRows(t.db, 'containers')).toBe(before);

    const second = await w.clients.SHIPPER.post('/api/containers').send({ number: freshNumber() });
    const renamed = await w.clients.SHIPPER.patch(`/api/containers/${second.body.id}`).send({ number: number.toLowerCase() });
    expectError(renamed, 409, 'conflict.duplicate');
    expect(renamed.body.message).toBe('Container number already exists');
    expect((await t.db('containers').where({ id: second.body.id }).first()).number).toBe(second.body.number);
    // Sending a container's own number back is not a conflict.
    const same = await w.clients.SHIPPER.patch(`/api/containers/${first.body.id}`).send({ number, sealNumber: 'S-1' });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ number, sealNumber: 'S-1' });
  });

  it('flags the ISO 6346 check digit as a warning only: valid true, wrong digit false, both saved', async () => {
    const wrongDigit = `${VALID_ISO_NUMBER.slice(0, 10)}4`;
    const res = await w.clients.SHIPPER.post('/api/containers').send({ number: wrongDigit.toLowerCase() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ number: wrongDigit, numberCheckDigitValid: false });
    const list = await getList(w.clients.SHIPPER, '/api/containers', { filter: { q: VALID_ISO_NUMBER.slice(0, 10) } });
    const byNumber = Object.fromEntries(list.body.map((r: { number: string; numberCheckDigitValid: boolean }) => [r.number, r.numberCheckDigitValid]));
    expect(byNumber).toEqual({ [VALID_ISO_NUMBER]: true, [wrongDigit]: false });
    const odd = await w.clients.SHIPPER.post('/api/containers').send({ number: 'ABC123' });
    expect(odd.status).toBe(201);
    expect(odd.body.numberCheckDigitValid).toBe(false);
  });

  it('makes a SUPER_ADMIN pick the company and a shipper of that company (SHIPPER or COMPANY_ADMIN)', async () => {
    const before = await countRows(t.db, 'containers');
    const noCompany = await w.clients.SUPER_ADMIN.post('/api/containers').send({ number: freshNumber(), shipperId: w.shipper.id });
    expectError(noCompany, 400, 'validation.failed');
    expect(noCompany.body.errors).toHaveProperty('companyId');
    const noShipper = await w.clients.SUPER_ADMIN.post('/api/containers').send({ number: freshNumber(), companyId: w.companyA.id });
    expectError(noShipper, 400, 'validation.failed');
    expect(noShipper.body.errors).toHaveProperty('shipperId');
    const missingCompany = await w.clients.SUPER_ADMIN.post('/api/containers').send({ number: freshNumber(), companyId: 999_999, shipperId: w.shipper.id });
    expectError(missingCompany, 400, 'validation.failed');
    expect(missingCompany.body.errors).toHaveProperty('companyId');
    for (const shipperId of [w.adminB.id, w.buyer.id, w.superAdmin.id, 999_999]) {
      const res = await w.clients.SUPER_ADMIN.post('/api/containers').send({ number: freshNumber(), companyId: w.companyA.id, shipperId });
      expectError(res, 400, 'validation.failed');
      expect(res.body.errors, String(shipperId)).toHaveProperty('shipperId');
    }
    expect(await countRows(t.db, 'containers')).toBe(before);

    const inB = await w.clients.SUPER_ADMIN.post('/api/containers').send({ number: freshNumber(), companyId: w.companyB.id, shipperId: w.adminB.id });
    expect(inB.status).toBe(201);
    expect(inB.body).toMatchObject({ companyId: w.companyB.id, shipperId: w.adminB.id });
    const inA = await w.clients.SUPER_ADMIN.post('/api/containers').send({ number: freshNumber(), companyId: w.companyA.id, shipperId: w.shipper.id });
    expect(inA.body).toMatchObject({ companyId: w.companyA.id, shipperId: w.shipper.id });
  });

  it('gives company staff their own company and themselves as shipper; naming another company or shipper is 403', async () => {
    const before = await countRows(t.db, 'containers');
    const foreignCompany = await w.clients.SHIPPER.post('/api/containers').send({ number: freshNumber(), companyId: w.companyB.id });
    expectError(foreignCompany, 403, 'auth.forbidden');
    const otherShipper = await w.clients.COMPANY_ADMIN.post('/api/containers').send({ number: freshNumber(), shipperId: w.shipper.id });
    expectError(otherShipper, 403, 'auth.forbidden');
    expect(await countRows(t.db, 'containers')).toBe(before);

    const ownCompany = await w.clients.COMPANY_ADMIN.post('/api/containers').send({ number: freshNumber(), companyId: w.companyA.id });
    expect(ownCompany.status).toBe(201);
    expect(ownCompany.body).toMatchObject({ companyId: w.companyA.id, shipperId: w.companyAdmin.id });

    const id = ownCompany.body.id;
    expectError(await w.clients.COMPANY_ADMIN.patch(`/api/containers/${id}`).send({ companyId: w.companyB.id }), 403, 'auth.forbidden');
    expectError(await w.clients.SHIPPER.patch(`/api/containers/${id}`).send({ shipperId: w.shipper.id }), 403, 'auth.forbidden');
    // A shipper editing the admin's container keeps the admin as its shipper.
    const edited = await w.clients.SHIPPER.patch(`/api/containers/${id}`).send({ sealNumber: 'SEAL-7' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ companyId: w.companyA.id, shipperId: w.companyAdmin.id, sealNumber: 'SEAL-7' });
    expect(await t.db('containers').where({ id }).first()).toMatchObject({ companyId: w.companyA.id, shipperId: w.companyAdmin.id });
  });

  it('updates partially with PATCH and PUT: fields not sent are kept, empty text becomes null', async () => {
    const created = await w.clients.SHIPPER.post('/api/containers').send({
      number: freshNumber(),
      bookingNumber: 'BK-9',
      containerSize: '40HC',
      loadingDate: '2026-10-01',
      arrivalDate: '2026-11-01',
      sealNumber: 'SEAL-1',
      shippingLine: 'Maersk',
      fromPortId: jeddah,
      toPortId: dubai,
    });
    const id = created.body.id;
    const kept = { number: created.body.number, bookingNumber: 'BK-9', containerSize: '40HC', loadingDate: '2026-10-01', arrivalDate: '2026-11-01', shippingLine: 'Maersk', fromPortId: jeddah, toPortId: dubai };

    const patched = await w.clients.SHIPPER.patch(`/api/containers/${id}`).send({ sealNumber: '  SEAL-2 ' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ ...kept, sealNumber: 'SEAL-2', toPortName: 'Jebel Ali', toPortCountry: 'UAE' });
    expect(await t.db('containers').where({ id }).first()).toMatchObject({ ...kept, sealNumber: 'SEAL-2' });

    const cleared = await w.clients.COMPANY_ADMIN.put(`/api/containers/${id}`).send({ bookingNumber: '  ', toPortId: null, arrivalDate: null, shippingLine: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ number: kept.number, bookingNumber: null, toPortId: null, toPortName: null, arrivalDate: null, shippingLine: null, fromPortId: jeddah, loadingDate: '2026-10-01', sealNumber: 'SEAL-2' });

    for (const body of [{ number: '' }, { number: '  ' }, { loadingDate: '2026-02-30' }, { fromPortId: 999_999 }]) {
      const bad = await w.clients.SHIPPER.patch(`/api/containers/${id}`).send(body);
      expectError(bad, 400, 'validation.failed');
    }
    expect((await w.clients.SHIPPER.patch(`/api/containers/${id}`).send({ number: '' })).body.errors.number).toBe('Container number is required');
    expect(await t.db('containers').where({ id }).first()).toMatchObject({ number: kept.number, loadingDate: '2026-10-01', fromPortId: jeddah });
  });

  it('lets a SUPER_ADMIN move a container to another company with a new shipper, leaving its vehicles behind', async () => {
    const id = await insertContainer(w.companyA.id, { shipperId: w.shipper.id, containerSize: '40HC' });
    const v1 = await insertVehicle(w.companyA.id, id);
    const v2 = await insertVehicle(w.companyA.id, id);

    const noShipper = await w.clients.SUPER_ADMIN.patch(`/api/containers/${id}`).send({ companyId: w.companyB.id });
    expectError(noShipper, 400, 'validation.failed');
    expect(noShipper.body.errors).toHaveProperty('shipperId');
    const wrongShipper = await w.clients.SUPER_ADMIN.patch(`/api/containers/${id}`).send({ companyId: w.companyB.id, shipperId: w.shipper.id });
    expect(wrongShipper.status).toBe(400);
    expect(await t.db('containers').where({ id }).first()).toMatchObject({ companyId: w.companyA.id, shipperId: w.shipper.id });

    const moved = await w.clients.SUPER_ADMIN.patch(`/api/containers/${id}`).send({ companyId: w.companyB.id, shipperId: w.adminB.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ companyId: w.companyB.id, shipperId: w.adminB.id, vehicleCount: 0, vehicles: [] });
    const vehicles = await t.db('vehicles').whereIn('id', [v1, v2]).orderBy('id');
    expect(vehicles.map((v) => [v.containerId, v.companyId])).toEqual([
      [null, w.companyA.id],
      [null, w.companyA.id],
    ]);
    expect((await w.clients.SHIPPER.get(`/api/containers/${id}`)).status).toBe(404);
  });

  it('lists every field with port names, countries and vehicle counts, in a Content-Range list', async () => {
    const id = await insertContainer(w.companyA.id, {
      bookingNumber: 'LISTBK-1',
      containerSize: '20ft',
      loadingDate: '2026-05-01',
      arrivalDate: '2026-06-01',
      sealNumber: 'LISTSEAL',
      shippingLine: 'Hapag-Lloyd',
      shipperId: w.shipper.id,
      fromPortId: dubai,
      toPortId: jeddah,
    });
    await insertVehicle(w.companyA.id, id);
    const res = await getList(w.clients.SHIPPER, '/api/containers', { filter: { q: 'listbk-1' } });
    expect(res.status).toBe(200);
    expect(contentRange(res)).toMatchObject({ resource: 'containers', total: 1 });
    expect(res.body).toHaveLength(1);
    const row = res.body[0];
    for (const field of ROW_FIELDS) expect(row, field).toHaveProperty(field);
    expect(row).toMatchObject({
      id,
      bookingNumber: 'LISTBK-1',
      containerSize: '20ft',
      loadingDate: '2026-05-01',
      arrivalDate: '2026-06-01',
      sealNumber: 'LISTSEAL',
      shippingLine: 'Hapag-Lloyd',
      fromPortName: 'Jebel Ali',
      fromPortCountry: 'UAE',
      toPortName: 'Jeddah Islamic Port',
      toPortCountry: 'Saudi Arabia',
      vehicleCount: 1,
      companyId: w.companyA.id,
      shipperId: w.shipper.id,
    });
    // Searching covers the number, booking number, seal number and shipping line, case-insensitively.
    for (const q of [row.number.slice(2, 9).toLowerCase(), 'listseal', 'HAPAG-lloyd']) {
      const found = await getList(w.clients.SHIPPER, '/api/containers', { filter: { q } });
      expect(ids(found), q).toContain(id);
    }
    expect((await getList(w.clients.SHIPPER, '/api/containers', { filter: { q: 'no-such-container-text' } })).body).toEqual([]);
  });

  it('filters by loading date with _gte and _lte, and refuses a date that is not one', async () => {
    const jan = await insertContainer(w.companyA.id, { loadingDate: '2031-01-10' });
    const feb = await insertContainer(w.companyA.id, { loadingDate: '2031-02-15' });
    const mar = await insertContainer(w.companyA.id, { loadingDate: '2031-03-20' });
    const inFeb = await getList(w.clients.SHIPPER, '/api/containers', { filter: { loadingDate_gte: '2031-02-01', loadingDate_lte: '2031-02-28' } });
    expect(ids(inFeb)).toEqual([feb]);
    const fromFeb = await getList(w.clients.SHIPPER, '/api/containers', { filter: { loadingDate_gte: '2031-02-01' }, sort: ['loadingDate', 'ASC'] });
    expect(ids(fromFeb)).toEqual([feb, mar]);
    const untilJan = await getList(w.clients.SHIPPER, '/api/containers', { filter: { loadingDate_gte: '2031-01-01', loadingDate_lte: '2031-01-31' } });
    expect(ids(untilJan)).toEqual([jan]);
    expectError(await getList(w.clients.SHIPPER, '/api/containers', { filter: { loadingDate_gte: 'soon' } }), 400, 'validation.failed');
  });

  it('scopes by company: another company’s container is 404 for company staff, BUYER is 403, anonymous 401', async () => {
    const theirs = await insertContainer(w.companyB.id, { shipperId: w.adminB.id, sealNumber: 'B-SEAL' });
    const mine = await insertContainer(w.companyA.id, { shipperId: w.shipper.id });
    for (const role of ['SHIPPER', 'COMPANY_ADMIN'] as const) {
      const c = w.clients[role];
      expectError(await c.get(`/api/containers/${theirs}`), 404, 'notFound');
      expectError(await c.patch(`/api/containers/${theirs}`).send({ sealNumber: 'mine now' }), 404, 'notFound');
      expectError(await c.put(`/api/containers/${theirs}`).send({ sealNumber: 'mine now' }), 404, 'notFound');
      expectError(await c.delete(`/api/containers/${theirs}`), 404, 'notFound');
      const list = await getList(c, '/api/containers', { range: [0, 999] });
      expect(ids(list)).toContain(mine);
      expect(ids(list)).not.toContain(theirs);
      expect(list.body.every((r: { companyId: number }) => r.companyId === w.companyA.id)).toBe(true);
      expect(ids(await getList(c, '/api/containers', { filter: { companyId: w.companyB.id } }))).toEqual([]);
    }
    expect(await t.db('containers').where({ id: theirs }).first()).toMatchObject({ sealNumber: 'B-SEAL', companyId: w.companyB.id });

    const all = await getList(w.clients.SUPER_ADMIN, '/api/containers', { range: [0, 999] });
    expect(ids(all)).toEqual(expect.arrayContaining([mine, theirs]));
    expect((await w.clients.SUPER_ADMIN.get(`/api/containers/${theirs}`)).body.companyId).toBe(w.companyB.id);

    expectError(await w.clients.BUYER.get('/api/containers'), 403, 'auth.forbidden');
    expectError(await w.clients.BUYER.get(`/api/containers/${mine}`), 403, 'auth.forbidden');
    expectError(await w.clients.BUYER.post('/api/containers').send({ number: freshNumber() }), 403, 'auth.forbidden');
    expectError(await w.clients.BUYER.patch(`/api/containers/${mine}`).send({ sealNumber: 'x' }), 403, 'auth.forbidden');
    expectError(await w.clients.BUYER.delete(`/api/containers/${mine}`), 403, 'auth.forbidden');
    expectError(await w.clients.pending.get('/api/containers'), 403, 'auth.pendingApproval');
    expectError(await w.clients.anonymous.get('/api/containers'), 401, 'auth.required');
    expectError(await w.clients.anonymous.post('/api/containers').send({ number: freshNumber() }), 401, 'auth.required');
    expect(await t.db('containers').where({ id: mine }).first()).toBeDefined();

    expectError(await w.clients.SHIPPER.get('/api/containers/abc'), 400, 'validation.failed');
    expectError(await w.clients.SHIPPER.get('/api/containers/999999'), 404, 'notFound');
  });

  it('shows its vehicles and its files’ metadata in the detail, never file bytes', async () => {
    const id = await insertContainer(w.companyA.id, { shipperId: w.shipper.id, containerSize: '40HC' });
    const v1 = await insertVehicle(w.companyA.id, id, { make: 'Toyota', model: 'Land Cruiser', year: 2022, status: 'LOADED' });
    const v2 = await insertVehicle(w.companyA.id, id, { make: 'Nissan', model: 'Patrol', year: 2021 });
    const elsewhere = await insertVehicle(w.companyA.id, null);
    const image = await insertFile(id, { fileType: 'IMAGE', fileName: 'door.jpg', mimeType: 'image/jpeg', fileSize: 5000, width: 800, height: 600 });
    const doc = await insertFile(id, { fileName: 'bill-of-lading.pdf', fileSize: 2048 });
    const vehicleFile = await insertFile(null, { vehicleId: v1, fileName: 'vehicle-only.pdf' });
    await insertChunk(image, 'SECRET-IMAGE-BYTES');
    await insertChunk(doc, 'SECRET-PDF-BYTES');
    await insertChunk(vehicleFile, 'SECRET-VEHICLE-BYTES');

    const res = await w.clients.COMPANY_ADMIN.get(`/api/containers/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, vehicleCount: 2, capacity: 4, overCapacity: false });
    expect(res.body.vehicles.map((v: { id: number }) => v.id)).toEqual([v1, v2]);
    expect(res.body.vehicles).not.toContainEqual(expect.objectContaining({ id: elsewhere }));
    expect(res.body.vehicles[0]).toMatchObject({ id: v1, make: 'Toyota', model: 'Land Cruiser', year: 2022, status: 'LOADED', vin: expect.stringMatching(/^[A-Z0-9]{17}$/) });
    expect(res.body.files).toEqual([
      expect.objectContaining({ id: image, fileType: 'IMAGE', fileName: 'door.jpg', mimeType: 'image/jpeg', fileSize: 5000, createdAt: expect.any(String) }),
      expect.objectContaining({ id: doc, fileType: 'DOCUMENT', fileName: 'bill-of-lading.pdf', mimeType: 'application/pdf', fileSize: 2048 }),
    ]);
    for (const file of res.body.files) {
      for (const bytes of ['data', 'file', 'compressedFile', 'content']) expect(file, bytes).not.toHaveProperty(bytes);
    }
    expect(JSON.stringify(res.body)).not.toMatch(/SECRET|vehicle-only/);
  });

  it('deletes a container: its vehicles stay but are unassigned, its files and their bytes go with it', async () => {
    const id = await insertContainer(w.companyA.id, { shipperId: w.shipper.id });
    const other = await insertContainer(w.companyA.id, { shipperId: w.shipper.id });
    const v1 = await insertVehicle(w.companyA.id, id);
    const v2 = await insertVehicle(w.companyA.id, id);
    const bystander = await insertVehicle(w.companyA.id, other);
    const f1 = await insertFile(id);
    const f2 = await insertFile(id, { fileType: 'IMAGE', fileName: 'x.jpg', mimeType: 'image/jpeg' });
    const keep = await insertFile(other);
    await insertChunk(f1, 'a');
    await insertChunk(f2, 'b');
    await insertChunk(keep, 'c');
    const number = (await t.db('containers').where({ id }).first()).number;

    const res = await w.clients.SHIPPER.delete(`/api/containers/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, number });

    expect(await t.db('containers').where({ id }).first()).toBeUndefined();
    const vehicles = await t.db('vehicles').whereIn('id', [v1, v2, bystander]).orderBy('id');
    expect(vehicles.map((v) => [v.id, v.containerId])).toEqual([
      [v1, null],
      [v2, null],
      [bystander, other],
    ]);
    expect(await countRows(t.db, 'vehicle_files', { containerId: id })).toBe(0);
    expect(await t.db('vehicle_files').whereIn('id', [f1, f2]).first()).toBeUndefined();
    expect(await t.db('file_chunks').whereIn('vehicleFileId', [f1, f2]).first()).toBeUndefined();
    expect(await countRows(t.db, 'file_chunks', { vehicleFileId: keep })).toBe(1);
    expectError(await w.clients.SHIPPER.get(`/api/containers/${id}`), 404, 'notFound');
    expectError(await w.clients.SHIPPER.delete(`/api/containers/${id}`), 404, 'notFound');
    // The number is free again.
    expect((await w.clients.SHIPPER.post('/api/containers').send({ number })).status).toBe(201);
  });

  it('marks each vehicle it lets go as changed (updatedAt), when the container is deleted or moves company', async () => {
    const before = new Date().toISOString();
    const deleted = await insertContainer(w.companyA.id, { shipperId: w.shipper.id });
    const moved = await insertContainer(w.companyA.id, { shipperId: w.shipper.id });
    const left = [await insertVehicle(w.companyA.id, deleted), await insertVehicle(w.companyA.id, moved)];
    const bystander = await insertVehicle(w.companyA.id, null);
    await t.db('vehicles').whereIn('id', [...left, bystander]).update({ updatedAt: null });

    expect((await w.clients.SHIPPER.delete(`/api/containers/${deleted}`)).status).toBe(200);
    expect((await w.clients.SUPER_ADMIN.patch(`/api/containers/${moved}`).send({ companyId: w.companyB.id, shipperId: w.adminB.id })).status).toBe(200);

    const rows = await t.db('vehicles').whereIn('id', [...left, bystander]).orderBy('id').select('id', 'updatedAt');
    for (const row of rows.filter((r) => left.includes(r.id))) expect(row.updatedAt >= before).toBe(true);
    expect(rows.find((r) => r.id === bystander)?.updatedAt).toBeNull();
  });

  it('warns when a container holds more cars than its size usually takes', async () => {
    const cases: { size: string | null; cars: number; capacity: number | null; over: boolean }[] = [
      { size: '40HC', cars: 5, capacity: 4, over: true },
      { size: '40HC', cars: 4, capacity: 4, over: false },
      { size: '20ft', cars: 3, capacity: 2, over: true },
      { size: '20ft', cars: 2, capacity: 2, over: false },
      { size: '40ft', cars: 5, capacity: 4, over: true },
      { size: '45HC', cars: 6, capacity: 6, over: false },
      { size: '45HC', cars: 7, capacity: 6, over: true },
      { size: 'Flat rack', cars: 9, capacity: null, over: false },
      { size: null, cars: 9, capacity: null, over: false },
    ];
    const tag = `CAP${randomBytes(3).toString('hex').toUpperCase()}`;
    const made: number[] = [];
    for (const c of cases) {
      const id = await insertContainer(w.companyA.id, { containerSize: c.size, bookingNumber: tag });
      for (let i = 0; i < c.cars; i++) await insertVehicle(w.companyA.id, id);
      made.push(id);
    }
    const list = await getList(w.clients.SHIPPER, '/api/containers', { filter: { q: tag }, sort: ['id', 'ASC'] });
    expect(ids(list)).toEqual(made);
    for (const [i, c] of cases.entries()) {
      const expected = { vehicleCount: c.cars, capacity: c.capacity, overCapacity: c.over };
      expect(list.body[i], JSON.stringify(c)).toMatchObject(expected);
      const detail = await w.clients.SHIPPER.get(`/api/containers/${made[i]}`);
      expect(detail.body, JSON.stringify(c)).toMatchObject(expected);
      expect(detail.body.vehicles).toHaveLength(c.cars);
    }
    // Unloading a car clears the warning.
    const unloaded = (await t.db('vehicles').where({ containerId: made[0] }).orderBy('id').first('id')).id;
    await t.db('vehicles').where({ id: unloaded }).update({ containerId: null });
    expect((await w.clients.SHIPPER.get(`/api/containers/${made[0]}`)).body).toMatchObject({ vehicleCount: 4, overCapacity: false });
  });
});
