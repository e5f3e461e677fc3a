import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
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

  /**
   * The answer really lost: the first request goes over a connection of its own, which the client
   * drops once the create is in the database (committed), without reading a byte of the answer.
   * The retry, with the same key through the other process, must answer that first create.
   */
  const sendAndDrop = async (path: string, body: Buffer, contentType: string, key: string, committed: () => Promise<boolean>) => {
    // The server's work on the request, watched to its end (the client is gone by then).
    const handle = t.app.callback();
    let handled: Promise<void> | undefined;
    const server = http.createServer((req, res) => void (handled = Promise.resolve(handle(req, res))));
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const cookie = (await first.get('/api/user')).request.cookies;
      const request = http.request({
        host: '127.0.0.1',
        port: (server.address() as { port: number }).port,
        path,
        method: 'POST',
        headers: { cookie, 'content-type': contentType, 'content-length': String(body.length), 'idempotency-key': key },
      });
      const gone = new Promise<void>((resolve) => request.once('close', () => resolve()));
      // The answer is never read: the response, if it comes, is left unread and dropped with the connection.
      request.on('response', (res) => res.pause());
      request.on('error', () => {});
      request.end(body);
      for (const deadline = Date.now() + 10_000; !(await committed()); ) {
        if (Date.now() > deadline) throw new Error(`the create of ${path} was not committed`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      request.destroy();
      await gone;
      await handled;
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  };

  /** What the first request with `key` left once it ended: its kept answer ('done'), a bare mark, or nothing. */
  const keyState = async (key: string) => (await t.db('idempotency_keys').where({ idempotencyKey: key }).first('state'))?.state as string | undefined;

  it('answers the retry of a vehicle and a container whose client dropped the connection after the commit with the record made, storing one', async () => {
    const vehicle = { vin: validVin(), make: 'Toyota', model: 'Hilux' };
    const vehicleKey = randomUUID();
    await sendAndDrop('/api/vehicles', Buffer.from(JSON.stringify(vehicle)), 'application/json', vehicleKey, async () => (await count('vehicles', { vin: vehicle.vin })) === 1);
    const retried = await second.post('/api/vehicles').set('Idempotency-Key', vehicleKey).send(vehicle);
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body).toMatchObject({ vin: vehicle.vin, make: 'Toyota', model: 'Hilux' });
    expect(await count('vehicles', { vin: vehicle.vin })).toBe(1);
    expect(retried.body.id).toBe((await t.db('vehicles').where({ vin: vehicle.vin }).first('id')).id);

    const container = { number: 'TGHU1234563', containerSize: '40HC' };
    const containerKey = randomUUID();
    await sendAndDrop('/api/containers', Buffer.from(JSON.stringify(container)), 'application/json', containerKey, async () => (await count('containers', { number: container.number })) === 1);
    const again = await second.post('/api/containers').set('Idempotency-Key', containerKey).send(container);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ number: container.number });
    expect(await count('containers', { number: container.number })).toBe(1);
  });

  it('answers the retry of an invoice and an upload whose client dropped the connection after the commit with the first result, storing one', async () => {
    const invoice = { containerIds: [containerId], paymentMethod: 'cash', date: '2026-11-22', buyerName: 'Lost Answer', salePrice: '100', taxPercentage: '0' };
    const invoiceKey = randomUUID();
    await sendAndDrop('/api/invoice', Buffer.from(JSON.stringify(invoice)), 'application/json', invoiceKey, async () => (await count('invoices', { buyerName: 'Lost Answer' })) === 1);
    // The server kept the answer it could not deliver (a 409 storedUnanswered is for a server that
    // itself failed between the commit and keeping its answer): the same invoice, number and PDF.
    expect(await keyState(invoiceKey)).toBe('done');
    const retried = await second.post('/api/invoice').set('Idempotency-Key', invoiceKey).send(invoice).buffer(true).parse(binary);
    const made = await t.db('invoices').where({ buyerName: 'Lost Answer' }).first('id', 'invoiceNumber');
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.headers['x-invoice-id']).toBe(String(made.id));
    expect(retried.headers['x-invoice-number']).toBe(made.invoiceNumber);
    expect(retried.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await count('invoices', { buyerName: 'Lost Answer' })).toBe(1);

    const vehicleId = (await first.post('/api/vehicles').send({ vin: validVin(), make: 'Ford', model: 'F-150' })).body.id;
    // One multipart body, sent twice: a retry sends the same bytes.
    const boundary = 'lost-answer-boundary';
    const upload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bill.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf(4000),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploadKey = randomUUID();
    const path = `/api/vehicles/${vehicleId}/files`;
    await sendAndDrop(path, upload, `multipart/form-data; boundary=${boundary}`, uploadKey, async () => (await count('vehicle_files', { vehicleId })) === 1);
    expect(await keyState(uploadKey)).toBe('done');
    const again = await second.post(path).set('Idempotency-Key', uploadKey).set('content-type', `multipart/form-data; boundary=${boundary}`).send(upload);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.map((f: { id: number }) => f.id)).toEqual([(await t.db('vehicle_files').where({ vehicleId }).first('id')).id]);
    expect(await count('vehicle_files', { vehicleId })).toBe(1);
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
