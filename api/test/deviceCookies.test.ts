import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceCookieName } from '../src/resources/auth/deviceCookie';
import { ATTEMPTS_PER_DEVICE, SIGN_IN_ATTEMPTS_PER_ADDRESS } from '../src/resources/auth/throttle';
import { ENGINES } from './support/engines';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';

/**
 * Device cookies: the owner's browser, which has signed in before, is counted apart from an
 * attacker guessing the same account, from the same office address and from rotating ones.
 */
describe.each(ENGINES)('device cookies for sign-in on %s', (engine) => {
  let t: TestApp;
  // Each test's office has its own address: an attack fills an address's count for 15 minutes.
  let office = 20;
  let OFFICE = '';

  beforeAll(async () => {
    t = await startTestApp(engine, { TRUST_PROXY: 'true' });
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    OFFICE = `203.0.113.${office++}`;
  });

  const login = (agent: supertest.Agent | supertest.Test | ReturnType<TestApp['anon']>, ip: string, username: string, password: string) =>
    (agent as supertest.Agent).post('/api/login').set('X-Forwarded-For', ip).send({ username, password });

  /** A browser that signed in to the account once (and signed out): it holds the device cookie. */
  async function ownersBrowser(username: string) {
    const browser = t.anon();
    const first = await login(browser, OFFICE, username, PASSWORD);
    expect(first.status).toBe(200);
    expect(String(first.headers['set-cookie'])).toContain(`${deviceCookieName(username)}=`);
    expect((await browser.post('/api/logout')).status).toBe(200);
    return browser;
  }

  /** Cookie-less guesses: half from the owner's office address, half from rotating addresses. */
  async function attack(username: string, guesses: number) {
    const answers = [];
    for (let i = 0; i < guesses; i++) {
      const ip = i % 2 === 0 ? OFFICE : `198.51.100.${(i % 200) + 1}`;
      answers.push((await login(t.anon(), ip, username, `wrong guess ${i}`)).status);
    }
    return answers;
  }

  it("signs the owner in from a browser with a device cookie while an attacker's guesses lock out cookie-less attempts", async () => {
    const owner = await t.user({ role: 'SUPER_ADMIN' });
    const browser = await ownersBrowser(owner.username);
    const statuses = await attack(owner.username, SIGN_IN_ATTEMPTS_PER_ADDRESS * 2 + 10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);

    // Without the cookie, the right password from the office is refused: today's limits hold.
    const cookieLess = await login(t.anon(), OFFICE, owner.username, PASSWORD);
    expect(cookieLess.status).toBe(429);
    expect(cookieLess.body.code).toBe('auth.tooManyAttempts');
    expect(Number(cookieLess.headers['retry-after'])).toBeGreaterThan(0);

    // The owner's browser, at the same address, signs in at once.
    const owners = await login(browser, OFFICE, owner.username, PASSWORD);
    expect(owners.status, JSON.stringify(owners.body)).toBe(200);
    expect(owners.body.username).toBe(owner.username);
    expect((await browser.get('/api/user')).status).toBe(200);
  });

  it("still limits a device cookie's own wrong guesses, without locking out the owner's other browsers", async () => {
    const owner = await t.user({ role: 'COMPANY_ADMIN', companyId: (await t.company()).id });
    const stolenLaptop = await ownersBrowser(owner.username);
    const phone = await ownersBrowser(owner.username);
    const answers = [];
    for (let i = 0; i < ATTEMPTS_PER_DEVICE + 2; i++) answers.push(await login(stolenLaptop, `192.0.2.${i + 1}`, owner.username, `wrong guess ${i}`));
    expect(answers.slice(0, ATTEMPTS_PER_DEVICE).map((r) => r.status)).toEqual(Array(ATTEMPTS_PER_DEVICE).fill(401));
    expect(answers[ATTEMPTS_PER_DEVICE].status).toBe(429);
    // Refused before the password is looked at, even the right one.
    expect((await login(stolenLaptop, '192.0.2.99', owner.username, PASSWORD)).status).toBe(429);
    // Its guesses are its own: the phone and a cookie-less sign-in go on.
    expect((await login(phone, OFFICE, owner.username, PASSWORD)).status).toBe(200);
    expect((await login(t.anon(), '192.0.2.200', owner.username, PASSWORD)).status).toBe(200);
  });

  it("counts a forged cookie, or another account's, as none", async () => {
    const owner = await t.user({ role: 'SUPER_ADMIN' });
    const other = await t.user({ role: 'BUYER', companyId: (await t.company()).id });
    const othersBrowser = t.anon();
    const signedIn = await login(othersBrowser, OFFICE, other.username, PASSWORD);
    const cookies = ([] as string[]).concat(signedIn.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
    const value = (name: string) => cookies.find((c) => c.startsWith(`${name}=`))!.slice(name.length + 1);
    const othersName = deviceCookieName(other.username);
    const ownersName = deviceCookieName(owner.username);

    await attack(owner.username, SIGN_IN_ATTEMPTS_PER_ADDRESS * 2 + 10);
    const tries = {
      forged: `${ownersName}=${'a'.repeat(32)}; ${ownersName}.sig=forgedSignature`,
      unsigned: `${ownersName}=${value(othersName)}`,
      "another account's": `${ownersName}=${value(othersName)}; ${ownersName}.sig=${value(`${othersName}.sig`)}`,
    };
    for (const [kind, cookie] of Object.entries(tries)) {
      const res = await t.anon().post('/api/login').set('X-Forwarded-For', OFFICE).set('Cookie', cookie).send({ username: owner.username, password: PASSWORD });
      expect(res.status, kind).toBe(429);
    }
    // The other account's own cookie still works for it.
    expect((await login(othersBrowser, OFFICE, other.username, PASSWORD)).status).toBe(200);
  });
});
