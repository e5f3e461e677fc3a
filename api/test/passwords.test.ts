import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb } from '../src/db';
import { PERMISSIONS, can, canResetPassword, type Account, type Action, type Resource } from '../src/domain/permissions';
import { ROLES, type Role } from '../src/domain/roles';
import { databaseSessionStore } from '../src/http/session';
import { hashPassword, setPasswordHashCost, verifyPassword } from '../src/services/passwords';
import { loadConfig } from '../src/config';
import { seedFirstSuperAdmin } from '../src/startup';
import { createTestDatabase, ENGINES } from './support/engines';
import { countRows, expectError, NO_PASSWORD } from './support/lists';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type Actor, type World } from './support/world';
import { MIGRATION_NAMES, migrationNamed } from '../../migrations/index';

const NEW_PASSWORD = 'a brand new passphrase';
const NEWER_PASSWORD = 'and another one after it';
const MIGRATION = '20261124500100_user_account';
const MUST_CHANGE = 'Change your password to continue';

/** What login, registration, GET, PATCH /api/user and POST /api/user/password answer. */
const CURRENT_USER_KEYS = ['active', 'companyId', 'createdAt', 'id', 'language', 'mustChangePassword', 'pendingApproval', 'role', 'theme', 'username'];

describe('the cost of password hashes', () => {
  // The suites sign in thousands of times and run with PASSWORD_HASH_COST=10 (vite.config.ts):
  // what an install gets without the setting is checked here.
  it('is scrypt with N = 2^15 unless PASSWORD_HASH_COST says otherwise, and refuses a cost below 10', () => {
    expect(loadConfig({ SESSION_SECRET: 'cost-test-secret-cost-test' }).passwordHashCost).toBe(15);
    expect(loadConfig({ SESSION_SECRET: 'cost-test-secret-cost-test', PASSWORD_HASH_COST: '12' }).passwordHashCost).toBe(12);
    expect(() => loadConfig({ SESSION_SECRET: 'cost-test-secret-cost-test', PASSWORD_HASH_COST: '8' })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('hashes and checks at a cost above the default (scrypt given the memory it needs)', async () => {
    setPasswordHashCost(16);
    try {
      const hash = await hashPassword('a costly passphrase');
      expect(hash).toMatch(/^scrypt\$65536\$8\$1\$/);
      expect(await verifyPassword('a costly passphrase', hash)).toBe(true);
    } finally {
      setPasswordHashCost(loadConfig({ SESSION_SECRET: 'cost-test-secret-cost-test', PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST }).passwordHashCost);
    }
  });

  it('checks a stored hash with the cost it was made with, whatever the cost of new ones', async () => {
    setPasswordHashCost(15);
    const strong = await hashPassword('a strong passphrase');
    expect(strong).toMatch(/^scrypt\$32768\$8\$1\$/);
    setPasswordHashCost(10);
    const cheap = await hashPassword('a cheap passphrase');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('a strong passphrase', strong)).toBe(true);
    expect(await verifyPassword('a strong passphrase!', strong)).toBe(false);
    setPasswordHashCost(15);
    try {
      expect(await verifyPassword('a cheap passphrase', cheap)).toBe(true);
    } finally {
      setPasswordHashCost(loadConfig({ SESSION_SECRET: 'cost-test-secret-cost-test', PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST }).passwordHashCost);
    }
  });
});

describe('canResetPassword (the rule the console shares)', () => {
  const sa: Account = { id: 1, role: 'SUPER_ADMIN', companyId: null };
  const ca: Account = { id: 2, role: 'COMPANY_ADMIN', companyId: 10 };
  it.each([
    ['SUPER_ADMIN', sa, { id: 3, role: 'SUPER_ADMIN', companyId: null }, false],
    ['SUPER_ADMIN', sa, sa, false],
    ['SUPER_ADMIN', sa, { id: 4, role: 'COMPANY_ADMIN', companyId: 10 }, true],
    ['SUPER_ADMIN', sa, { id: 5, role: 'SHIPPER', companyId: 11 }, true],
    ['SUPER_ADMIN', sa, { id: 6, role: 'BUYER', companyId: 11 }, true],
    ['SUPER_ADMIN', sa, { id: 7, role: null, companyId: null }, true],
    ['COMPANY_ADMIN', ca, { id: 8, role: 'SHIPPER', companyId: 10 }, false],
    ['COMPANY_ADMIN', ca, { id: 9, role: 'BUYER', companyId: 10 }, true],
    ['COMPANY_ADMIN', ca, { id: 12, role: 'COMPANY_ADMIN', companyId: 10 }, false],
    ['COMPANY_ADMIN', ca, ca, false],
    ['COMPANY_ADMIN', ca, { id: 13, role: 'SHIPPER', companyId: 11 }, false],
    ['COMPANY_ADMIN', ca, { id: 14, role: 'BUYER', companyId: null }, false],
    ['COMPANY_ADMIN', ca, { id: 15, role: null, companyId: null }, false],
    ['COMPANY_ADMIN', ca, { id: 16, role: 'SUPER_ADMIN', companyId: 10 }, false],
    ['COMPANY_ADMIN without a company', { id: 17, role: 'COMPANY_ADMIN', companyId: null }, { id: 18, role: 'SHIPPER', companyId: null }, false],
    ['SHIPPER', { id: 19, role: 'SHIPPER', companyId: 10 }, { id: 9, role: 'BUYER', companyId: 10 }, false],
    ['BUYER', { id: 20, role: 'BUYER', companyId: 10 }, { id: 8, role: 'SHIPPER', companyId: 10 }, false],
    ['no role (pending)', { id: 21, role: null, companyId: null }, { id: 8, role: 'SHIPPER', companyId: 10 }, false],
  ] as [string, Account, Account, boolean][])('%s → %o: %s', (_label, actor, target, expected) => {
    expect(canResetPassword(actor, target)).toBe(expected);
  });

  it('follows the permission table, not a list of roles: a reset never gives the actor a right it lacks', () => {
    // Every right a role holds, as can() answers it for each (resource, action) of the table.
    const rights = (role: Role) => Object.entries(PERMISSIONS).flatMap(([resource, actions]) =>
      Object.keys(actions).filter((action) => action !== 'menu' && can(role, resource as Resource, action as Action)).map((action) => `${resource}.${action}`));
    for (const actorRole of ROLES) {
      for (const targetRole of ROLES) {
        const allowed = canResetPassword({ id: 1, role: actorRole, companyId: 10 }, { id: 2, role: targetRole, companyId: 10 });
        const gained = rights(targetRole).filter((right) => !rights(actorRole).includes(right));
        if (allowed) expect(gained, `${actorRole} resetting ${targetRole}`).toEqual([]);
      }
    }
    expect(canResetPassword(ca, { id: 8, role: 'SHIPPER', companyId: 10 })).toBe(false);
    expect(canResetPassword(ca, { id: 9, role: 'BUYER', companyId: 10 })).toBe(true);
  });
});

describe.each(ENGINES)('passwords and account settings on %s', (engine) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
  });
  afterAll(() => t.close());

  const row = (id: number) => t.db('users').where({ id }).first();
  const sessionIds = async (userId: number) => (await t.db('sessions').where({ userId }).select('id')).map((r) => r.id as string).sort();
  const changeOwn = (agent: supertest.Agent, body: object) => agent.post('/api/user/password').send(body);
  const shipperOfA = () => t.user({ role: 'SHIPPER', companyId: w.companyA.id });
  /** The sign-in limits are counted per address, and every request here comes from one. */
  const forgetAttempts = () => t.db('rate_limits').delete();

  it('stores a hash made at another cost anew, at the current one, when it signs in; the password still works', async () => {
    const u = await shipperOfA();
    setPasswordHashCost(11);
    const older = await hashPassword(PASSWORD);
    setPasswordHashCost(t.config.passwordHashCost);
    await t.db('users').where({ id: u.id }).update({ passwordHash: older });
    await t.signedIn(u.username);
    const stored = (await row(u.id)).passwordHash as string;
    expect(stored).not.toBe(older);
    expect(stored.split('$')[1]).toBe(String(2 ** t.config.passwordHashCost));
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    // At the current cost already: left as it is.
    await t.signedIn(u.username);
    expect((await row(u.id)).passwordHash).toBe(stored);
    // A rehash never writes an event or ends a session (it changes nothing the user set).
    expect(await t.db('audit_events').where({ entity: 'users', entityId: u.id, action: 'update' }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  describe('POST /api/user/password', () => {
    it('changes the password: 200 with the current user, every other session ends, this one goes on under a new id', async () => {
      const u = await shipperOfA();
      // A session saved before sessions named their user (its data names it): it ends too.
      const legacy = await t.signedIn(u.username);
      const [legacyId] = await sessionIds(u.id);
      await t.db('sessions').where({ id: legacyId }).update({ userId: null });
      expect((await legacy.get('/api/user')).status).toBe(200);
      const other = await t.signedIn(u.username);
      const current = await t.signedIn(u.username);
      const before = await row(u.id);
      const sessionsBefore = await t.db('sessions').select('id');
      expect(await sessionIds(u.id)).toHaveLength(2);

      const res = await changeOwn(current, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, mustChangePassword: true, role: 'SUPER_ADMIN' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(CURRENT_USER_KEYS);
      expect(res.body).toMatchObject({ id: u.id, username: u.username, role: 'SHIPPER', companyId: w.companyA.id, mustChangePassword: false, language: null });
      expect(JSON.stringify(res.body)).not.toMatch(NO_PASSWORD);

      const after = await row(u.id);
      expect(after.passwordHash).not.toBe(before.passwordHash);
      expect(await verifyPassword(NEW_PASSWORD, after.passwordHash)).toBe(true);
      expect({ ...after, passwordHash: before.passwordHash }).toEqual(before);
      // One session is left, and it is a new one: the three before it are gone.
      const left = await sessionIds(u.id);
      expect(left).toHaveLength(1);
      expect(sessionsBefore.map((s) => s.id)).not.toContain(left[0]);
      expect(await countRows(t.db, 'sessions', { id: legacyId })).toBe(0);

      for (const gone of [other, legacy]) {
        expectError(await gone.get('/api/user'), 401, 'auth.required');
        expectError(await gone.get('/api/vehicles'), 401, 'auth.required');
      }
      expect((await current.get('/api/user')).body).toMatchObject({ id: u.id, mustChangePassword: false });
      expect((await current.get('/api/vehicles')).status).toBe(200);
      // The other users' sessions are untouched.
      expect((await w.clients.SHIPPER.get('/api/user')).status).toBe(200);

      expectError(await t.anon().post('/api/login').send({ username: u.username, password: PASSWORD }), 401, 'auth.invalidCredentials');
      expect((await t.anon().post('/api/login').send({ username: u.username, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('is open to a pending user, and to no one signed out or inactive', async () => {
      const pending = await t.user({ role: null, pendingApproval: true });
      const agent = await t.signedIn(pending.username);
      const res = await changeOwn(agent, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: pending.id, pendingApproval: true, mustChangePassword: false });
      expect(await verifyPassword(NEW_PASSWORD, (await row(pending.id)).passwordHash)).toBe(true);

      expectError(await changeOwn(t.anon(), { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }), 401, 'auth.required');
      const inactive = await shipperOfA();
      const inactiveAgent = await t.signedIn(inactive.username);
      await t.db('users').where({ id: inactive.id }).update({ active: false });
      const before = await row(inactive.id);
      expectError(await changeOwn(inactiveAgent, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }), 401, 'auth.required');
      expect(await row(inactive.id)).toEqual(before);
    });

    it('refuses a wrong current password with 400 auth.wrongPassword and changes nothing', async () => {
      const u = await shipperOfA();
      const other = await t.signedIn(u.username);
      const agent = await t.signedIn(u.username);
      const before = await row(u.id);
      const sessions = await sessionIds(u.id);

      const res = await changeOwn(agent, { currentPassword: 'not the password at all', newPassword: NEW_PASSWORD });
      expectError(res, 400, 'auth.wrongPassword');
      expect(res.body).toEqual({ message: 'The current password is not correct', code: 'auth.wrongPassword', errors: { currentPassword: 'is not correct' } });

      expect(await row(u.id)).toEqual(before);
      expect(await sessionIds(u.id)).toEqual(sessions);
      expect((await other.get('/api/user')).status).toBe(200);
      expect((await agent.get('/api/user')).status).toBe(200);
      await forgetAttempts();
    });

    it('refuses a new password under 12 characters, the username in any case, or the current one: 400 errors.newPassword, nothing changed', async () => {
      const u = await shipperOfA();
      const agent = await t.signedIn(u.username);
      const before = await row(u.id);
      const sessions = await sessionIds(u.id);
      const cases: [object, string][] = [
        [{ currentPassword: PASSWORD, newPassword: 'elevenchars' }, 'must be at least 12 characters'],
        [{ currentPassword: PASSWORD, newPassword: 'x'.repeat(257) }, 'must be at most 256 characters'],
        [{ currentPassword: PASSWORD, newPassword: u.username }, 'must not be the username'],
        [{ currentPassword: PASSWORD, newPassword: u.username.toUpperCase() }, 'must not be the username'],
        [{ currentPassword: PASSWORD, newPassword: ` ${u.username} ` }, 'must not be the username'],
        [{ currentPassword: PASSWORD, newPassword: PASSWORD }, 'must differ from the current password'],
        [{ currentPassword: PASSWORD }, 'is required'],
        [{ currentPassword: PASSWORD, newPassword: 123456789012345 }, 'is required'],
      ];
      for (const [body, message] of cases) {
        const res = await changeOwn(agent, body);
        expectError(res, 400, 'validation.failed');
        expect(res.body.errors, JSON.stringify(body)).toMatchObject({ newPassword: message });
      }
      // No current password: a 400 too, before anything is counted or checked.
      expect((await changeOwn(agent, { newPassword: NEW_PASSWORD })).body.errors).toMatchObject({ currentPassword: 'is required' });
      expect(await row(u.id)).toEqual(before);
      expect(await sessionIds(u.id)).toEqual(sessions);
      expect((await agent.get('/api/vehicles')).status).toBe(200);
    });

    it('uses the same rule for a registration and an account made by a super admin: the username is refused as a password', async () => {
      const username = 'same.as.password@example.com';
      const reg = await t.anon().post('/api/register').send({ username, password: username.toUpperCase() });
      expectError(reg, 400, 'validation.failed');
      expect(reg.body.errors).toEqual({ password: 'must not be the username' });
      const made = await w.clients.SUPER_ADMIN.post('/api/users').send({ username, password: username, role: 'BUYER', companyId: w.companyA.id });
      expectError(made, 400, 'validation.failed');
      expect(made.body.errors).toEqual({ password: 'must not be the username' });
      expect(await countRows(t.db, 'users', { username })).toBe(0);
    });

    it('counts every attempt as a sign-in of that username from that address, before the password is checked: 429, and a right password starts the count again', async () => {
      await forgetAttempts();
      const u = await shipperOfA();
      const agent = await t.signedIn(u.username);
      const before = await row(u.id);
      for (let i = 0; i < 10; i++) {
        expectError(await changeOwn(agent, { currentPassword: `wrong password ${i}`, newPassword: NEW_PASSWORD }), 400, 'auth.wrongPassword');
      }
      // The 11th is refused before its password is looked at, right as it is.
      const blocked = await changeOwn(agent, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expectError(blocked, 429, 'auth.tooManyAttempts');
      expect(blocked.body.message).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      // One count with the sign-in: that username cannot sign in from this address either.
      expectError(await t.anon().post('/api/login').send({ username: u.username, password: PASSWORD }), 429, 'auth.tooManyAttempts');
      expect(await row(u.id)).toEqual(before);
      expect((await agent.get('/api/user')).status).toBe(200);

      // Wrong sign-ins count towards a change, and a right current password forgets them all.
      await forgetAttempts();
      for (let i = 0; i < 9; i++) {
        expectError(await t.anon().post('/api/login').send({ username: u.username, password: `wrong password ${i}` }), 401, 'auth.invalidCredentials');
      }
      const changed = await changeOwn(agent, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(changed.status).toBe(200);
      for (let i = 0; i < 10; i++) {
        expectError(await t.anon().post('/api/login').send({ username: u.username, password: `wrong password ${i}` }), 401, 'auth.invalidCredentials');
      }
      expectError(await changeOwn(agent, { currentPassword: NEW_PASSWORD, newPassword: NEWER_PASSWORD }), 429, 'auth.tooManyAttempts');
      expect(await verifyPassword(NEW_PASSWORD, (await row(u.id)).passwordHash)).toBe(true);
      await forgetAttempts();
    });
  });

  describe('POST /api/users/{id}/password', () => {
    const TARGETS = [
      'another SUPER_ADMIN',
      'itself',
      'COMPANY_ADMIN of its company',
      'SHIPPER of its company',
      'BUYER of its company',
      'COMPANY_ADMIN of another company',
      'SHIPPER of another company',
      'BUYER of another company',
      'pending registration',
    ] as const;
    type Target = (typeof TARGETS)[number];
    type Row = Record<Target, number>;
    const refusedAll = (status: number): Row => Object.fromEntries(TARGETS.map((target) => [target, status])) as Row;
    // The world's staff are of company A; "its company" is A for the super admin too.
    const EXPECTED: Record<Actor, Row> = {
      anonymous: refusedAll(401),
      pending: refusedAll(403),
      BUYER: refusedAll(403),
      SHIPPER: refusedAll(403),
      COMPANY_ADMIN: {
        'another SUPER_ADMIN': 404,
        itself: 403,
        'COMPANY_ADMIN of its company': 403,
        // A shipper deletes vehicles and reads shared documents, which a company admin may not.
        'SHIPPER of its company': 403,
        'BUYER of its company': 200,
        'COMPANY_ADMIN of another company': 404,
        'SHIPPER of another company': 404,
        'BUYER of another company': 404,
        'pending registration': 404,
      },
      SUPER_ADMIN: {
        'another SUPER_ADMIN': 403,
        itself: 403,
        'COMPANY_ADMIN of its company': 200,
        'SHIPPER of its company': 200,
        'BUYER of its company': 200,
        'COMPANY_ADMIN of another company': 200,
        'SHIPPER of another company': 200,
        'BUYER of another company': 200,
        'pending registration': 200,
      },
    };
    const CODES: Record<number, string> = { 401: 'auth.required', 403: 'auth.forbidden', 404: 'notFound' };

    const selfOf = (actor: Actor) =>
      ({ anonymous: w.buyer, pending: w.pending, BUYER: w.buyer, SHIPPER: w.shipper, COMPANY_ADMIN: w.companyAdmin, SUPER_ADMIN: w.superAdmin })[actor];
    const makeTarget = (target: Target, actor: Actor) => {
      switch (target) {
        case 'another SUPER_ADMIN': return t.user({ role: 'SUPER_ADMIN' });
        case 'itself': return Promise.resolve(selfOf(actor));
        case 'COMPANY_ADMIN of its company': return t.user({ role: 'COMPANY_ADMIN', companyId: w.companyA.id });
        case 'SHIPPER of its company': return t.user({ role: 'SHIPPER', companyId: w.companyA.id });
        case 'BUYER of its company': return t.user({ role: 'BUYER', companyId: w.companyA.id });
        case 'COMPANY_ADMIN of another company': return t.user({ role: 'COMPANY_ADMIN', companyId: w.companyB.id });
        case 'SHIPPER of another company': return t.user({ role: 'SHIPPER', companyId: w.companyB.id });
        case 'BUYER of another company': return t.user({ role: 'BUYER', companyId: w.companyB.id });
        case 'pending registration': return t.user({ role: null, pendingApproval: true });
      }
    };

    it.each(Object.keys(EXPECTED) as Actor[])('as %s: resets exactly the accounts canResetPassword names', async (actor) => {
      const client = w.clients[actor];
      const seen = {} as Row;
      for (const kind of TARGETS) {
        const target = await makeTarget(kind, actor);
        // The target is signed in elsewhere (its own world client when it is the actor).
        const targetClient = kind === 'itself' ? (actor === 'anonymous' ? w.clients.BUYER : client) : await t.signedIn(target.username);
        const before = await row(target.id);
        const res = await client.post(`/api/users/${target.id}/password`).send({ newPassword: NEW_PASSWORD, mustChangePassword: false, passwordHash: 'scrypt$x' });
        seen[kind] = res.status;
        if (res.status === 200) {
          const companyName = before.companyId === w.companyA.id ? w.companyA.name : before.companyId === w.companyB.id ? w.companyB.name : null;
          expect(res.body).toMatchObject({ id: target.id, username: target.username, role: before.role, mustChangePassword: true, companyName });
          expect(Object.keys(res.body).sort()).toEqual(['active', 'companyId', 'companyName', 'createdAt', 'id', 'mustChangePassword', 'pendingApproval', 'role', 'username']);
          expect(JSON.stringify(res.body)).not.toMatch(NO_PASSWORD);
          const after = await row(target.id);
          expect(Boolean(after.mustChangePassword)).toBe(true);
          expect(await verifyPassword(NEW_PASSWORD, after.passwordHash)).toBe(true);
          // Every session of the user ends, the one it had open included.
          expect(await sessionIds(target.id)).toEqual([]);
          expectError(await targetClient.get('/api/user'), 401, 'auth.required');
        } else {
          const expectedCode = actor === 'pending' ? 'auth.pendingApproval' : CODES[res.status];
          expectError(res, res.status, expectedCode);
          expect(await row(target.id), `${actor} → ${kind}`).toEqual(before);
          expect((await targetClient.get('/api/user')).status, `${actor} → ${kind}`).toBe(200);
        }
      }
      expect(seen).toEqual(EXPECTED[actor]);
    });

    it('answers with the company name and a 400 for a password the rule refuses, changing nothing', async () => {
      const target = await t.user({ role: 'BUYER', companyId: w.companyA.id });
      const targetClient = await t.signedIn(target.username);
      const before = await row(target.id);
      for (const client of [w.clients.SUPER_ADMIN, w.clients.COMPANY_ADMIN]) {
        for (const [newPassword, message] of [
          ['elevenchars', 'must be at least 12 characters'],
          [target.username.toUpperCase(), 'must not be the username'],
          [undefined, 'is required'],
        ] as const) {
          const res = await client.post(`/api/users/${target.id}/password`).send({ newPassword });
          expectError(res, 400, 'validation.failed');
          expect(res.body.errors).toEqual({ newPassword: message });
        }
      }
      expect(await row(target.id)).toEqual(before);
      expect((await targetClient.get('/api/user')).status).toBe(200);
      expectError(await w.clients.SUPER_ADMIN.post('/api/users/abc/password').send({ newPassword: NEW_PASSWORD }), 400, 'validation.failed');
      expectError(await w.clients.SUPER_ADMIN.post('/api/users/999999/password').send({ newPassword: NEW_PASSWORD }), 404, 'notFound');

      const ok = await w.clients.COMPANY_ADMIN.post(`/api/users/${target.id}/password`).send({ newPassword: NEW_PASSWORD });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ id: target.id, role: 'BUYER', companyId: w.companyA.id, companyName: w.companyA.name, mustChangePassword: true });
      // The list shows who has yet to change a reset password.
      const listed = await w.clients.COMPANY_ADMIN.get(`/api/users/${target.id}`);
      expect(listed.body).toMatchObject({ mustChangePassword: true });
    });

    it('treats a password given with PATCH /api/users/{id} as a reset, under the same rule', async () => {
      const otherRoot = await t.user({ role: 'SUPER_ADMIN' });
      const before = await row(otherRoot.id);
      expectError(await w.clients.SUPER_ADMIN.patch(`/api/users/${otherRoot.id}`).send({ password: NEW_PASSWORD }), 403, 'auth.forbidden');
      expect(await row(otherRoot.id)).toEqual(before);

      const target = await t.user({ role: 'SHIPPER', companyId: w.companyB.id });
      const targetClient = await t.signedIn(target.username);
      const same = await w.clients.SUPER_ADMIN.put(`/api/users/${target.id}`).send({ password: target.username });
      expectError(same, 400, 'validation.failed');
      expect(same.body.errors).toEqual({ password: 'must not be the username' });
      const res = await w.clients.SUPER_ADMIN.put(`/api/users/${target.id}`).send({ password: NEW_PASSWORD, active: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ mustChangePassword: true });
      expectError(await targetClient.get('/api/user'), 401, 'auth.required');
      expect(await sessionIds(target.id)).toEqual([]);
    });
  });

  describe('mustChangePassword', () => {
    const reset = async (user: { id: number }) =>
      expect((await w.clients.SUPER_ADMIN.post(`/api/users/${user.id}/password`).send({ newPassword: NEW_PASSWORD })).status).toBe(200);

    it('opens only the account routes until the password is changed, then everything', async () => {
      const u = await t.user({ role: 'COMPANY_ADMIN', companyId: w.companyA.id });
      await reset(u);
      const agent = t.anon();
      const login = await agent.post('/api/login').send({ username: u.username, password: NEW_PASSWORD });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ id: u.id, mustChangePassword: true });

      const refused: [string, 'get' | 'post' | 'patch' | 'delete', object?][] = [
        ['/api/vehicles', 'get'],
        ['/api/ports', 'get'],
        ['/api/dashboard', 'get'],
        ['/api/users', 'get'],
        [`/api/users/${w.shipper.id}`, 'get'],
        [`/api/companies/${w.companyA.id}`, 'get'],
        ['/api/containers', 'get'],
        ['/api/invoices', 'get'],
        ['/api/vehicles', 'post', { vin: '1HGCM82633A004352' }],
        [`/api/users/${w.buyer.id}/password`, 'post', { newPassword: NEWER_PASSWORD }],
        [`/api/companies/${w.companyA.id}`, 'patch', { city: 'Jeddah' }],
      ];
      for (const [path, method, body] of refused) {
        const res = await agent[method](path).send(body);
        expectError(res, 403, 'auth.mustChangePassword');
        expect(res.body.message, `${method} ${path}`).toBe(MUST_CHANGE);
      }
      expect(Boolean((await row(w.buyer.id)).mustChangePassword)).toBe(false);
      expect((await t.anon().get('/api/health')).status).toBe(200);
      expect((await agent.get('/api/health')).status).toBe(200);

      // The account's own routes answer.
      expect((await agent.get('/api/user')).body).toMatchObject({ id: u.id, mustChangePassword: true });
      const settings = await agent.patch('/api/user').send({ language: 'ar' });
      expect(settings.status).toBe(200);
      expect(settings.body).toMatchObject({ language: 'ar', mustChangePassword: true });

      const changed = await changeOwn(agent, { currentPassword: NEW_PASSWORD, newPassword: NEWER_PASSWORD });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ id: u.id, mustChangePassword: false, language: 'ar' });
      expect(Boolean((await row(u.id)).mustChangePassword)).toBe(false);
      for (const [path] of refused.filter(([, method]) => method === 'get')) {
        expect((await agent.get(path)).status, path).toBe(200);
      }
    });

    it('lets the user sign out, and keeps a pending user pending after the change', async () => {
      const u = await shipperOfA();
      await reset(u);
      const agent = await t.signedIn(u.username, NEW_PASSWORD);
      expect((await agent.post('/api/logout')).status).toBe(200);
      expectError(await agent.get('/api/user'), 401, 'auth.required');

      const pending = await t.user({ role: null, pendingApproval: true });
      await reset(pending);
      const pendingAgent = await t.signedIn(pending.username, NEW_PASSWORD);
      expectError(await pendingAgent.get('/api/ports'), 403, 'auth.mustChangePassword');
      expect((await changeOwn(pendingAgent, { currentPassword: NEW_PASSWORD, newPassword: NEWER_PASSWORD })).status).toBe(200);
      expectError(await pendingAgent.get('/api/ports'), 403, 'auth.pendingApproval');
    });
  });

  describe('a password given by an administrator', () => {
    /** Signs in through the API and answers the sign-in's body with the agent that holds the session. */
    const signInAs = async (username: string, password: string) => {
      const agent = t.anon();
      const login = await agent.post('/api/login').send({ username, password });
      expect(login.status).toBe(200);
      return { agent, login: login.body };
    };

    it('makes an account made by a super admin change it at the first sign-in; the user’s own change clears it for good', async () => {
      const username = `made.by.admin.${engine}@example.com`;
      const made = await w.clients.SUPER_ADMIN.post('/api/users').send({ username, password: NEW_PASSWORD, role: 'SHIPPER', companyId: w.companyA.id });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ username, mustChangePassword: true });
      // The users list says so to the administrators.
      expect((await w.clients.SUPER_ADMIN.get(`/api/users/${made.body.id}`)).body).toMatchObject({ mustChangePassword: true });
      expect((await w.clients.COMPANY_ADMIN.get(`/api/users/${made.body.id}`)).body).toMatchObject({ mustChangePassword: true });

      const { agent, login } = await signInAs(username, NEW_PASSWORD);
      expect(login).toMatchObject({ id: made.body.id, role: 'SHIPPER', mustChangePassword: true });
      expectError(await agent.get('/api/vehicles'), 403, 'auth.mustChangePassword');
      expect((await agent.get('/api/user')).body).toMatchObject({ mustChangePassword: true });

      const changed = await changeOwn(agent, { currentPassword: NEW_PASSWORD, newPassword: NEWER_PASSWORD });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ id: made.body.id, mustChangePassword: false });
      expect((await agent.get('/api/vehicles')).status).toBe(200);
      expect(Boolean((await row(made.body.id)).mustChangePassword)).toBe(false);
      // The next sign-in is an ordinary one, and a second change of one's own sets nothing.
      const again = await signInAs(username, NEWER_PASSWORD);
      expect(again.login).toMatchObject({ mustChangePassword: false });
      expect((await changeOwn(again.agent, { currentPassword: NEWER_PASSWORD, newPassword: NEW_PASSWORD })).body).toMatchObject({ mustChangePassword: false });
      expect((await again.agent.get('/api/vehicles')).status).toBe(200);
    });

    it('never asks it of a user who registered, before or after the approval', async () => {
      const username = `registered.${engine}@example.com`;
      const registered = await t.anon().post('/api/register').send({ username, password: NEW_PASSWORD });
      expect(registered.status).toBe(201);
      expect(registered.body.user).toMatchObject({ pendingApproval: true, mustChangePassword: false });
      expect((await signInAs(username, NEW_PASSWORD)).login).toMatchObject({ mustChangePassword: false });

      // Approved by a super admin (role, company, no password): still the user's own password.
      const approved = await w.clients.SUPER_ADMIN.patch(`/api/users/${registered.body.user.id}`).send({ role: 'BUYER', companyId: w.companyA.id, pendingApproval: false, active: true });
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ pendingApproval: false, mustChangePassword: false });
      const { agent, login } = await signInAs(username, NEW_PASSWORD);
      expect(login).toMatchObject({ role: 'BUYER', mustChangePassword: false });
      expect((await agent.get('/api/vehicles')).status).toBe(200);
    });

    it("asks it after a company admin's reset of its buyer, and after a password sent with a change of the account", async () => {
      const buyer = await t.user({ role: 'BUYER', companyId: w.companyA.id });
      expect((await w.clients.COMPANY_ADMIN.post(`/api/users/${buyer.id}/password`).send({ newPassword: NEW_PASSWORD })).status).toBe(200);
      const reset = await signInAs(buyer.username, NEW_PASSWORD);
      expect(reset.login).toMatchObject({ mustChangePassword: true });
      expectError(await reset.agent.get('/api/vehicles'), 403, 'auth.mustChangePassword');

      const pending = await t.user({ role: null, pendingApproval: true });
      const approved = await w.clients.SUPER_ADMIN.patch(`/api/users/${pending.id}`).send({ role: 'SHIPPER', companyId: w.companyA.id, pendingApproval: false, password: NEW_PASSWORD });
      expect(approved.body).toMatchObject({ mustChangePassword: true });
      expect((await signInAs(pending.username, NEW_PASSWORD)).login).toMatchObject({ role: 'SHIPPER', mustChangePassword: true });
    });
  });

  describe('PATCH /api/user', () => {
    it('stores the language preference and answers the current user; GET and the next sign-in carry it', async () => {
      const u = await t.user({ role: 'BUYER', companyId: w.companyA.id });
      const agent = await t.signedIn(u.username);
      expect((await agent.get('/api/user')).body.language).toBeNull();

      const res = await agent.patch('/api/user').send({ language: 'ar', role: 'SUPER_ADMIN', username: 'other@example.com', mustChangePassword: true, active: false, id: 1 });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(CURRENT_USER_KEYS);
      expect(res.body).toMatchObject({ id: u.id, username: u.username, role: 'BUYER', active: true, mustChangePassword: false, language: 'ar' });
      expect(await row(u.id)).toMatchObject({ language: 'ar', role: 'BUYER', username: u.username });
      expect(Boolean((await row(u.id)).mustChangePassword)).toBe(false);
      expect((await agent.get('/api/user')).body.language).toBe('ar');
      expect((await t.anon().post('/api/login').send({ username: u.username, password: PASSWORD })).body.language).toBe('ar');

      expect((await agent.patch('/api/user').send({ language: 'en' })).body.language).toBe('en');
      expect((await agent.patch('/api/user').send({})).body.language).toBe('en');
      const cleared = await agent.patch('/api/user').send({ language: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body.language).toBeNull();
      expect((await row(u.id)).language).toBeNull();
    });

    it('refuses any other language with 400 errors.language, changing nothing; open to pending users, not to visitors', async () => {
      const u = await t.user({ role: 'SHIPPER', companyId: w.companyA.id });
      const agent = await t.signedIn(u.username);
      await agent.patch('/api/user').send({ language: 'en' });
      for (const language of ['fr', 'AR', 'english', '', 5, true, ['ar']]) {
        const res = await agent.patch('/api/user').send({ language });
        expectError(res, 400, 'validation.failed');
        expect(res.body.errors, JSON.stringify(language)).toEqual({ language: 'must be one of en, ar, or null' });
      }
      expect((await row(u.id)).language).toBe('en');

      const pending = await t.signedIn((await t.user({ role: null, pendingApproval: true })).username);
      expect((await pending.patch('/api/user').send({ language: 'ar' })).body).toMatchObject({ language: 'ar', pendingApproval: true });
      expectError(await t.anon().patch('/api/user').send({ language: 'ar' }), 401, 'auth.required');
      expectError(await t.anon().put('/api/user').send({ language: 'ar' }), 405, 'request.methodNotAllowed');
    });
    it('stores the theme preference on the account only: system by default, light, dark or system, read by GET and the next sign-in', async () => {
      const u = await t.user({ role: 'BUYER', companyId: w.companyA.id });
      const other = await t.user({ role: 'SHIPPER', companyId: w.companyA.id });
      const agent = await t.signedIn(u.username);
      const otherAgent = await t.signedIn(other.username);
      expect((await agent.get('/api/user')).body.theme).toBe('system');

      const dark = await agent.patch('/api/user').send({ theme: 'dark' });
      expect(dark.status).toBe(200);
      expect(Object.keys(dark.body).sort()).toEqual(CURRENT_USER_KEYS);
      expect(dark.body).toMatchObject({ id: u.id, theme: 'dark', language: null });
      expect((await row(u.id)).theme).toBe('dark');
      expect((await agent.get('/api/user')).body.theme).toBe('dark');
      expect((await t.anon().post('/api/login').send({ username: u.username, password: PASSWORD })).body.theme).toBe('dark');
      // Another user's choice is theirs alone, both ways.
      expect((await otherAgent.get('/api/user')).body.theme).toBe('system');
      expect((await otherAgent.patch('/api/user').send({ theme: 'light' })).body.theme).toBe('light');
      expect((await agent.get('/api/user')).body.theme).toBe('dark');
      expect((await row(other.id)).theme).toBe('light');

      // Language and theme are set apart, or together.
      expect((await agent.patch('/api/user').send({ language: 'ar' })).body).toMatchObject({ language: 'ar', theme: 'dark' });
      expect((await agent.patch('/api/user').send({ theme: 'system', language: 'en' })).body).toMatchObject({ language: 'en', theme: 'system' });
      expect(await row(u.id)).toMatchObject({ theme: 'system', language: 'en' });
    });

    it('refuses any other theme with 400 and a message, changing nothing', async () => {
      const u = await t.user({ role: 'SHIPPER', companyId: w.companyA.id });
      const agent = await t.signedIn(u.username);
      await agent.patch('/api/user').send({ theme: 'dark', language: 'ar' });
      for (const theme of ['sepia', 'Dark', 'auto', '', null, 5, true, ['dark']]) {
        const res = await agent.patch('/api/user').send({ theme, language: 'en' });
        expectError(res, 400, 'validation.failed');
        expect(res.body.errors, JSON.stringify(theme)).toEqual({ theme: 'must be one of light, dark, system' });
      }
      expect(await row(u.id)).toMatchObject({ theme: 'dark', language: 'ar' });
      expectError(await t.anon().patch('/api/user').send({ theme: 'dark' }), 401, 'auth.required');
    });
  });

  describe('the first super admin', () => {
    it('must change a generated password at the first sign-in, never one given in ADMIN_PASSWORD', async () => {
      for (const [given, mustChange] of [[undefined, true], ['a strong first password', false]] as const) {
        const database = await createTestDatabase(engine);
        const db = createDb(database.url);
        try {
          await db.migrate.latest();
          const first = await seedFirstSuperAdmin(db, { username: ' Owner@Example.com ', password: given });
          expect(first.created).toBe(true);
          expect(first.password === null).toBe(!mustChange);
          const owner = await db('users').where({ username: 'owner@example.com' }).first();
          expect(owner).toMatchObject({ role: 'SUPER_ADMIN' });
          expect(Boolean(owner.mustChangePassword)).toBe(mustChange);
          expect(await verifyPassword(given ?? first.password!, owner.passwordHash)).toBe(true);
          // Its creation is in the record of events, by no one (the server's start), without a secret.
          const events = await db('audit_events').where({ entity: 'users', entityId: owner.id });
          expect(events).toHaveLength(1);
          expect(events[0]).toMatchObject({ action: 'create', userId: null, ip: null, companyId: null });
          expect(JSON.parse(events[0].changes)).toMatchObject({ username: { from: null, to: 'owner@example.com' }, role: { from: null, to: 'SUPER_ADMIN' } });
          for (const secret of [given ?? first.password!, owner.passwordHash]) expect(JSON.stringify(events)).not.toContain(secret);
          // A second start finds it and changes nothing.
          expect(await seedFirstSuperAdmin(db, { username: 'owner@example.com' })).toEqual({ created: false, password: null });
          expect(await db('users').where({ username: 'owner@example.com' }).first()).toEqual(owner);
        } finally {
          await closeDb(db);
          await database.drop();
        }
      }
    });

    it('clears the flag of an account it promotes with ADMIN_PASSWORD', async () => {
      const database = await createTestDatabase(engine);
      const db = createDb(database.url);
      try {
        await db.migrate.latest();
        await db('users').insert({ username: 'owner@example.com', passwordHash: 'x', role: 'BUYER', companyId: null, active: true, pendingApproval: false, mustChangePassword: true, createdAt: new Date().toISOString() });
        await seedFirstSuperAdmin(db, { username: 'owner@example.com', password: 'a strong first password' });
        const owner = await db('users').where({ username: 'owner@example.com' }).first();
        expect(owner.role).toBe('SUPER_ADMIN');
        expect(Boolean(owner.mustChangePassword)).toBe(false);
        const [event] = await db('audit_events').where({ entity: 'users', entityId: owner.id });
        expect(event).toMatchObject({ action: 'update', userId: null });
        expect(JSON.parse(event.changes)).toMatchObject({ role: { from: 'BUYER', to: 'SUPER_ADMIN' }, password: { from: '[redacted]', to: '[redacted]' }, mustChangePassword: { from: true, to: false } });
        expect(event.changes).not.toContain('a strong first password');
      } finally {
        await closeDb(db);
        await database.drop();
      }
    });
  });

  it(`${MIGRATION} adds mustChangePassword and language, and removes them again without touching data`, async () => {
    const database = await createTestDatabase(engine);
    const db = createDb(database.url);
    try {
      const [, pending] = await db.migrate.list();
      const names = (pending as (string | { file: string })[]).map((m) => (typeof m === 'string' ? m : m.file));
      const index = names.indexOf(MIGRATION);
      expect(index).toBeGreaterThan(0);
      for (let i = 0; i < index; i++) await db.migrate.up();
      expect(await db.schema.hasColumn('users', 'mustChangePassword')).toBe(false);

      const now = new Date().toISOString();
      const [companyId] = await db('companies').insert({ name: 'Old', code: 'OLD', active: true, createdAt: now });
      const [shipperId] = await db('users').insert({ username: 'shipper@example.com', passwordHash: 'x', role: 'SHIPPER', companyId, active: true, pendingApproval: false, createdAt: now });
      const [buyerId] = await db('users').insert({ username: 'buyer@example.com', passwordHash: 'y', role: 'BUYER', companyId, active: true, pendingApproval: false, createdAt: now });
      const [vehicleId] = await db('vehicles').insert({ vin: '1HGCM82633A004352', companyId, shipperId, buyerId, status: 'NEW_PURCHASE', createdAt: now });
      await databaseSessionStore(db).set('a-session-key', { userId: Number(buyerId) }, 60_000);

      await db.migrate.up({ name: MIGRATION });
      const buyer = await db('users').where({ id: buyerId }).first();
      expect(buyer).toMatchObject({ username: 'buyer@example.com', language: null });
      expect(Boolean(buyer.mustChangePassword)).toBe(false);
      await expect(db('users').where({ id: buyerId }).update({ mustChangePassword: null })).rejects.toThrow();
      await db('users').where({ id: buyerId }).update({ language: 'ar', mustChangePassword: true });
      if (engine === 'mysql') {
        const [columns] = await db.raw("select column_name as name, column_type as type, is_nullable as nullable, column_default as dflt, character_set_name as charset from information_schema.columns where table_schema = database() and table_name = 'users' and column_name in ('mustChangePassword', 'language')");
        const byName = Object.fromEntries((columns as { name: string }[]).map((c) => [c.name, c]));
        expect(byName.mustChangePassword).toMatchObject({ type: 'tinyint(1)', nullable: 'NO', dflt: '0' });
        expect(byName.language).toMatchObject({ type: 'varchar(2)', nullable: 'YES', charset: 'utf8mb4' });
      }

      await db.migrate.down({ name: MIGRATION });
      expect(await db.schema.hasColumn('users', 'mustChangePassword')).toBe(false);
      expect(await db.schema.hasColumn('users', 'language')).toBe(false);
      // Nothing that points at a user went with the columns (a rebuilt SQLite table would clear it).
      expect(await db('vehicles').where({ id: vehicleId }).first()).toMatchObject({ shipperId: Number(shipperId), buyerId: Number(buyerId) });
      expect(await countRows(db, 'sessions', { userId: buyerId })).toBe(1);
      expect(await countRows(db, 'users', { companyId })).toBe(2);

      await db.migrate.latest();
      expect(Boolean((await db('users').where({ id: buyerId }).first()).mustChangePassword)).toBe(false);
    } finally {
      await closeDb(db);
      await database.drop();
    }
  });

  it('20261201000400_user_theme gives every user the system theme, completes after stopping halfway, and undoes cleanly', async () => {
    const THEME_MIGRATION = '20261201000400_user_theme';
    const database = await createTestDatabase(engine);
    const db = createDb(database.url);
    try {
      for (const name of MIGRATION_NAMES.slice(0, MIGRATION_NAMES.indexOf(THEME_MIGRATION))) await db.migrate.up({ name });
      const now = new Date().toISOString();
      const [id] = await db('users').insert({ username: 'old@example.com', passwordHash: 'x', role: 'BUYER', active: true, pendingApproval: false, createdAt: now, language: 'ar' });
      // A run that added the column and stopped before knex recorded it: the next start runs it again.
      await migrationNamed(THEME_MIGRATION)!.up(db);
      const [, done] = await db.migrate.up({ name: THEME_MIGRATION });
      expect(done).toEqual([THEME_MIGRATION]);
      expect(await db('users').where({ id }).first()).toMatchObject({ theme: 'system', language: 'ar' });
      await expect(db('users').where({ id }).update({ theme: null })).rejects.toThrow();
      if (engine === 'mysql') {
        const [columns] = await db.raw("select column_type as type, is_nullable as nullable, column_default as dflt, character_set_name as charset from information_schema.columns where table_schema = database() and table_name = 'users' and column_name = 'theme'");
        expect((columns as unknown[])[0]).toMatchObject({ type: 'varchar(6)', nullable: 'NO', charset: 'utf8mb4' });
      }
      await db.migrate.down({ name: THEME_MIGRATION });
      expect(await db.schema.hasColumn('users', 'theme')).toBe(false);
      expect(await db('users').where({ id }).first()).toMatchObject({ username: 'old@example.com', language: 'ar' });
    } finally {
      await closeDb(db);
      await database.drop();
    }
  });
});
