import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { contentRange, countRows, expectError, expectNoLeak, getList, ids } from './support/lists';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';

/** Everything a company owns, inserted straight into the tables (the resources' routes come later). */
async function seedCompanyData(t: TestApp, companyId: number) {
  const now = new Date().toISOString();
  const tag = randomBytes(4).toString('hex').toUpperCase();
  const insert = async (table: string, row: Record<string, unknown>) => Number((await t.db(table).insert(row))[0]);

  const admin = await t.user({ role: 'COMPANY_ADMIN', companyId });
  const shipper = await t.user({ role: 'SHIPPER', companyId });
  const buyer = await t.user({ role: 'BUYER', companyId });
  const port = await insert('ports', { name: `Own port ${tag}`, nameAr: 'ميناء خاص', country: 'UAE', companyId, createdAt: now });
  const container = await insert('containers', {
    number: `MSCU${tag}`,
    bookingNumber: 'BK1',
    containerSize: '40HC',
    shipperId: shipper.id,
    fromPortId: port,
    toPortId: port,
    companyId,
    createdAt: now,
  });
  const vehicle = await insert('vehicles', {
    vin: `1HGCM${tag}000`,
    make: 'Toyota',
    model: 'Land Cruiser',
    year: 2022,
    containerId: container,
    fromPortId: port,
    toPortId: port,
    status: 'LOADED',
    shipperId: shipper.id,
    buyerId: buyer.id,
    companyId,
    vehicleInfo: JSON.stringify({ color: 'white' }),
    createdAt: now,
  });
  const looseVehicle = await insert('vehicles', { vin: `2HGCM${tag}000`, status: 'NEW_PURCHASE', shipperId: shipper.id, companyId, createdAt: now });
  const event = await insert('vehicle_status_events', { vehicleId: vehicle, fromStatus: 'NEW_PURCHASE', toStatus: 'LOADED', userId: shipper.id, createdAt: now });
  const vehicleFile = await insert('vehicle_files', {
    vehicleId: vehicle,
    companyId,
    fileType: 'IMAGE',
    fileName: 'front.jpg',
    mimeType: 'image/jpeg',
    fileSize: 3,
    uploadedBy: shipper.id,
    createdAt: now,
  });
  const containerFile = await insert('vehicle_files', {
    containerId: container,
    companyId,
    fileType: 'DOCUMENT',
    fileName: 'bill-of-lading.pdf',
    mimeType: 'application/pdf',
    fileSize: 3,
    uploadedBy: admin.id,
    createdAt: now,
  });
  const document = await insert('documents', {
    fileName: 'terms.pdf',
    mimeType: 'application/pdf',
    fileSize: 3,
    uploadedBy: admin.id,
    companyId,
    documentType: 'terms',
    metadata: '{}',
    createdAt: now,
  });
  const invoice = await insert('invoices', {
    invoiceNumber: 'INV-2026-0001',
    companyId,
    fileName: 'INV-2026-0001.pdf',
    containerIds: JSON.stringify([container]),
    containerNumber: `MSCU${tag}`,
    buyerName: 'محمد',
    salePrice: 1000,
    taxPercentage: 15,
    taxAmount: 150,
    totalAmount: 1150,
    paymentMethod: 'cash',
    issuedDate: '2026-11-21',
    createdBy: admin.id,
    createdAt: now,
  });
  await t.db('invoice_counters').insert({ companyId, year: 2026, lastNumber: 1 });
  const chunks = [
    await insert('file_chunks', { vehicleFileId: vehicleFile, variant: 'original', seq: 0, data: Buffer.from('abc') }),
    await insert('file_chunks', { vehicleFileId: containerFile, variant: 'original', seq: 0, data: Buffer.from('def') }),
    await insert('file_chunks', { documentId: document, variant: 'original', seq: 0, data: Buffer.from('ghi') }),
    await insert('file_chunks', { invoiceId: invoice, variant: 'pdf', seq: 0, data: Buffer.from('%PDF') }),
  ];
  return {
    companyId,
    admin,
    users: [admin.id, shipper.id, buyer.id],
    port,
    containers: [container],
    vehicles: [vehicle, looseVehicle],
    vehicle_status_events: [event],
    vehicle_files: [vehicleFile, containerFile],
    documents: [document],
    invoices: [invoice],
    file_chunks: chunks,
  };
}
type CompanyData = Awaited<ReturnType<typeof seedCompanyData>>;

const OWNED = ['users', 'containers', 'vehicles', 'vehicle_status_events', 'vehicle_files', 'documents', 'invoices', 'file_chunks'] as const;

/** How many of the company's seeded rows still exist, table by table. */
async function remaining(t: TestApp, data: CompanyData) {
  const counts: Record<string, number> = {};
  for (const table of OWNED) {
    const [row] = await t.db(table).whereIn('id', data[table]).count({ n: '*' });
    counts[table] = Number(row.n);
  }
  counts.companies = await countRows(t.db, 'companies', { id: data.companyId });
  counts.invoice_counters = await countRows(t.db, 'invoice_counters', { companyId: data.companyId });
  return counts;
}
const seeded = (data: CompanyData) => ({
  ...Object.fromEntries(OWNED.map((table) => [table, data[table].length])),
  companies: 1,
  invoice_counters: 1,
});

describe.each(ENGINES)('companies on %s', (engine) => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
  });
  afterAll(() => t.close());

  describe('super admin CRUD', () => {
    it('creates a company and answers 201 with the record, code trimmed and upper-cased', async () => {
      const res = await w.clients.SUPER_ADMIN.post('/api/companies').send({ name: '  Al Noor Trading  ', code: ' noor-1 ' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        name: 'Al Noor Trading',
        code: 'NOOR-1',
        active: true,
        createdAt: expect.any(String),
        // The invoice profile (companyProfile.test.ts): empty, USD, no logo.
        legalNameEn: null,
        legalNameAr: null,
        address: null,
        city: null,
        country: null,
        vatNumber: null,
        commercialRegistrationNumber: null,
        currency: 'USD',
        invoiceTaxPercentage: 0,
        invoicePaymentMethod: 'wireTransfer',
        hasLogo: false,
      });
      expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
      const one = await w.clients.SUPER_ADMIN.get(`/api/companies/${res.body.id}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(res.body);
      const row = await t.db('companies').where({ id: res.body.id }).first();
      expect(row).toMatchObject({ name: 'Al Noor Trading', code: 'NOOR-1' });
    });

    it('ignores an id, createdAt or unknown fields sent in the body', async () => {
      const res = await w.clients.SUPER_ADMIN.post('/api/companies').send({ name: 'Sneaky', code: 'SNEAKY', id: 987654, createdAt: '1999-01-01T00:00:00.000Z', owner: 'me' });
      expect(res.status).toBe(201);
      expect(res.body.id).not.toBe(987654);
      expect(res.body.createdAt).not.toBe('1999-01-01T00:00:00.000Z');
      expect(res.body).not.toHaveProperty('owner');
    });

    it('creates an inactive company when asked', async () => {
      const res = await w.clients.SUPER_ADMIN.post('/api/companies').send({ name: 'Dormant', code: 'DORMANT', active: false });
      expect(res.status).toBe(201);
      expect(res.body.active).toBe(false);
      expect(Boolean((await t.db('companies').where({ id: res.body.id }).first()).active)).toBe(false);
    });

    it('updates with PATCH and PUT, both partial, and answers the record', async () => {
      const sa = w.clients.SUPER_ADMIN;
      const created = (await sa.post('/api/companies').send({ name: 'Partial Co', code: 'PARTIAL' })).body;
      const patched = await sa.patch(`/api/companies/${created.id}`).send({ name: 'Partial Company' });
      expect(patched.status).toBe(200);
      expect(patched.body).toEqual({ ...created, name: 'Partial Company' });
      const put = await sa.put(`/api/companies/${created.id}`).send({ active: false });
      expect(put.status).toBe(200);
      expect(put.body).toEqual({ ...created, name: 'Partial Company', active: false });
      const recoded = await sa.patch(`/api/companies/${created.id}`).send({ code: 'partial-2' });
      expect(recoded.body.code).toBe('PARTIAL-2');
      // Nothing to change: the record as it is.
      const empty = await sa.patch(`/api/companies/${created.id}`).send({});
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ ...created, name: 'Partial Company', active: false, code: 'PARTIAL-2' });
      expect(await t.db('companies').where({ id: created.id }).first()).toMatchObject({ name: 'Partial Company', code: 'PARTIAL-2' });
    });

    it('deletes a company and answers the deleted record with 200', async () => {
      const sa = w.clients.SUPER_ADMIN;
      const created = (await sa.post('/api/companies').send({ name: 'Short Lived', code: 'SHORT' })).body;
      const res = await sa.delete(`/api/companies/${created.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(created);
      expectError(await sa.get(`/api/companies/${created.id}`), 404, 'notFound');
      expectError(await sa.delete(`/api/companies/${created.id}`), 404, 'notFound');
      expectError(await sa.patch(`/api/companies/${created.id}`).send({ name: 'Ghost' }), 404, 'notFound');
      expect(await countRows(t.db, 'companies', { id: created.id })).toBe(0);
    });

    it('refuses a duplicate code with 409 "Company code already exists", whatever its case', async () => {
      const sa = w.clients.SUPER_ADMIN;
      expect((await sa.post('/api/companies').send({ name: 'First', code: 'TWIN' })).status).toBe(201);
      const before = await countRows(t.db, 'companies');
      for (const code of ['TWIN', 'twin', ' Twin ']) {
        const res = await sa.post('/api/companies').send({ name: 'Second', code });
        expectError(res, 409, 'conflict.duplicate');
        expect(res.body.message).toBe('Company code already exists');
      }
      const other = (await sa.post('/api/companies').send({ name: 'Other', code: 'OTHER-TWIN' })).body;
      const renamed = await sa.patch(`/api/companies/${other.id}`).send({ code: 'twin' });
      expectError(renamed, 409, 'conflict.duplicate');
      expect(renamed.body.message).toBe('Company code already exists');
      expect(await countRows(t.db, 'companies')).toBe(before + 1);
      expect((await t.db('companies').where({ id: other.id }).first()).code).toBe('OTHER-TWIN');
    });

    it('refuses invalid bodies with 400 and the failing fields', async () => {
      const sa = w.clients.SUPER_ADMIN;
      const before = await countRows(t.db, 'companies');
      const cases: [Record<string, unknown>, string[]][] = [
        [{}, ['name', 'code']],
        [{ code: 'NONAME' }, ['name']],
        [{ name: 'No Code' }, ['code']],
        [{ name: '   ', code: 'BLANK' }, ['name']],
        [{ name: 'Spaces', code: 'A B' }, ['code']],
        [{ name: 'Semicolon', code: 'A;DROP' }, ['code']],
        [{ name: 'Long', code: 'X'.repeat(51) }, ['code']],
        [{ name: 'N'.repeat(201), code: 'LONGNAME' }, ['name']],
        [{ name: 42, code: 'NUMBER' }, ['name']],
        [{ name: 'Flag', code: 'FLAG', active: 'yes' }, ['active']],
      ];
      for (const [body, fields] of cases) {
        const res = await sa.post('/api/companies').send(body);
        expectError(res, 400, 'validation.failed');
        expect(Object.keys(res.body.errors).sort(), JSON.stringify(body)).toEqual([...fields].sort());
      }
      const patch = await sa.patch(`/api/companies/${w.companyA.id}`).send({ name: '' });
      expectError(patch, 400, 'validation.failed');
      expect(await countRows(t.db, 'companies')).toBe(before);
      expect((await t.db('companies').where({ id: w.companyA.id }).first()).name).toBe(w.companyA.name);
    });
  });

  describe('scope', () => {
    it('shows a super admin every company', async () => {
      const res = await w.clients.SUPER_ADMIN.get('/api/companies');
      expect(res.status).toBe(200);
      expect(ids(res)).toEqual(expect.arrayContaining([w.companyA.id, w.companyB.id]));
      expect(contentRange(res).total).toBe(await countRows(t.db, 'companies'));
    });

    it('shows a company admin only its own company, and another company as not found', async () => {
      const ca = w.clients.COMPANY_ADMIN;
      const list = await ca.get('/api/companies');
      expect(list.status).toBe(200);
      expect(ids(list)).toEqual([w.companyA.id]);
      expect(list.headers['content-range']).toBe('companies 0-0/1');
      // getMany and filters cannot reach past the scope.
      const many = await getList(ca, '/api/companies', { filter: { id: [w.companyA.id, w.companyB.id] } });
      expect(ids(many)).toEqual([w.companyA.id]);
      expect((await getList(ca, '/api/companies', { filter: { q: w.companyB.name } })).body).toEqual([]);
      const own = await ca.get(`/api/companies/${w.companyA.id}`);
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ id: w.companyA.id, name: w.companyA.name, code: w.companyA.code });
      const other = await ca.get(`/api/companies/${w.companyB.id}`);
      expectError(other, 404, 'notFound');
      // Not found looks the same whether the company exists or not.
      expect((await ca.get('/api/companies/999999')).body).toEqual(other.body);
    });

    it('keeps a company admin from creating, deleting, renaming or deactivating companies: 403, nothing changes', async () => {
      // Its own company's invoice profile it may edit: companyProfile.test.ts.
      const ca = w.clients.COMPANY_ADMIN;
      const before = await t.db('companies').orderBy('id');
      const requests: [Promise<{ status: number; body: any; headers: Record<string, any> }>, string][] = [
        [ca.post('/api/companies').send({ name: 'Mine', code: 'MINE' }), 'You are not authorized to access this page'],
        [ca.patch(`/api/companies/${w.companyA.id}`).send({ name: 'Renamed' }), 'Only a super administrator can change the name, code or status of a company'],
        [ca.put(`/api/companies/${w.companyA.id}`).send({ active: false }), 'Only a super administrator can change the name, code or status of a company'],
        [ca.delete(`/api/companies/${w.companyA.id}`), 'You are not authorized to access this page'],
        [ca.patch(`/api/companies/${w.companyB.id}`).send({ name: 'Renamed' }), 'Only a super administrator can change the name, code or status of a company'],
        [ca.delete(`/api/companies/${w.companyB.id}`), 'You are not authorized to access this page'],
      ];
      for (const [request, message] of requests) {
        const res = await request;
        expectError(res, 403, 'auth.forbidden');
        expect(res.body.message).toBe(message);
      }
      expect(await t.db('companies').orderBy('id')).toEqual(before);
    });

    it('lets a shipper or a buyer read only the name and code of its own company; another is not found', async () => {
      for (const actor of ['SHIPPER', 'BUYER'] as const) {
        const own = await w.clients[actor].get(`/api/companies/${w.companyA.id}`);
        expect(own.status).toBe(200);
        expect(own.body).toEqual({ id: w.companyA.id, name: w.companyA.name, code: w.companyA.code });
        const other = await w.clients[actor].get(`/api/companies/${w.companyB.id}`);
        expectError(other, 404, 'notFound');
        expect((await w.clients[actor].get('/api/companies/999999')).body).toEqual(other.body);
      }
    });

    it('keeps the companies list from shippers, buyers, pending users and visitors', async () => {
      for (const actor of ['SHIPPER', 'BUYER', 'pending'] as const) {
        expectError(await w.clients[actor].get('/api/companies'), 403);
        expectError(await w.clients[actor].delete(`/api/companies/${w.companyA.id}`), 403);
      }
      expectError(await w.clients.pending.get(`/api/companies/${w.companyA.id}`), 403);
      expectError(await w.clients.anonymous.get('/api/companies'), 401, 'auth.required');
      expectError(await w.clients.anonymous.delete(`/api/companies/${w.companyA.id}`), 401, 'auth.required');
      expect(await countRows(t.db, 'companies', { id: w.companyA.id })).toBe(1);
    });
  });

  describe('cascade delete', () => {
    it('deletes the company, its users and all its data; ports stay, other companies are untouched', async () => {
      const doomed = await t.company({ name: 'Doomed Motors' });
      const survivor = await t.company({ name: 'Survivor Motors' });
      const data = await seedCompanyData(t, doomed.id);
      const kept = await seedCompanyData(t, survivor.id);
      // Cross references that must survive: a survivor's vehicle shipped from the doomed company's
      // port, and a shared document uploaded by the doomed company's admin.
      await t.db('vehicles').where({ id: kept.vehicles[0] }).update({ fromPortId: data.port });
      const [sharedDoc] = await t.db('documents').insert({ fileName: 'shared.pdf', mimeType: 'application/pdf', fileSize: 1, uploadedBy: data.admin.id, companyId: null, createdAt: new Date().toISOString() });
      const doomedAdmin = await t.signedIn(data.admin.username);
      expect((await doomedAdmin.get('/api/user')).status).toBe(200);
      expect(await remaining(t, data)).toEqual(seeded(data));

      const res = await w.clients.SUPER_ADMIN.delete(`/api/companies/${doomed.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: doomed.id, name: 'Doomed Motors' });

      expect(await remaining(t, data)).toEqual({
        users: 0,
        containers: 0,
        vehicles: 0,
        vehicle_status_events: 0,
        vehicle_files: 0,
        documents: 0,
        invoices: 0,
        file_chunks: 0,
        companies: 0,
        invoice_counters: 0,
      });
      const port = await t.db('ports').where({ id: data.port }).first();
      expect(port).toMatchObject({ name: expect.stringMatching(/^Own port/), nameAr: 'ميناء خاص', companyId: null });
      expect(await remaining(t, kept)).toEqual(seeded(kept));
      expect((await t.db('vehicles').where({ id: kept.vehicles[0] }).first()).fromPortId).toBe(data.port);
      expect(await t.db('documents').where({ id: sharedDoc }).first()).toMatchObject({ fileName: 'shared.pdf', uploadedBy: null });
      // The deleted users' sessions are gone, and dead on their very next request.
      expect(await countRows(t.db, 'sessions', { userId: data.admin.id })).toBe(0);
      expectError(await doomedAdmin.get('/api/user'), 401, 'auth.required');
      expectError(await w.clients.SUPER_ADMIN.get(`/api/companies/${doomed.id}`), 404, 'notFound');
    });

    it('rolls everything back when the delete fails halfway', async () => {
      const company = await t.company({ name: 'Stubborn Motors' });
      const data = await seedCompanyData(t, company.id);
      const member = await t.signedIn(data.admin.username);
      // The cascade deletes the children first and the company row last: block that last step. On
      // MySQL/MariaDB with the documented grants (no trigger under binary logging, CI's user), a
      // row of a table of the test's own that still names the company does it.
      const trigger = 'block_company_delete';
      if (engine === 'sqlite') {
        await t.db.raw(`CREATE TRIGGER ${trigger} BEFORE DELETE ON companies BEGIN SELECT RAISE(ABORT, 'blocked by test trigger'); END;`);
      } else {
        await t.db.schema.createTable(trigger, (table) => table.integer('companyId').unsigned().references('companies.id'));
        await t.db(trigger).insert({ companyId: company.id });
      }
      try {
        const res = await w.clients.SUPER_ADMIN.delete(`/api/companies/${company.id}`);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.body).toEqual({ message: expect.any(String), code: expect.any(String) });
        expectNoLeak(res);
        expect(JSON.stringify(res.body)).not.toMatch(/blocked by test trigger|45000/);
      } finally {
        if (engine === 'sqlite') await t.db.raw(`DROP TRIGGER IF EXISTS ${trigger}`);
        else await t.db.schema.dropTableIfExists(trigger);
      }
      // Nothing half-deleted: every row, and the users' sessions, are still there.
      expect(await remaining(t, data)).toEqual(seeded(data));
      expect((await t.db('ports').where({ id: data.port }).first()).companyId).toBe(company.id);
      expect((await member.get('/api/user')).status).toBe(200);

      // Without the obstacle the same delete goes through.
      expect((await w.clients.SUPER_ADMIN.delete(`/api/companies/${company.id}`)).status).toBe(200);
      expect(Object.values(await remaining(t, data)).every((n) => n === 0)).toBe(true);
    });
  });
});
