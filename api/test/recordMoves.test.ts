import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb } from '../src/db';
import { createTestDatabase, ENGINES } from './support/engines';
import { pdf, png } from './support/fixtures';
import { startTestApp, type TestApp } from './support/testApp';
import { validVin } from './support/vins';
import { binary } from './support/binaryBody';

/** What points at a record or a user follows it when a super admin moves it to another company. */
describe.each(ENGINES)('moves between companies on %s', (engine) => {
  let t: TestApp;
  let sa: supertest.Agent;
  beforeAll(async () => {
    t = await startTestApp(engine);
    sa = await t.signedIn((await t.user({ role: 'SUPER_ADMIN' })).username);
  });
  afterAll(() => t.close());

  const upload = (path: string, name: string, body: Buffer, type: string) => sa.post(path).attach('file', body, { filename: name, contentType: type });

  it('keeps a moved vehicle’s files when its old company is deleted', async () => {
    const x = await t.company();
    const b = await t.company();
    const vehicle = (await sa.post('/api/vehicles').send({ vin: validVin(), make: 'Toyota', model: 'Camry', companyId: x.id })).body;
    const document = pdf(3000);
    expect((await upload(`/api/vehicles/${vehicle.id}/files`, 'title.pdf', document, 'application/pdf')).status).toBe(201);
    expect((await upload(`/api/vehicles/${vehicle.id}/files`, 'front.png', await png(), 'image/png')).status).toBe(201);

    expect((await sa.patch(`/api/vehicles/${vehicle.id}`).send({ companyId: b.id })).status).toBe(200);
    expect((await t.db('vehicle_files').where({ vehicleId: vehicle.id }).pluck('companyId')).map(Number)).toEqual([b.id, b.id]);
    expect((await sa.delete(`/api/companies/${x.id}`)).status).toBe(200);

    const moved = await sa.get(`/api/vehicles/${vehicle.id}`);
    expect(moved.status).toBe(200);
    expect(moved.body.companyId).toBe(b.id);
    expect(moved.body.files.map((f: { fileName: string }) => f.fileName).sort()).toEqual(['front.png', 'title.pdf']);
    const fileId = moved.body.files.find((f: { fileName: string }) => f.fileName === 'title.pdf').id;
    const download = await sa.get(`/api/vehicles/${vehicle.id}/files/${fileId}/download`).buffer(true).parse(binary);
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body, document)).toBe(0);
  });

  it('keeps a moved container’s files when its old company is deleted, and deletes what the company still holds', async () => {
    const x = await t.company();
    const b = await t.company();
    const shipperB = await t.user({ role: 'SHIPPER', companyId: b.id });
    const shipperX = await t.user({ role: 'SHIPPER', companyId: x.id });
    const created = await sa.post('/api/containers').send({ number: 'MSCU1234565', companyId: x.id, shipperId: shipperX.id });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const container = created.body;
    const stays = (await sa.post('/api/vehicles').send({ vin: validVin(), companyId: x.id, make: 'Kia', model: 'Rio' })).body;
    expect((await upload(`/api/containers/${container.id}/files`, 'manifest.pdf', pdf(2500), 'application/pdf')).status).toBe(201);
    expect((await upload(`/api/vehicles/${stays.id}/files`, 'stays.pdf', pdf(2600), 'application/pdf')).status).toBe(201);

    expect((await sa.patch(`/api/containers/${container.id}`).send({ companyId: b.id, shipperId: shipperB.id })).status).toBe(200);
    expect((await sa.delete(`/api/companies/${x.id}`)).status).toBe(200);

    const moved = await sa.get(`/api/containers/${container.id}`);
    expect(moved.status).toBe(200);
    expect(moved.body.files.map((f: { fileName: string }) => f.fileName)).toEqual(['manifest.pdf']);
    // The file of the vehicle that stayed went with its company, chunks and all.
    expect(await t.db('vehicle_files').where({ fileName: 'stays.pdf' }).first()).toBeUndefined();
    expect(await t.db('file_chunks').whereNotIn('vehicleFileId', t.db('vehicle_files').select('id')).first()).toBeUndefined();
  });

  it('records a vehicle’s move with the buyer it leaves behind', async () => {
    const a = await t.company();
    const b = await t.company();
    const buyer = await t.user({ role: 'BUYER', companyId: a.id });
    const vehicle = (await sa.post('/api/vehicles').send({ vin: validVin(), companyId: a.id, buyerId: buyer.id, notes: 'Before' })).body;
    expect((await sa.patch(`/api/vehicles/${vehicle.id}`).send({ companyId: b.id, notes: 'After' })).status).toBe(200);
    const event = await t.db('audit_events').where({ entity: 'vehicles', entityId: vehicle.id, action: 'update' }).first('changes');
    const changes = typeof event.changes === 'string' ? JSON.parse(event.changes) : event.changes;
    expect(changes).toEqual({ companyId: { from: a.id, to: b.id }, notes: { from: 'Before', to: 'After' }, buyerId: { from: buyer.id, to: null } });
  });

  it('takes the old company’s cars from a buyer moved to another company, in the same change', async () => {
    const a = await t.company();
    const b = await t.company();
    const buyer = await t.user({ role: 'BUYER', companyId: a.id });
    const inA = (await sa.post('/api/vehicles').send({ vin: validVin(), companyId: a.id, buyerId: buyer.id, notes: 'Keys in the glovebox' })).body;
    const buyerAgent = await t.signedIn(buyer.username);
    expect((await buyerAgent.get(`/api/vehicles/${inA.id}`)).status).toBe(200);

    expect((await sa.patch(`/api/users/${buyer.id}`).send({ companyId: b.id })).status).toBe(200);
    const inB = (await sa.post('/api/vehicles').send({ vin: validVin(), companyId: b.id, buyerId: buyer.id })).body;

    expect((await buyerAgent.get(`/api/vehicles/${inA.id}`)).status).toBe(404);
    expect((await buyerAgent.get('/api/vehicles')).body.map((v: { id: number }) => v.id)).toEqual([inB.id]);
    const row = await t.db('vehicles').where({ id: inA.id }).first('buyerId', 'notes', 'updatedAt');
    expect(row.buyerId).toBeNull();
    expect(row.notes).toBe('Keys in the glovebox');
    expect(row.updatedAt).not.toBeNull();
  });
});

describe.each(ENGINES)('migration 20261124000200 on %s', (engine) => {
  it('gives files that earlier moves left behind their record’s company', async () => {
    const database = await createTestDatabase(engine);
    const db = createDb(database.url);
    try {
      const pendingName = async () => {
        const [first] = (await db.migrate.list())[1] as (string | { file: string })[];
        return typeof first === 'object' ? first.file : first;
      };
      while ((await pendingName()) !== '20261124000200_files_follow_their_record') {
        expect(await pendingName()).toBeDefined();
        await db.migrate.up();
      }
      const now = new Date().toISOString();
      const [x] = await db('companies').insert({ name: 'X', code: 'X', active: true, createdAt: now });
      const [b] = await db('companies').insert({ name: 'B', code: 'B', active: true, createdAt: now });
      const [vehicleId] = await db('vehicles').insert({ vin: validVin(), companyId: b, status: 'NEW_PURCHASE', createdAt: now });
      const [containerId] = await db('containers').insert({ number: 'MSCU1234565', companyId: b, createdAt: now });
      const file = { fileType: 'DOCUMENT', mimeType: 'application/pdf', fileSize: 1, createdAt: now };
      await db('vehicle_files').insert([
        { ...file, vehicleId, companyId: x, fileName: 'stale-vehicle.pdf' },
        { ...file, containerId, companyId: x, fileName: 'stale-container.pdf' },
        { ...file, vehicleId, companyId: b, fileName: 'right.pdf' },
      ]);
      await db.migrate.up();
      const rows = await db('vehicle_files').orderBy('fileName').select('fileName', 'companyId');
      expect(rows.map((r) => [r.fileName, Number(r.companyId)])).toEqual([
        ['right.pdf', Number(b)],
        ['stale-container.pdf', Number(b)],
        ['stale-vehicle.pdf', Number(b)],
      ]);
    } finally {
      await closeDb(db);
      await database.drop();
    }
  });
});
