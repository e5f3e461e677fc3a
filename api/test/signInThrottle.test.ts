import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../src/app';
import { closeDb, createDb } from '../src/db';
import { FREE_ATTEMPTS_PER_USERNAME, REGISTRATIONS_PER_ADDRESS } from '../src/resources/auth/throttle';
import { ENGINES } from './support/engines';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';

/**
 * The sign-in limits under attack, as a probe ran them: concurrent guesses spread over two API
 * processes (two apps with their own connection pools on one database), addresses told apart by
 * X-Forwarded-For behind a trusted proxy.
 */
// Hundreds of scrypt hashes: CPU-bound, slow on a busy machine, so an outer limit for hangs only.
describe.each(ENGINES)('sign-in throttling on %s', { timeout: 240_000 }, (engine) => {
  let t: TestApp;
  let twinDb: ReturnType<typeof createDb>;
  let twin: App;

  beforeAll(async () => {
    t = await startTestApp(engine, { TRUST_PROXY: 'true' });
    twinDb = createDb(t.config.databaseUrl);
    twin = createApp({ db: twinDb, config: t.config });
  });
  afterAll(async () => {
    await twin.closeResources();
    await closeDb(twinDb);
    await t.close();
  });

  const apps = () => [t.app, twin];
  const signIn = (app: App, ip: string, username: string, password: string) =>
    supertest(app.callback()).post('/api/login').set('X-Forwarded-For', ip).send({ username, password });

  it('never lets 200 concurrent guesses from two processes through once the limit is passed, even the right one at 190', async () => {
    const owner = await t.user({ role: 'SUPER_ADMIN' });
    const guesses = Array.from({ length: 200 }, (_, i) =>
      signIn(apps()[i % 2], '203.0.113.7', owner.username, i === 189 ? PASSWORD : `wrong guess number ${i}`),
    );
    const answers = await Promise.all(guesses);
    const statuses = answers.map((r) => r.status);
    const signedIn = statuses.filter((s) => s === 200).length;
    const counted = statuses.filter((s) => s === 401).length;
    console.log(`${engine}: 200 guesses: ${signedIn} signed in, ${counted} checked, ${statuses.filter((s) => s === 429).length} refused, ${statuses.filter((s) => s === 503).length} busy`);
    expect(signedIn).toBe(0);
    // Checked, refused, or (on a machine too busy to hand out a connection within
    // DB_CONNECT_TIMEOUT_MS) told to try again: never anything else, never let through.
    const busy = answers.filter((r) => r.status === 503);
    expect(busy.every((r) => r.body.code === 'service.unavailable')).toBe(true);
    expect(statuses.every((s) => s === 401 || s === 429 || s === 503)).toBe(true);
    // Only the first attempts reached the password check.
    expect(counted).toBeLessThanOrEqual(FREE_ATTEMPTS_PER_USERNAME + 1);
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.body.code).toBe('auth.tooManyAttempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets the owner sign in from another address after the delay, while the guessing address stays locked', async () => {
    const owner = await t.user({ role: 'SUPER_ADMIN' });
    await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(apps()[i % 2], '198.51.100.9', owner.username, `wrong guess ${i}`)));

    // From a clean address: slowed, told how long to wait, never for 15 minutes.
    let owners = await signIn(twin, '192.0.2.44', owner.username, PASSWORD);
    if (owners.status === 429) {
      const first = owners;
      expect(first.body.code).toBe('auth.tooManyAttempts');
      const wait = Number(first.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      // The delay passes (its row expires) rather than this test sleeping through it.
      await t.db('rate_limits').where('key', 'like', 'user-slot:%').update({ expire: Date.now() - 1 });
      owners = await signIn(t.app, '192.0.2.44', owner.username, PASSWORD);
    }
    expect(owners.status).toBe(200);
    expect(owners.body.role).toBe('SUPER_ADMIN');

    // The guessing address is refused even with the right password, for the rest of the window.
    await t.db('rate_limits').where('key', 'like', 'user-slot:%').update({ expire: Date.now() - 1 });
    const attacker = await signIn(twin, '198.51.100.9', owner.username, PASSWORD);
    expect(attacker.status).toBe(429);
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('never slows a user by their own sign-ins: 25 right passwords in a row from one address all sign in', async () => {
    const user = await t.user({ role: 'SHIPPER', companyId: (await t.company()).id });
    for (let i = 0; i < 25; i++) {
      const res = await signIn(apps()[i % 2], '203.0.113.25', user.username, PASSWORD);
      expect(res.status, `sign-in ${i + 1}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    // And a few wrong ones among them still count from zero after each success.
    expect((await signIn(t.app, '203.0.113.25', user.username, 'wrong once')).status).toBe(401);
    expect((await signIn(t.app, '203.0.113.25', user.username, PASSWORD)).status).toBe(200);
  });

  it('limits registrations per address, across processes', async () => {
    const register = (app: App, ip: string, i: number) =>
      supertest(app.callback()).post('/api/register').set('X-Forwarded-For', ip).send({ username: `newcomer${i}.${ip}@example.com`, password: 'long enough password' });
    const answers = await Promise.all(Array.from({ length: REGISTRATIONS_PER_ADDRESS + 5 }, (_, i) => register(apps()[i % 2], '203.0.113.50', i)));
    // Counted before the password is hashed: the refused ones cost no scrypt work.
    expect(answers.filter((r) => r.status === 201)).toHaveLength(REGISTRATIONS_PER_ADDRESS);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0].body).toEqual({ message: 'Too many registrations from this address. Please try again later.', code: 'auth.tooManyRegistrations' });
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    const registered = await t.db('users').where('username', 'like', '%203.0.113.50@example.com');
    expect(registered).toHaveLength(REGISTRATIONS_PER_ADDRESS);
    // Another address registers as usual.
    expect((await register(twin, '203.0.113.51', 0)).status).toBe(201);
  });
});
