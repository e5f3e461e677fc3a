import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';

/** The malformed requests a probe found answered with 500: each is a 4xx with a message. */
describe.each(ENGINES)('malformed requests on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['signedIn']>>;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const u = await t.user({ role: 'SUPER_ADMIN' });
    admin = await t.signedIn(u.username);
  });
  afterAll(() => t?.close());

  it('refuses JSON nested 5,000 levels deep with 400, signed out and signed in', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    for (const agent of [t.anon(), admin]) {
      const res = await agent.post('/api/login').set('Content-Type', 'application/json').send(deep);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('request.tooDeep');
      expect(res.body.message).toMatch(/nested/);
    }
    const objects = '{"a":'.repeat(3000) + '1' + '}'.repeat(3000);
    const res = await admin.post('/api/ports').set('Content-Type', 'application/json').send(objects);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('request.tooDeep');
  });

  it('keeps ordinary nesting (a vehicle with vehicleInfo) accepted', async () => {
    const res = await admin.post('/api/login').send({ username: 'nobody@example.com', password: { a: { b: { c: [1, [2, [3]]] } } } });
    expect(res.status).toBe(400);
    expect(res.body.code).not.toBe('request.tooDeep');
  });

  for (const encoding of ['deflate', 'br', 'gzip']) {
    it(`refuses a body whose Content-Encoding ${encoding} does not decode with 400`, async () => {
      const res = await t.anon().post('/api/login').set('Content-Type', 'application/json').set('Content-Encoding', encoding).send('this is not compressed at all');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('request.badEncoding');
      expect(res.body.message).toMatch(/Content-Encoding/);
    });
  }

  it('still reads a body that is really deflated', async () => {
    const res = await t.anon().post('/api/login').set('Content-Type', 'application/json').set('Content-Encoding', 'deflate')
      .serialize((body: Buffer) => body as unknown as string).send(deflateSync(JSON.stringify({ username: 'nobody@example.com', password: 'x' })));
    expect(res.status).toBe(401);
  });

  it('refuses an unknown Content-Encoding with 415', async () => {
    const res = await t.anon().post('/api/login').set('Content-Type', 'application/json').set('Content-Encoding', 'zstd-nope').send('{}');
    expect(res.status).toBe(415);
  });

  for (const order of ['{"toString":1}', '{"a":1}', '["x"]', '1', 'null', '"asc "']) {
    it(`refuses the sort order ${order} with 400`, async () => {
      const res = await admin.get('/api/ports').query({ sort: `["name",${order}]` });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/sort/);
    });
  }

  it('refuses control characters in filter keys with 400', async () => {
    for (const key of ['name\r\n', 'na\nme', 'country\u0000', 'q\t']) {
      const res = await admin.get('/api/ports').query({ filter: JSON.stringify({ [key]: 'x' }) });
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body.message).toMatch(/control character/);
    }
  });

  it('answers a client that refuses every encoding, identity included, uncompressed rather than with 500', async () => {
    await admin.post('/api/ports').send({ name: 'Jebel Ali', nameAr: 'جبل علي', country: 'AE' });
    const res = await admin.get('/api/ports').set('Accept-Encoding', 'identity;q=0').query({ filter: JSON.stringify({ q: 'x'.repeat(1) }) });
    expect(res.status).toBe(200);
    // Enough users for an answer over the 1 kB from which answers are compressed.
    for (let i = 0; i < 12; i++) await t.user({ role: 'BUYER', companyId: (await t.company()).id });
    const big = await admin.get('/api/users').set('Accept-Encoding', 'identity;q=0');
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBeUndefined();
  });
});
