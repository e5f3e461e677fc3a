import { VERSION } from '../src/install';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapDatabaseError, isUniqueViolation } from '../src/http/dbErrors';
import { ENGINES } from './support/engines';
import { countRows, expectError, expectNoLeak } from './support/lists';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';

/** The HTTP contract of DESIGN.md §3: one error shape, body limits, headers, the cross-site guard, health. */

const FRAME_ANCESTORS = "'self' https://intranet.example";
// A trailing slash in the configuration must not matter.
const ALLOWED_ORIGINS = 'https://partner.example, https://intranet.example/';
const OWN_HOST = 'console.example';
const OWN_ORIGIN = `http://${OWN_HOST}`;

const caught = async (work: () => Promise<unknown>): Promise<unknown> => {
  try {
    await work();
  } catch (err) {
    return err;
  }
  throw new Error('expected the database to refuse the write');
};

describe.each(ENGINES)('HTTP contract on %s', (engine) => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp(engine, { FRAME_ANCESTORS, ALLOWED_ORIGINS });
    w = await seedWorld(t);
  });
  afterAll(() => t.close());

  describe('errors', () => {
    it('answers every kind of error with { message, code } and nothing else', async () => {
      const sa = w.clients.SUPER_ADMIN;
      const cases: [Promise<any>, number, string][] = [
        [w.clients.anonymous.get('/api/companies'), 401, 'auth.required'],
        [w.clients.pending.get('/api/ports'), 403, 'auth.pendingApproval'],
        [w.clients.BUYER.get('/api/companies'), 403, 'auth.forbidden'],
        [w.clients.SHIPPER.post('/api/ports').send({ name: 'A', nameAr: 'أ', country: 'B' }), 403, 'auth.forbidden'],
        [sa.get('/api/companies/999999'), 404, 'notFound'],
        [sa.post('/api/companies').send({}), 400, 'validation.failed'],
        [sa.post('/api/companies').send({ name: 'Dup', code: w.companyA.code }), 409, 'conflict.duplicate'],
        [sa.get('/api/no-such-thing'), 404, 'notFound'],
        [sa.delete('/api/companies'), 405, 'request.methodNotAllowed'],
        [sa.post('/api/companies').set('Content-Type', 'application/json').send('{"name":'), 400, 'request.malformedJson'],
        [t.anon().post('/api/login').send({ username: 'nobody@example.com', password: 'wrong password' }), 401, 'auth.invalidCredentials'],
        [t.anon().post('/api/companies').set('Origin', 'https://evil.example').send({}), 403, 'auth.crossSite'],
      ];
      for (const [request, status, code] of cases) expectError(await request, status, code);
      expect((await w.clients.BUYER.get('/api/companies')).body.message).toBe('You are not authorized to access this page');
    });

    it('names the fields that failed validation', async () => {
      const res = await w.clients.SUPER_ADMIN.post('/api/companies').send({ active: 'yes' });
      expectError(res, 400, 'validation.failed');
      expect(res.body.errors).toEqual({ name: expect.any(String), code: expect.any(String), active: expect.any(String) });
    });

    it('answers malformed JSON with a 400 request.malformedJson, before sign-in and without side effects', async () => {
      const before = await countRows(t.db, 'companies');
      for (const body of ['{"name":', '{name: "x", code: "y"}', "{'name':'x'}", '"just a string"', '42', 'null', '{"name":"x",}']) {
        for (const request of [
          w.clients.SUPER_ADMIN.post('/api/companies'),
          w.clients.SUPER_ADMIN.patch(`/api/companies/${w.companyA.id}`),
          t.anon().post('/api/login'),
        ]) {
          const res = await request.set('Content-Type', 'application/json').send(body);
          expectError(res, 400, 'request.malformedJson');
          expect(res.body.message).toBe('The request body is not valid JSON');
        }
      }
      expect(await countRows(t.db, 'companies')).toBe(before);
      expect((await t.db('companies').where({ id: w.companyA.id }).first()).name).toBe(w.companyA.name);
    });

    it('refuses text that is not valid Unicode (a lone surrogate) with a 400, and changes nothing', async () => {
      const before = await countRows(t.db, 'companies');
      for (const body of ['{"name":"a\\ud800b","code":"LONE1"}', '{"name":"x","code":"LONE2","\\udfff":1}', '{"name":["\\udc00"],"code":"LONE3"}']) {
        const res = await w.clients.SUPER_ADMIN.post('/api/companies').set('Content-Type', 'application/json').send(body);
        expectError(res, 400, 'request.malformedText');
      }
      // An invoice's buyer: once a 500 from the layout, now refused at the edge.
      const invoice = await w.clients.SHIPPER.post('/api/invoice').set('Content-Type', 'application/json').send('{"containerIds":[1],"paymentMethod":"cash","date":"2026-11-24","buyerName":"a\\ud800b","salePrice":"1"}');
      expectError(invoice, 400, 'request.malformedText');
      // A whole pair is text like any other.
      const emoji = await w.clients.SUPER_ADMIN.post('/api/companies').set('Content-Type', 'application/json').send('{"name":"Cars \\ud83d\\ude97","code":"EMOJI1"}');
      expect(emoji.status).toBe(201);
      expect(emoji.body.name).toBe('Cars 🚗');
      expect(await countRows(t.db, 'companies')).toBe(before + 1);
    });

    it('refuses a body that is not JSON with 415 and a message, and changes nothing', async () => {
      const before = await countRows(t.db, 'companies');
      for (const [type, body] of [
        ['text/plain', '{"name":"Plain","code":"PLAIN"}'],
        ['application/x-www-form-urlencoded', 'name=Form&code=FORM'],
        ['text/html', '<b>x</b>'],
      ]) {
        const res = await w.clients.SUPER_ADMIN.post('/api/companies').set('Content-Type', type).send(body);
        expectError(res, 415, 'request.unsupportedMediaType');
        expect(res.body.message).toMatch(/JSON/);
      }
      expect(await countRows(t.db, 'companies')).toBe(before);
    });

    it('refuses a JSON body over 1 MB with 413, and takes one just under it', async () => {
      const before = await countRows(t.db, 'companies');
      const padding = (bytes: number) => JSON.stringify({ name: 'Big Co', code: `BIG${bytes}`, notes: 'x'.repeat(bytes) });
      const tooBig = padding(1024 * 1024 + 10);
      expect(Buffer.byteLength(tooBig)).toBeGreaterThan(1024 * 1024);
      const refused = await w.clients.SUPER_ADMIN.post('/api/companies').set('Content-Type', 'application/json').send(tooBig);
      expectError(refused, 413, 'request.tooLarge');
      // Also before sign-in: the limit protects every endpoint.
      expectError(await t.anon().post('/api/login').set('Content-Type', 'application/json').send(tooBig), 413, 'request.tooLarge');
      expect(await countRows(t.db, 'companies')).toBe(before);

      const fits = padding(1000 * 1000);
      const accepted = await w.clients.SUPER_ADMIN.post('/api/companies').set('Content-Type', 'application/json').send(fits);
      expect(accepted.status).toBe(201);
      // Unknown keys are stripped, not stored or echoed.
      expect(accepted.body).not.toHaveProperty('notes');
      expect(await countRows(t.db, 'companies')).toBe(before + 1);
    });

    it('maps duplicates from the database to 409 with a message', async () => {
      const sa = w.clients.SUPER_ADMIN;
      const company = await sa.post('/api/companies').send({ name: 'Unique One', code: 'UNIQ-1' });
      expect(company.status).toBe(201);
      const dupCreate = await sa.post('/api/companies').send({ name: 'Unique Two', code: 'UNIQ-1' });
      expectError(dupCreate, 409, 'conflict.duplicate');
      expect(dupCreate.body.message).toBe('Company code already exists');
      const dupPatch = await sa.patch(`/api/companies/${w.companyB.id}`).send({ code: 'uniq-1' });
      expectError(dupPatch, 409, 'conflict.duplicate');
      expect((await t.db('companies').where({ id: w.companyB.id }).first()).code).toBe(w.companyB.code);

      const dupUser = await sa.post('/api/users').send({ username: w.buyer.username.toUpperCase(), password: PASSWORD, role: 'BUYER', companyId: w.companyA.id });
      expectError(dupUser, 409, 'conflict.duplicate');
      expect(dupUser.body.message).toBe('Username already exists');
      const dupRegistration = await t.anon().post('/api/register').send({ username: w.shipper.username, password: 'long enough password' });
      expectError(dupRegistration, 409, 'conflict.duplicate');
    });

    it("maps this engine's own constraint errors to 409 or 400, and leaves other errors alone", async () => {
      const now = new Date().toISOString();
      const duplicate = await caught(() => t.db('companies').insert({ name: 'X', code: w.companyA.code, active: true, createdAt: now }));
      expect(isUniqueViolation(duplicate)).toBe(true);
      expect(mapDatabaseError(duplicate)).toMatchObject({ status: 409, code: 'conflict.duplicate' });

      const missingValue = await caught(() => t.db('companies').insert({ name: null, code: 'NULLNAME', active: true, createdAt: now }));
      expect(mapDatabaseError(missingValue)).toMatchObject({ status: 400, code: 'validation.failed' });

      const missingReference = await caught(() =>
        t.db('users').insert({ username: 'orphan@example.com', passwordHash: 'x', role: 'BUYER', companyId: 999999, active: true, pendingApproval: false, createdAt: now }),
      );
      const mapped = mapDatabaseError(missingReference);
      expect([400, 409]).toContain(mapped?.status);
      expect(isUniqueViolation(missingReference)).toBe(false);

      expect(mapDatabaseError(new Error('something else'))).toBeNull();
      expect(await countRows(t.db, 'users', { username: 'orphan@example.com' })).toBe(0);
    });

    it('answers a database failure with a plain 500: no SQL, no driver message', async () => {
      // An error no mapping knows. On MySQL/MariaDB with the documented grants (no trigger under
      // binary logging, CI's user), a column renamed under the insert: an unknown column.
      const trigger = 'block_company_insert';
      if (engine === 'sqlite') {
        await t.db.raw(`CREATE TRIGGER ${trigger} BEFORE INSERT ON companies BEGIN SELECT RAISE(ABORT, 'blocked by test trigger'); END;`);
      } else {
        await t.db.raw('ALTER TABLE companies RENAME COLUMN code TO code_renamed_by_test');
      }
      try {
        const res = await w.clients.SUPER_ADMIN.post('/api/companies').send({ name: 'Blocked', code: 'BLOCKED' });
        expectError(res, 500, 'internal');
        expect(JSON.stringify(res.body)).not.toMatch(/blocked by test trigger|companies|45000/);
      } finally {
        if (engine === 'sqlite') await t.db.raw(`DROP TRIGGER IF EXISTS ${trigger}`);
        else await t.db.raw('ALTER TABLE companies RENAME COLUMN code_renamed_by_test TO code');
      }
      expect((await w.clients.SUPER_ADMIN.post('/api/companies').send({ name: 'Blocked', code: 'BLOCKED' })).status).toBe(201);
    });

    it('refuses ids in the path that are not positive whole numbers with a 400, never a 5xx', async () => {
      const sa = w.clients.SUPER_ADMIN;
      const badIds = ['abc', '-1', '0', '1.5', '1e3', '0x10', '2147483648', '99999999999999999999999', '%20', '1%3B%20drop%20table%20users'];
      for (const id of badIds) {
        for (const request of [
          sa.get(`/api/companies/${id}`),
          sa.patch(`/api/companies/${id}`).send({ name: 'X' }),
          sa.put(`/api/companies/${id}`).send({ name: 'X' }),
          sa.delete(`/api/companies/${id}`),
          sa.get(`/api/users/${id}`),
          sa.patch(`/api/users/${id}`).send({ active: false }),
          sa.delete(`/api/users/${id}`),
          sa.post(`/api/users/${id}/role`).send({ role: 'BUYER' }),
          sa.get(`/api/ports/${id}`),
          sa.patch(`/api/ports/${id}`).send({ name: 'X' }),
          sa.delete(`/api/ports/${id}`),
        ]) {
          const res = await request;
          expectError(res, 400, 'validation.failed');
          expect(res.body.errors).toEqual({ id: expect.any(String) });
        }
      }
      expect(await countRows(t.db, 'users')).toBeGreaterThan(0);
    });

    it('answers an unknown /api path with a JSON 404, for any method and any caller', async () => {
      for (const request of [
        t.anon().get('/api/nope'),
        t.anon().get('/api'),
        t.anon().post('/api/nope').send({}),
        w.clients.SUPER_ADMIN.get('/api/companies/1/extra'),
        w.clients.SUPER_ADMIN.delete('/api/vehicles-that-do-not-exist/1'),
      ]) {
        const res = await request;
        expectError(res, 404, 'notFound');
      }
    });

    it('answers a known path with a method it does not take with a JSON 405', async () => {
      for (const request of [
        w.clients.SUPER_ADMIN.delete('/api/companies'),
        w.clients.SUPER_ADMIN.put('/api/ports'),
        w.clients.SUPER_ADMIN.post(`/api/companies/${w.companyA.id}`).send({}),
        w.clients.SUPER_ADMIN.get(`/api/users/${w.buyer.id}/role`),
        t.anon().get('/api/login'),
        t.anon().delete('/api/user'),
      ]) {
        expectError(await request, 405, 'request.methodNotAllowed');
      }
      expect(await countRows(t.db, 'companies', { id: w.companyA.id })).toBe(1);
    });
  });

  describe('security headers', () => {
    it('sends CSP with the configured frame-ancestors, nosniff and a referrer policy on every response', async () => {
      for (const request of [
        t.anon().get('/api/health'),
        w.clients.SUPER_ADMIN.get('/api/companies'),
        t.anon().get('/api/companies'),
        t.anon().get('/api/nope'),
        w.clients.SUPER_ADMIN.post('/api/companies').set('Content-Type', 'application/json').send('{'),
        t.anon().post('/api/logout').set('Origin', 'https://evil.example'),
      ]) {
        const res = await request;
        const csp: string = res.headers['content-security-policy'];
        expect(csp, `${res.status}`).toContain(`frame-ancestors ${FRAME_ANCESTORS}`);
        expect(csp).toMatch(/default-src 'self'/);
        expect(csp).toMatch(/object-src 'none'/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
      }
    });

    it('adds the usual hardening headers, but nothing that breaks a plain-HTTP intranet or its iframes', async () => {
      const res = await t.anon().get('/api/health');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-dns-prefetch-control']).toBe('off');
      expect(res.headers['x-powered-by']).toBeUndefined();
      // TLS is the operator's choice; frame-ancestors (not X-Frame-Options) says who may frame us.
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    });
  });

  describe('cross-site guard', () => {
    const sa = () => w.clients.SUPER_ADMIN;
    const snapshot = async () => ({
      companies: await t.db('companies').orderBy('id').select('id', 'name', 'code', 'active'),
      users: await countRows(t.db, 'users'),
      ports: await countRows(t.db, 'ports'),
    });

    it('refuses a state-changing request from a foreign Origin, and changes nothing', async () => {
      const before = await snapshot();
      for (const request of [
        sa().post('/api/companies').send({ name: 'Forged', code: 'FORGED' }),
        sa().patch(`/api/companies/${w.companyA.id}`).send({ name: 'Forged name' }),
        sa().put(`/api/companies/${w.companyA.id}`).send({ active: false }),
        sa().delete(`/api/companies/${w.companyB.id}`),
        sa().post('/api/ports').send({ name: 'Forged', nameAr: 'مزور', country: 'X' }),
        sa().delete(`/api/users/${w.buyer.id}`),
        sa().post(`/api/users/${w.buyer.id}/role`).send({ role: 'SHIPPER' }),
      ]) {
        const res = await request.set('Host', OWN_HOST).set('Origin', 'https://evil.example');
        expectError(res, 403, 'auth.crossSite');
        expect(res.body.message).toBe('Cross-site request refused');
      }
      expect(await snapshot()).toEqual(before);
      expect((await t.db('users').where({ id: w.buyer.id }).first()).role).toBe('BUYER');
    });

    it('refuses look-alike origins: another port, another scheme, a suffix, "null", garbage', async () => {
      const before = await snapshot();
      for (const origin of [`${OWN_ORIGIN}:8080`, `https://${OWN_HOST}`, `http://${OWN_HOST}.evil.example`, 'null', 'not a url', 'https://partner.example.evil.example']) {
        const res = await sa().post('/api/companies').set('Host', OWN_HOST).set('Origin', origin).send({ name: 'Forged', code: 'FORGED2' });
        expectError(res, 403, 'auth.crossSite');
      }
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a foreign Referer when there is no Origin, and a browser saying cross-site', async () => {
      const before = await snapshot();
      expectError(
        await sa().post('/api/companies').set('Host', OWN_HOST).set('Referer', 'https://evil.example/page?x=1').send({ name: 'Forged', code: 'FORGED3' }),
        403,
        'auth.crossSite',
      );
      expectError(await sa().post('/api/companies').set('Sec-Fetch-Site', 'cross-site').send({ name: 'Forged', code: 'FORGED4' }), 403, 'auth.crossSite');
      expectError(
        await sa().delete(`/api/companies/${w.companyB.id}`).set('Host', OWN_HOST).set('Origin', OWN_ORIGIN).set('Sec-Fetch-Site', 'cross-site'),
        403,
        'auth.crossSite',
      );
      // A signed-out visitor of another site cannot sign anyone in or out either.
      expectError(await t.anon().post('/api/login').set('Origin', 'https://evil.example').send({ username: w.buyer.username, password: PASSWORD }), 403, 'auth.crossSite');
      expectError(await sa().post('/api/logout').set('Origin', 'https://evil.example'), 403, 'auth.crossSite');
      expect((await sa().get('/api/user')).status).toBe(200);
      expect(await snapshot()).toEqual(before);
    });

    it("lets the server's own origin, a listed origin and header-less clients through", async () => {
      const own = await sa().post('/api/companies').set('Host', OWN_HOST).set('Origin', OWN_ORIGIN).set('Sec-Fetch-Site', 'same-origin').send({ name: 'Own Origin', code: 'OWN-ORIGIN' });
      expect(own.status).toBe(201);
      const ownReferer = await sa().patch(`/api/companies/${own.body.id}`).set('Host', OWN_HOST).set('Referer', `${OWN_ORIGIN}/companies/${own.body.id}`).send({ name: 'Own Referer' });
      expect(ownReferer.status).toBe(200);
      expect(ownReferer.body.name).toBe('Own Referer');
      const listed = await sa().post('/api/companies').set('Origin', 'https://partner.example').send({ name: 'Partner', code: 'PARTNER' });
      expect(listed.status).toBe(201);
      // An intranet that embeds the console cross-site: listed (with a trailing slash in the config).
      const embedded = await sa()
        .patch(`/api/companies/${listed.body.id}`)
        .set('Origin', 'https://intranet.example')
        .set('Sec-Fetch-Site', 'cross-site')
        .send({ name: 'Partner via intranet' });
      expect(embedded.status).toBe(200);
      const listedReferer = await sa().put(`/api/companies/${listed.body.id}`).set('Referer', 'https://partner.example/some/page').send({ active: false });
      expect(listedReferer.status).toBe(200);
      const bare = await sa().post('/api/companies').send({ name: 'Script', code: 'SCRIPT' });
      expect(bare.status).toBe(201);
      const deleted = await sa().delete(`/api/companies/${bare.body.id}`).set('Host', OWN_HOST).set('Origin', OWN_ORIGIN);
      expect(deleted.status).toBe(200);
      expect(await countRows(t.db, 'companies', { code: 'SCRIPT' })).toBe(0);
    });

    it('behind a trusted proxy, takes its own origin from X-Forwarded-Proto and -Host', async () => {
      const proxied = await startTestApp(engine, { TRUST_PROXY: 'true' });
      try {
        const agent = await proxied.signedIn((await proxied.user({ role: 'SUPER_ADMIN' })).username);
        const viaProxy = (origin: string, code: string) =>
          agent.post('/api/companies').set('X-Forwarded-Proto', 'https').set('X-Forwarded-Host', OWN_HOST).set('Origin', origin).send({ name: code, code });
        expect((await viaProxy(`https://${OWN_HOST}`, 'PROXIED')).status).toBe(201);
        expectError(await viaProxy(`http://${OWN_HOST}`, 'PLAIN'), 403, 'auth.crossSite');
        expectError(await viaProxy('https://evil.example', 'EVIL'), 403, 'auth.crossSite');
        expect((await proxied.db('companies').select('code')).map((c) => c.code)).toEqual(['PROXIED']);
      } finally {
        await proxied.close();
      }
    });

    it('lets reads through whatever their Origin', async () => {
      const res = await sa().get('/api/companies').set('Origin', 'https://evil.example').set('Sec-Fetch-Site', 'cross-site');
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect((await t.anon().get('/api/health').set('Origin', 'https://evil.example')).status).toBe(200);
    });
  });

  describe('health', () => {
    it('answers 200 {status:"ok"} while the database answers, without signing in', async () => {
      const res = await t.anon().get('/api/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok', version: VERSION });
    });

    it('says, without signing in, this version and the largest file the server takes', async () => {
      const res = await t.anon().get('/api/about');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ version: VERSION, uploadMaxMb: 25, parentOrigins: [expect.stringMatching(/^http:\/\//), 'https://intranet.example'] });
    });

    it('answers 503 naming what is wrong when the schema is not the one this version needs', async () => {
      const other = await startTestApp(engine);
      try {
        // The version, from package.json, for monitoring and support.
        expect((await other.anon().get('/api/health')).body.version).toMatch(/^\d+\.\d+\.\d+/);
        await other.db.schema.dropTable('rate_limits');
        const missing = await other.anon().get('/api/health');
        expect(missing.status).toBe(503);
        expect(missing.body).toMatchObject({ status: 'unavailable', code: 'service.schemaMismatch', message: expect.stringContaining('table(s) this version needs (rate_limits)') });

        await other.db('knex_migrations').insert({ name: '20270101000000_from_the_future', batch: 9, migration_time: new Date() });
        const newer = await other.anon().get('/api/health');
        expect(newer.status).toBe(503);
        expect(newer.body.message).toMatch(/migration\(s\) this version does not know \(20270101000000_from_the_future\)/);

        // A rolled-back migration: the schema is older than this version.
        await other.db('knex_migrations').whereIn('name', ['20270101000000_from_the_future', '20261128000300_server_heartbeats']).delete();
        await other.db.schema.createTable('rate_limits', (t) => t.string('key'));
        const older = await other.anon().get('/api/health');
        expect(older.status).toBe(503);
        expect(older.body.message).toMatch(/lacks 1 migration\(s\) of this version \(20261128000300_server_heartbeats\)/);
      } finally {
        await other.close();
      }
    });

    it('answers 503 when the database is gone, and other endpoints fail cleanly', async () => {
      const down = await startTestApp(engine);
      try {
        expect((await down.anon().get('/api/health')).status).toBe(200);
        const signedIn = await down.signedIn((await down.user({ role: 'SUPER_ADMIN' })).username);
        expect((await down.anon().get('/api/health')).headers['content-security-policy']).toContain("frame-ancestors 'self'");
        await down.db.destroy();
        const res = await down.anon().get('/api/health');
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ message: expect.any(String), code: 'service.unavailable' });
        expect(res.body.status).not.toBe('ok');
        expectNoLeak(res);
        const other = await signedIn.get('/api/companies');
        expect(other.status).toBeGreaterThanOrEqual(500);
        expect(other.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
        expectNoLeak(other);
      } finally {
        // close() destroys the (already destroyed) knex, then removes the database.
        await down.close();
      }
    });

    it.runIf(engine === 'sqlite')('answers a write 503 while another process holds the SQLite write lock, serving others meanwhile, and writes again after', async () => {
      const file = t.config.databaseUrl.slice('sqlite:'.length);
      // Another process's connection: one connection, so BEGIN and ROLLBACK share it.
      const other = knexFactory({ client: 'better-sqlite3', connection: { filename: file }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
      try {
        await other.raw('BEGIN IMMEDIATE');
        const write = w.clients.SUPER_ADMIN.post('/api/companies').send({ name: 'Locked out', code: 'LOCKED1' }).then((res) => res);
        // The write waits for the lock on timers, not inside SQLite on the event loop: others are served meanwhile.
        expect((await t.anon().get('/api/health')).status).toBe(200);
        expect((await w.clients.SUPER_ADMIN.get('/api/companies')).status).toBe(200);
        const res = await write;
        expectError(res, 503, 'service.unavailable');
        expectNoLeak(res);
        await other.raw('ROLLBACK');
      } finally {
        await other.destroy();
      }
      expect((await w.clients.SUPER_ADMIN.post('/api/companies').send({ name: 'Locked out', code: 'LOCKED1' })).status).toBe(201);
    });
  });
});
