import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Keygrip from 'keygrip';
import type { Context } from 'koa';
import { userFromRow } from '../src/accounts';
import { databaseSessionStore, userReadWithSession } from '../src/http/session';
import { deleteExpiredLimits } from '../src/resources/auth/throttle';
import { ENGINES } from './support/engines';
import { NO_PASSWORD } from './support/lists';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';

const cookieOf = (res: { headers: Record<string, unknown> }) => ([] as string[]).concat((res.headers['set-cookie'] as string[]) ?? []);
const sid = (res: { headers: Record<string, unknown> }) => cookieOf(res).find((c) => c.startsWith('sid='))?.split(';')[0];

describe.each(ENGINES)('auth on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('registers a pending user, who is approved and then works with its role', async () => {
    const newcomer = t.anon();
    const reg = await newcomer.post('/api/register').send({ username: 'New.Shipper@Example.com', password: 'long enough password' });
    expect(reg.status).toBe(201);
    expect(reg.body.user).toMatchObject({ username: 'new.shipper@example.com', pendingApproval: true, active: true, role: null, companyId: null });

    // Pending: the current user answers, everything else is 403.
    expect((await newcomer.get('/api/user')).body.pendingApproval).toBe(true);
    const blocked = await newcomer.get('/api/ports');
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('auth.pendingApproval');

    const company = await t.company();
    const admin = await t.user({ role: 'SUPER_ADMIN' });
    const sa = await t.signedIn(admin.username);
    const approve = await sa.patch(`/api/users/${reg.body.user.id}`).send({ role: 'SHIPPER', companyId: company.id, pendingApproval: false });
    expect(approve.status).toBe(200);
    expect(approve.body).toMatchObject({ role: 'SHIPPER', companyId: company.id, pendingApproval: false, companyName: company.name });

    // The same session sees the approval on its very next request.
    expect((await newcomer.get('/api/user')).body).toMatchObject({ role: 'SHIPPER', pendingApproval: false });
    expect((await newcomer.get('/api/ports')).status).toBe(200);

    const again = t.anon();
    const login = await again.post('/api/login').send({ username: 'new.shipper@example.com', password: 'long enough password' });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body).sort()).toEqual(['active', 'companyId', 'createdAt', 'id', 'language', 'mustChangePassword', 'pendingApproval', 'role', 'theme', 'username']);
  });

  it('ignores role, company and flags sent with a registration', async () => {
    const company = await t.company();
    const res = await t.anon().post('/api/register').send({
      username: 'sneaky@example.com',
      password: 'long enough password',
      role: 'SUPER_ADMIN',
      companyId: company.id,
      pendingApproval: false,
      active: false,
      id: 999999,
    });
    expect(res.status).toBe(201);
    const row = await t.db('users').where({ username: 'sneaky@example.com' }).first();
    expect(row).toMatchObject({ role: null, companyId: null });
    expect(Boolean(row.pendingApproval)).toBe(true);
    expect(Boolean(row.active)).toBe(true);
    expect(row.id).not.toBe(999999);
  });

  it('refuses bad registrations with a message and saves nothing', async () => {
    const before = await t.db('users').count({ n: '*' });
    for (const body of [
      { username: 'not-an-email', password: 'long enough password' },
      { username: 'short@example.com', password: 'short' },
      { username: 'missing@example.com' },
      {},
    ]) {
      const res = await t.anon().post('/api/register').send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(res.body.code).toBe('validation.failed');
    }
    await t.anon().post('/api/register').send({ username: 'twice@example.com', password: 'long enough password' });
    const dup = await t.anon().post('/api/register').send({ username: 'TWICE@example.com', password: 'long enough password' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Username already exists');
    const after = await t.db('users').count({ n: '*' });
    expect(Number(after[0].n)).toBe(Number(before[0].n) + 1);
  });

  it('never returns a password or hash, and stores only a scrypt hash', async () => {
    const u = await t.user({ role: 'BUYER', companyId: (await t.company()).id });
    const agent = await t.signedIn(u.username);
    const sa = await t.signedIn((await t.user({ role: 'SUPER_ADMIN' })).username);
    for (const res of [await agent.get('/api/user'), await sa.get('/api/users'), await sa.get(`/api/users/${u.id}`)]) {
      expect(JSON.stringify(res.body)).not.toMatch(NO_PASSWORD);
    }
    const created = await sa.post('/api/users').send({ username: 'made@example.com', password: 'another long password', role: 'BUYER', companyId: (await t.company()).id });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body)).not.toMatch(NO_PASSWORD);
    const row = await t.db('users').where({ username: 'made@example.com' }).first();
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain('another long password');
  });

  it('answers an unknown user and a wrong password with the same 401', async () => {
    const u = await t.user({ role: 'BUYER', companyId: (await t.company()).id });
    const wrong = await t.anon().post('/api/login').send({ username: u.username, password: 'wrong password here' });
    const unknown = await t.anon().post('/api/login').send({ username: 'nobody@example.com', password: 'wrong password here' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ message: 'Invalid username or password', code: 'auth.invalidCredentials' });
    expect((await t.anon().post('/api/login').send({ username: u.username })).status).toBe(400);
  });

  it('refuses the 11th attempt in 15 minutes for one username from one address, with Retry-After, counted in the database', async () => {
    const u = await t.user({ role: 'BUYER', companyId: (await t.company()).id });
    for (let i = 0; i < 10; i++) {
      expect((await t.anon().post('/api/login').send({ username: u.username, password: `wrong password ${i}` })).status).toBe(401);
    }
    const blocked = await t.anon().post('/api/login').send({ username: u.username, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.', code: 'auth.tooManyAttempts' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Counted in the database (hashed keys: no e-mail address stored), not in this process.
    const rows = await t.db('rate_limits').select('key');
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(u.username);
    // Another username is not affected; once the window has passed, the right password works.
    const other = await t.user({ role: 'BUYER', companyId: (await t.company()).id });
    expect((await t.anon().post('/api/login').send({ username: other.username, password: PASSWORD })).status).toBe(200);
    await t.db('rate_limits').update({ expire: Date.now() - 1 });
    expect((await t.anon().post('/api/login').send({ username: u.username, password: PASSWORD })).status).toBe(200);
  });

  it('removes the sign-in counts that ran out over an hour ago, and no other', async () => {
    const now = Date.now();
    await t.db('rate_limits').insert([
      { key: 'prune-test:old', points: 3, expire: now - 3_700_000 },
      { key: 'prune-test:recent', points: 3, expire: now - 60_000 },
      { key: 'prune-test:running', points: 3, expire: now + 60_000 },
    ]);
    expect(await deleteExpiredLimits(t.db, now)).toBeGreaterThanOrEqual(1);
    expect((await t.db('rate_limits').where('key', 'like', 'prune-test:%').orderBy('key').pluck('key'))).toEqual(['prune-test:recent', 'prune-test:running']);
  });

  it('answers an inactive account with the right password exactly as a wrong password', async () => {
    const u = await t.user({ role: 'SHIPPER', companyId: (await t.company()).id, active: false });
    const right = await t.anon().post('/api/login').send({ username: u.username, password: PASSWORD });
    const wrong = await t.anon().post('/api/login').send({ username: u.username, password: 'wrong password here' });
    expect(right.status).toBe(401);
    expect(right.body).toEqual(wrong.body);
    expect(right.body).toEqual({ message: 'Invalid username or password', code: 'auth.invalidCredentials' });
    expect(cookieOf(right).some((c) => c.startsWith('sid=') && !/expires=Thu, 01 Jan 1970/i.test(c))).toBe(false);
  });

  it('renews the session id at login, destroys it at logout, and refuses a replayed cookie', async () => {
    const u = await t.user({ role: 'BUYER', companyId: (await t.company()).id });
    const first = await t.anon().post('/api/login').send({ username: u.username, password: PASSWORD });
    const second = await t.anon().post('/api/login').send({ username: u.username, password: PASSWORD });
    expect(sid(first)).toBeDefined();
    expect(sid(first)).not.toEqual(sid(second));
    const cookies = cookieOf(first).map((c) => c.split(';')[0]).join('; ');
    expect((await t.anon().get('/api/user').set('Cookie', cookies)).status).toBe(200);
    const out = await t.anon().post('/api/logout').set('Cookie', cookies);
    expect(out.status).toBe(200);
    const replay = await t.anon().get('/api/user').set('Cookie', cookies);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('auth.required');
  });

  it('keeps sessions in the database, so another app on the same database accepts the cookie', async () => {
    const u = await t.user({ role: 'BUYER', companyId: (await t.company()).id });
    const login = await t.anon().post('/api/login').send({ username: u.username, password: PASSWORD });
    const cookies = cookieOf(login).map((c) => c.split(';')[0]).join('; ');
    expect(Number((await t.db('sessions').count({ n: '*' }))[0].n)).toBeGreaterThan(0);
    const { createApp } = await import('../src/app');
    const twin = createApp({ db: t.db, config: t.config });
    const supertest = (await import('supertest')).default;
    const res = await supertest(twin.callback()).get('/api/user').set('Cookie', cookies);
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(u.username);
  });

  it('stores the user with the session, and still accepts a session saved before sessions named their user', async () => {
    const u = await t.user({ role: 'SHIPPER', companyId: (await t.company()).id });
    const agent = await t.signedIn(u.username);
    const rows = await t.db('sessions').where({ userId: u.id });
    expect(rows).toHaveLength(1);

    // The store hands the user over with the session it reads, from the same query.
    const store = databaseSessionStore(t.db, userFromRow);
    await store.set('a-session-key', { userId: u.id }, 60_000);
    const ctx = { state: {} } as Context;
    expect(await store.get('a-session-key', undefined, { ctx })).toMatchObject({ userId: u.id });
    expect(userReadWithSession(ctx)).toMatchObject({ id: u.id, username: u.username, role: 'SHIPPER' });

    // A session row from before the userId column: only its data names the user.
    await t.db('sessions').where({ userId: u.id }).update({ userId: null });
    const res = await agent.get('/api/user');
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(u.username);
    expect((await agent.get('/api/vehicles')).status).toBe(200);
  });

  it('reads the sessions of requests that arrive together in one query, each request getting its own user', async () => {
    const company = (await t.company()).id;
    const users = await Promise.all(['BUYER', 'SHIPPER', 'COMPANY_ADMIN'].map((role) => t.user({ role: role as 'BUYER', companyId: company })));
    const agents = await Promise.all(users.map((u) => t.signedIn(u.username)));
    // Signed like a real cookie, so it reaches the store, which finds no such session.
    const unknownSid = 'sid=no-such-session-no-such-session';
    const signedOut = t.anon().get('/api/user').set('Cookie', `${unknownSid}; sid.sig=${new Keygrip([t.config.sessionSecret]).sign(unknownSid)}`);
    const sent = Array.from({ length: 30 }, (_, i) => ({ expected: users[i % 3], res: agents[i % 3].get('/api/user') }));
    const [answers, refused] = await Promise.all([Promise.all(sent.map((s) => s.res)), signedOut]);
    answers.forEach((res, i) => {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: sent[i].expected.id, username: sent[i].expected.username });
    });
    expect(refused.status).toBe(401);
  });

  it('sets an HttpOnly, SameSite=Lax cookie, Secure only over HTTPS', async () => {
    const u = await t.user({ role: 'BUYER', companyId: (await t.company()).id });
    const plain = cookieOf(await t.anon().post('/api/login').send({ username: u.username, password: PASSWORD })).find((c) => c.startsWith('sid='))!;
    expect(plain).toMatch(/httponly/i);
    expect(plain).toMatch(/samesite=lax/i);
    expect(plain).not.toMatch(/;\s*secure/i);

    const proxied = await startTestApp(engine, { TRUST_PROXY: '1' });
    try {
      const pu = await proxied.user({ role: 'BUYER', companyId: (await proxied.company()).id });
      const res = await proxied.anon().post('/api/login').set('X-Forwarded-Proto', 'https').send({ username: pu.username, password: PASSWORD });
      expect(cookieOf(res).find((c) => c.startsWith('sid='))).toMatch(/;\s*secure/i);
    } finally {
      await proxied.close();
    }
  });

  it('with EMBED_CROSS_SITE, sets SameSite=None; Secure; Partitioned for a cross-site iframe', async () => {
    const embedded = await startTestApp(engine, { EMBED_CROSS_SITE: 'true', TRUST_PROXY: 'true' });
    try {
      const u = await embedded.user({ role: 'BUYER', companyId: (await embedded.company()).id });
      const res = await embedded.anon().post('/api/login').set('X-Forwarded-Proto', 'https').send({ username: u.username, password: PASSWORD });
      const cookie = cookieOf(res).find((c) => c.startsWith('sid='))!;
      expect(cookie).toMatch(/samesite=none/i);
      expect(cookie).toMatch(/;\s*secure/i);
      expect(cookie).toMatch(/;\s*partitioned/i);
    } finally {
      await embedded.close();
    }
  });

  it('reloads the user on every request: deleted or inactive is 401, a new role applies at once', async () => {
    const company = await t.company();
    const u = await t.user({ role: 'SHIPPER', companyId: company.id });
    const agent = await t.signedIn(u.username);
    expect((await agent.get('/api/users')).status).toBe(403);

    await t.db('users').where({ id: u.id }).update({ role: 'COMPANY_ADMIN' });
    expect((await agent.get('/api/users')).status).toBe(200);

    const other = await t.company();
    await t.db('users').where({ id: u.id }).update({ companyId: other.id });
    const companies = await agent.get('/api/companies');
    expect(companies.body.map((c: { id: number }) => c.id)).toEqual([other.id]);

    await t.db('users').where({ id: u.id }).update({ active: false });
    const inactive = await agent.get('/api/user');
    expect(inactive.status).toBe(401);
    expect((await agent.get('/api/ports')).status).toBe(401);
    expect((await t.anon().post('/api/login').send({ username: u.username, password: PASSWORD })).status).toBe(401);

    await t.db('users').where({ id: u.id }).update({ active: true });
    expect((await agent.get('/api/user')).status).toBe(200);
    await t.db('users').where({ id: u.id }).delete();
    expect((await agent.get('/api/user')).status).toBe(401);
  });

  it('lets a pending user reach only GET /api/user and POST /api/logout', async () => {
    const p = await t.user({ role: null, pendingApproval: true });
    const agent = await t.signedIn(p.username);
    expect((await agent.get('/api/user')).status).toBe(200);
    for (const path of ['/api/ports', '/api/companies', '/api/users']) {
      const res = await agent.get(path);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('auth.pendingApproval');
    }
    expect((await agent.post('/api/ports').send({ name: 'X', nameAr: 'س', country: 'Y' })).status).toBe(403);
    expect((await agent.post('/api/logout')).status).toBe(200);
    expect((await agent.get('/api/user')).status).toBe(401);
  });
});
