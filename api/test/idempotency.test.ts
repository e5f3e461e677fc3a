import { createHash, randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../src/app';
import { closeDb, createDb, migrateLatest } from '../src/db';
import { ENGINES } from './support/engines';
import { expectError } from './support/lists';
import { pdf } from './support/fixtures';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';
import { validVin } from './support/vins';
import { binary } from './support/binaryBody';

/** The fingerprint the middleware gives a JSON create (http/idempotency.ts): method, path and body. */
const fingerprintFor = (path: string, body: unknown) => createHash('sha256').update(`POST ${path}\n${JSON.stringify(body)}`).digest('hex');

/**
 * Safe retries: the same Idempotency-Key sent again, through either of two API processes (two
 * apps with their own pools on one database), answers the first result and stores nothing twice.
 */
describe.each(ENGINES)('Idempotency-Key on creates on %s', (engine) => {
  let t: TestApp;
  let twinDb: ReturnType<typeof createDb>;
  let twin: App;
  let companyId: number;
  let containerId: number;
  let username: string;
  let first: supertest.Agent;
  let second: supertest.Agent;

  beforeAll(async () => {
    t = await startTestApp(engine);
    twinDb = createDb(t.config.databaseUrl);
    twin = createApp({ db: twinDb, config: t.config });
    companyId = (await t.company()).id;
    username = (await t.user({ role: 'COMPANY_ADMIN', companyId })).username;
    first = await t.signedIn(username);
    // The same user's session, sent to the other process.
    second = supertest.agent(twin.callback());
    expect((await second.post('/api/login').send({ username, password: PASSWORD })).status).toBe(200);
    containerId = Number((await t.db('containers').insert({ number: 'MSCU1234565', companyId, createdAt: new Date().toISOString() }))[0]);
  });
  afterAll(async () => {
    await twin.closeResources();
    await closeDb(twinDb);
    await t.close();
  });

  const count = async (table: string, where: Record<string, unknown> = {}) => Number((await t.db(table).where(where).count({ n: '*' }))[0].n);

  it('answers a retried vehicle create with the first result, on either process, and stores one vehicle', async () => {
    const key = randomUUID();
    const body = { vin: validVin(), make: 'Toyota', model: 'Hilux' };
    const created = await first.post('/api/vehicles').set('Idempotency-Key', key).send(body);
    expect(created.status).toBe(201);
    const retried = await second.post('/api/vehicles').set('Idempotency-Key', key).send(body);
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(created.body);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(await count('vehicles', { vin: body.vin })).toBe(1);
    // Without a key, the same create is the duplicate it always was.
    expectError(await first.post('/api/vehicles').send(body), 409, 'conflict.duplicate');
  });

  it('lets concurrent retries of one submission over two processes create one container', async () => {
    const key = randomUUID();
    const body = { number: 'MAEU1111111', containerSize: '40HC' };
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? second : first).post('/api/containers').set('Idempotency-Key', key).send(body)));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    expect(await count('containers', { number: body.number })).toBe(1);
  });

  it('answers a retried invoice with the same PDF, id and number, and issues one number', async () => {
    const key = randomUUID();
    const body = { containerIds: [containerId], paymentMethod: 'cash', date: '2026-11-21', buyerName: 'Buyer', salePrice: '100', taxPercentage: '0' };
    const created = await first.post('/api/invoice').set('Idempotency-Key', key).send(body).buffer(true).parse(binary);
    expect(created.status).toBe(201);
    const retried = await second.post('/api/invoice').set('Idempotency-Key', key).send(body).buffer(true).parse(binary);
    expect(retried.status).toBe(201);
    expect(retried.headers['x-invoice-id']).toBe(created.headers['x-invoice-id']);
    expect(retried.headers['x-invoice-number']).toBe(created.headers['x-invoice-number']);
    expect(retried.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(retried.body, created.body)).toBe(0);
    expect(await count('invoices', { companyId })).toBe(1);
  });

  it('answers a retried upload with the same stored files', async () => {
    const vehicleId = (await first.post('/api/vehicles').send({ vin: validVin(), make: 'Ford', model: 'F-150' })).body.id;
    const key = randomUUID();
    const send = (agent: supertest.Agent) => agent.post(`/api/vehicles/${vehicleId}/files`).set('Idempotency-Key', key).attach('file', pdf(2000), { filename: 'bill.pdf', contentType: 'application/pdf' });
    const created = await send(first);
    expect(created.status).toBe(201);
    const retried = await send(second);
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(created.body);
    expect(await count('vehicle_files', { vehicleId })).toBe(1);
  });

  // The probe's case: a create committed, then its answer was lost (a database deadline or a
  // process stopping after the commit). The create's transaction marks its key 'committed' with the
  // id it made (writeTransaction, keepKeyWithCommit); the retry reads that record back.
  it('answers a retried create whose answer was lost after its commit with the record it made, not a second one', async () => {
    const body = { vin: validVin(), make: 'Toyota', model: 'Hilux' };
    const made = await first.post('/api/vehicles').send(body);
    expect(made.status).toBe(201);
    const key = randomUUID();
    const user = await t.db('users').where({ username }).first('id');
    await t.db('idempotency_keys').insert({
      userId: user.id, idempotencyKey: key, fingerprint: fingerprintFor('/api/vehicles', body), state: 'committed', resultId: made.body.id, createdAt: new Date().toISOString(),
    });
    const retried = await second.post('/api/vehicles').set('Idempotency-Key', key).send(body);
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body).toMatchObject({ id: made.body.id, vin: body.vin, make: 'Toyota', model: 'Hilux' });
    expect(await count('vehicles', { vin: body.vin })).toBe(1);
  });

  it('keeps the key of a create that was committed even when the request then failed, and lets go of one that was not', async () => {
    const key = randomUUID();
    const taken = await first.post('/api/vehicles').send({ vin: validVin(), make: 'Toyota', model: 'Hilux' });
    // A refused create (its VIN taken) commits nothing: the key goes, and its retry runs again.
    const refused = await first.post('/api/vehicles').set('Idempotency-Key', key).send({ vin: taken.body.vin, make: 'Toyota', model: 'Hilux' });
    expect(refused.status).toBe(409);
    expect(await count('idempotency_keys', { idempotencyKey: key })).toBe(0);
    // A create that commits leaves its key with the id it made, whatever the answer does after.
    const made = await first.post('/api/vehicles').set('Idempotency-Key', key).send({ vin: validVin(), make: 'Toyota', model: 'Hilux' });
    expect(made.status).toBe(201);
    expect(await t.db('idempotency_keys').where({ idempotencyKey: key }).first('state', 'resultId')).toEqual({ state: 'done', resultId: made.body.id });
  });

  it('refuses a retry of a stored upload whose answer was lost with 409 and a message, storing nothing twice', async () => {
    const key = randomUUID();
    const user = await t.db('users').where({ username }).first('id');
    await t.db('idempotency_keys').insert({
      userId: user.id, idempotencyKey: key, fingerprint: fingerprintFor('/api/invoice', { containerId }), state: 'committed', resultId: null, createdAt: new Date().toISOString(),
    });
    const invoicesBefore = await count('invoices');
    const retried = await first.post('/api/invoice').set('Idempotency-Key', key).send({ containerId });
    expectError(retried, 409, 'idempotency.storedUnanswered');
    expect(await count('invoices')).toBe(invoicesBefore);
  });

  it('refuses the same key with a different body with 422 and a message, storing nothing', async () => {
    const key = randomUUID();
    const vin = validVin();
    expect((await first.post('/api/vehicles').set('Idempotency-Key', key).send({ vin, make: 'Kia', model: 'Rio' })).status).toBe(201);
    const other = validVin();
    const res = await second.post('/api/vehicles').set('Idempotency-Key', key).send({ vin: other, make: 'Kia', model: 'Rio' });
    expectError(res, 422, 'idempotency.keyReused');
    expect(res.body.message).toMatch(/Idempotency-Key/);
    expect(await count('vehicles', { vin: other })).toBe(0);
  });

  it('keeps nothing of a refused first request: its retry runs again', async () => {
    const key = randomUUID();
    const body = { vin: 'NOT A VIN', make: 'Kia' };
    expectError(await first.post('/api/vehicles').set('Idempotency-Key', key).send(body), 400, 'validation.failed');
    expect(await count('idempotency_keys', { idempotencyKey: key })).toBe(0);
    const res = await second.post('/api/vehicles').set('Idempotency-Key', key).send(body);
    expectError(res, 400, 'validation.failed');
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it("keeps keys per user: another user's same key is its own", async () => {
    const key = randomUUID();
    const other = await t.signedIn((await t.user({ role: 'COMPANY_ADMIN', companyId })).username);
    const a = await first.post('/api/vehicles').set('Idempotency-Key', key).send({ vin: validVin(), make: 'Kia', model: 'Rio' });
    const b = await other.post('/api/vehicles').set('Idempotency-Key', key).send({ vin: validVin(), make: 'Kia', model: 'Rio' });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).not.toBe(a.body.id);
  });

  it('refuses a malformed key with 400', async () => {
    expectError(await first.post('/api/vehicles').set('Idempotency-Key', 'x'.repeat(201)).send({ vin: validVin(), make: 'Kia', model: 'Rio' }), 400, 'validation.failed');
  });

  it('runs its migration again after it failed halfway (the table already made)', async () => {
    // What a run that stopped halfway leaves: the table, empty (perhaps without its index), and no record.
    await t.db('idempotency_keys').delete();
    await t.db('knex_migrations').where({ name: '20261128000100_idempotency_keys' }).delete();
    expect(await migrateLatest(t.db)).toEqual(['20261128000100_idempotency_keys']);
    expect(await t.db.schema.hasTable('idempotency_keys')).toBe(true);
  });
});
