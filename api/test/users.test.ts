import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { NO_PASSWORD, contentRange, countRows, expectError, getList, ids } from './support/lists';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';

const NEW_PASSWORD = 'a brand new passphrase';

describe.each(ENGINES)('users on %s', (engine) => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
  });
  afterAll(() => t.close());

  const row = (id: number) => t.db('users').where({ id }).first();
  const canSignIn = async (username: string, password: string) => (await t.anon().post('/api/login').send({ username, password })).status === 200;

  describe('scope', () => {
    it('lists every user for a super admin, with the company name and never a password', async () => {
      const res = await w.clients.SUPER_ADMIN.get('/api/users');
      expect(res.status).toBe(200);
      const total = await countRows(t.db, 'users');
      expect(res.body).toHaveLength(total);
      expect(contentRange(res)).toMatchObject({ resource: 'users', total });
      const byId = new Map(res.body.map((u: { id: number }) => [u.id, u]));
      expect(byId.get(w.shipper.id)).toEqual({
        id: w.shipper.id,
        username: w.shipper.username,
        role: 'SHIPPER',
        companyId: w.companyA.id,
        companyName: w.companyA.name,
        active: true,
        pendingApproval: false,
        mustChangePassword: false,
        createdAt: expect.any(String),
      });
      expect(byId.get(w.buyerB.id)).toMatchObject({ companyId: w.companyB.id, companyName: w.companyB.name });
      expect(byId.get(w.pending.id)).toMatchObject({ role: null, companyId: null, companyName: null, pendingApproval: true });
      expect(JSON.stringify(res.body)).not.toMatch(NO_PASSWORD);
      const one = await w.clients.SUPER_ADMIN.get(`/api/users/${w.adminB.id}`);
      expect(one.body).toMatchObject({ id: w.adminB.id, role: 'COMPANY_ADMIN', companyName: w.companyB.name });
      expect(JSON.stringify(one.body)).not.toMatch(NO_PASSWORD);
    });

    it("shows a company admin only its own company's users", async () => {
      const ca = w.clients.COMPANY_ADMIN;
      const res = await ca.get('/api/users');
      expect(res.status).toBe(200);
      const own = (await t.db('users').where({ companyId: w.companyA.id }).select('id')).map((u) => u.id);
      expect(ids(res).sort((a, b) => a - b)).toEqual(own.sort((a, b) => a - b));
      expect(contentRange(res).total).toBe(own.length);
      expect(res.body.every((u: { companyName: string }) => u.companyName === w.companyA.name)).toBe(true);
      // Filters and getMany stay inside the company.
      expect((await getList(ca, '/api/users', { filter: { companyId: w.companyB.id } })).body).toEqual([]);
      expect(ids(await getList(ca, '/api/users', { filter: { id: [w.buyer.id, w.buyerB.id, w.superAdmin.id] } }))).toEqual([w.buyer.id]);
      expect((await ca.get(`/api/users/${w.buyer.id}`)).status).toBe(200);
      for (const id of [w.buyerB.id, w.superAdmin.id, w.pending.id]) expectError(await ca.get(`/api/users/${id}`), 404, 'notFound');
    });

    it('lets a company admin read only: every write is 403 and changes nothing', async () => {
      const ca = w.clients.COMPANY_ADMIN;
      const before = await t.db('users').orderBy('id');
      for (const request of [
        ca.post('/api/users').send({ username: 'new.hire@example.com', password: PASSWORD, role: 'SHIPPER', companyId: w.companyA.id }),
        ca.patch(`/api/users/${w.buyer.id}`).send({ role: 'SHIPPER' }),
        ca.put(`/api/users/${w.buyer.id}`).send({ active: false }),
        ca.patch(`/api/users/${w.companyAdmin.id}`).send({ password: NEW_PASSWORD }),
        ca.post(`/api/users/${w.buyer.id}/role`).send({ role: 'SHIPPER' }),
        ca.delete(`/api/users/${w.buyer.id}`),
        ca.patch(`/api/users/${w.pending.id}`).send({ role: 'BUYER', companyId: w.companyA.id, pendingApproval: false }),
      ]) {
        expectError(await request, 403, 'auth.forbidden');
      }
      expect(await t.db('users').orderBy('id')).toEqual(before);
    });

    it('keeps users from shippers, buyers, pending users and visitors', async () => {
      for (const actor of ['SHIPPER', 'BUYER', 'pending'] as const) {
        expectError(await w.clients[actor].get('/api/users'), 403);
        expectError(await w.clients[actor].get(`/api/users/${w.buyer.id}`), 403);
        expectError(await w.clients[actor].post(`/api/users/${w.buyer.id}/role`).send({ role: 'COMPANY_ADMIN' }), 403);
      }
      expectError(await w.clients.anonymous.get('/api/users'), 401, 'auth.required');
      expect((await row(w.buyer.id)).role).toBe('BUYER');
    });
  });

  describe('create', () => {
    it('creates an approved, active user by default who can sign in', async () => {
      const res = await w.clients.SUPER_ADMIN.post('/api/users').send({ username: '  New.Shipper@Example.com ', password: PASSWORD, role: 'SHIPPER', companyId: w.companyA.id });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        username: 'new.shipper@example.com',
        role: 'SHIPPER',
        companyId: w.companyA.id,
        companyName: w.companyA.name,
        active: true,
        pendingApproval: false,
        // The password is the administrator's: the user replaces it at the first sign-in.
        mustChangePassword: true,
        createdAt: expect.any(String),
      });
      expect(await canSignIn('new.shipper@example.com', PASSWORD)).toBe(true);
    });

    it('stores the flags it is given, and a super admin needs no company', async () => {
      const res = await w.clients.SUPER_ADMIN.post('/api/users').send({ username: 'later@example.com', password: PASSWORD, role: 'BUYER', companyId: w.companyB.id, active: false, pendingApproval: true });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ active: false, pendingApproval: true });
      const stored = await row(res.body.id);
      expect(Boolean(stored.active)).toBe(false);
      expect(Boolean(stored.pendingApproval)).toBe(true);
      const sa = await w.clients.SUPER_ADMIN.post('/api/users').send({ username: 'second.root@example.com', password: PASSWORD, role: 'SUPER_ADMIN' });
      expect(sa.status).toBe(201);
      expect(sa.body).toMatchObject({ role: 'SUPER_ADMIN', companyId: null, companyName: null });
    });

    it('refuses a duplicate username with 409, whatever its case', async () => {
      const before = await countRows(t.db, 'users');
      const res = await w.clients.SUPER_ADMIN.post('/api/users').send({ username: w.buyer.username.toUpperCase(), password: PASSWORD, role: 'BUYER', companyId: w.companyA.id });
      expectError(res, 409, 'conflict.duplicate');
      expect(res.body.message).toBe('Username already exists');
      expect(await countRows(t.db, 'users')).toBe(before);
    });

    it('refuses unknown roles, missing companies, unknown companies and bad fields with 400', async () => {
      const sa = w.clients.SUPER_ADMIN;
      const before = await countRows(t.db, 'users');
      const base = { username: 'refused@example.com', password: PASSWORD, companyId: w.companyA.id };
      for (const role of ['ADMIN', 'super_admin', 'Shipper', '', null, 42]) {
        const res = await sa.post('/api/users').send({ ...base, role });
        expectError(res, 400, 'validation.failed');
        expect(res.body.errors).toHaveProperty('role');
      }
      expectError(await sa.post('/api/users').send(base), 400, 'validation.failed');
      for (const role of ['COMPANY_ADMIN', 'SHIPPER', 'BUYER']) {
        for (const body of [{ ...base, role, companyId: undefined }, { ...base, role, companyId: null }]) {
          const res = await sa.post('/api/users').send(body);
          expectError(res, 400, 'users.companyRequired');
          expect(res.body.errors).toHaveProperty('companyId');
        }
      }
      const unknownCompany = await sa.post('/api/users').send({ ...base, role: 'BUYER', companyId: 999999 });
      expectError(unknownCompany, 400);
      expect(unknownCompany.body.errors).toHaveProperty('companyId');
      for (const [body, field] of [
        [{ ...base, role: 'BUYER', username: 'not-an-email' }, 'username'],
        [{ ...base, role: 'BUYER', password: 'short' }, 'password'],
        [{ ...base, role: 'BUYER', password: undefined }, 'password'],
        [{ ...base, role: 'BUYER', companyId: 'one' }, 'companyId'],
        [{ ...base, role: 'BUYER', companyId: -3 }, 'companyId'],
        [{ ...base, role: 'BUYER', active: 'yes' }, 'active'],
      ] as const) {
        const res = await sa.post('/api/users').send(body);
        expectError(res, 400, 'validation.failed');
        expect(res.body.errors).toHaveProperty(field);
      }
      expect(await countRows(t.db, 'users')).toBe(before);
    });
  });

  describe('update and approval', () => {
    it('approves a pending user with a role and a company; the user works at once', async () => {
      const pending = await t.user({ role: null, pendingApproval: true });
      const agent = await t.signedIn(pending.username);
      expectError(await agent.get('/api/ports'), 403, 'auth.pendingApproval');
      const res = await w.clients.SUPER_ADMIN.patch(`/api/users/${pending.id}`).send({ role: 'SHIPPER', companyId: w.companyB.id, pendingApproval: false });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: pending.id, role: 'SHIPPER', companyId: w.companyB.id, companyName: w.companyB.name, pendingApproval: false, active: true });
      expect(await row(pending.id)).toMatchObject({ role: 'SHIPPER', companyId: w.companyB.id });
      expect((await agent.get('/api/ports')).status).toBe(200);
      // POST /role works too.
      const role = await w.clients.SUPER_ADMIN.post(`/api/users/${pending.id}/role`).send({ role: 'COMPANY_ADMIN' });
      expect(role.status).toBe(200);
      expect(role.body).toMatchObject({ id: pending.id, role: 'COMPANY_ADMIN', companyName: w.companyB.name });
      expect((await row(pending.id)).role).toBe('COMPANY_ADMIN');
      expect((await agent.get('/api/users')).status).toBe(200);
    });

    it('sets a new password as a reset: it signs in afterwards, must change it, and the old one no longer does', async () => {
      const u = await t.user({ role: 'BUYER', companyId: w.companyA.id });
      const res = await w.clients.SUPER_ADMIN.patch(`/api/users/${u.id}`).send({ password: NEW_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: u.id, mustChangePassword: true });
      expect(JSON.stringify(res.body)).not.toMatch(NO_PASSWORD);
      expect(await canSignIn(u.username, NEW_PASSWORD)).toBe(true);
      expect(await canSignIn(u.username, PASSWORD)).toBe(false);
      // A too-short password is refused and changes nothing.
      const before = await row(u.id);
      expectError(await w.clients.SUPER_ADMIN.put(`/api/users/${u.id}`).send({ password: 'short' }), 400, 'validation.failed');
      expect(await row(u.id)).toEqual(before);
      expect(await canSignIn(u.username, NEW_PASSWORD)).toBe(true);
    });

    it('changes flags with PUT and PATCH alike, and ignores username or hash in the body', async () => {
      const u = await t.user({ role: 'BUYER', companyId: w.companyA.id });
      const res = await w.clients.SUPER_ADMIN.put(`/api/users/${u.id}`).send({ active: false, username: 'hijack@example.com', passwordHash: 'scrypt$x', id: 1 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: u.id, username: u.username, active: false });
      expect(await row(u.id)).toMatchObject({ id: u.id, username: u.username });
      expect(Boolean((await row(u.id)).active)).toBe(false);
      expect(await countRows(t.db, 'users', { username: 'hijack@example.com' })).toBe(0);
      await w.clients.SUPER_ADMIN.patch(`/api/users/${u.id}`).send({ active: true });
      expect(await canSignIn(u.username, PASSWORD)).toBe(true);
    });

    it('refuses to approve without a role, to drop a needed company, or to name an unknown one', async () => {
      const sa = w.clients.SUPER_ADMIN;
      const pending = await t.user({ role: null, pendingApproval: true });
      const shipper = await t.user({ role: 'SHIPPER', companyId: w.companyA.id });
      const beforePending = await row(pending.id);
      const beforeShipper = await row(shipper.id);

      const noRole = await sa.patch(`/api/users/${pending.id}`).send({ pendingApproval: false });
      expectError(noRole, 400, 'validation.failed');
      expect(noRole.body.errors).toHaveProperty('role');
      expectError(await sa.patch(`/api/users/${pending.id}`).send({ role: 'BUYER', pendingApproval: false }), 400, 'users.companyRequired');
      expectError(await sa.post(`/api/users/${pending.id}/role`).send({ role: 'SHIPPER' }), 400, 'users.companyRequired');
      expectError(await sa.patch(`/api/users/${shipper.id}`).send({ companyId: null }), 400, 'users.companyRequired');
      expectError(await sa.patch(`/api/users/${shipper.id}`).send({ companyId: 999999 }), 400);
      expectError(await sa.patch(`/api/users/${shipper.id}`).send({ role: 'OWNER' }), 400, 'validation.failed');
      expectError(await sa.patch(`/api/users/${shipper.id}`).send({ pendingApproval: 'no' }), 400, 'validation.failed');

      expect(await row(pending.id)).toEqual(beforePending);
      expect(await row(shipper.id)).toEqual(beforeShipper);
    });

    it('refuses an unknown or missing role on POST /users/{id}/role', async () => {
      const u = await t.user({ role: 'BUYER', companyId: w.companyA.id });
      const before = await row(u.id);
      for (const body of [{ role: 'OWNER' }, { role: 'buyer' }, { role: null }, {}, { roles: ['SHIPPER'] }]) {
        const res = await w.clients.SUPER_ADMIN.post(`/api/users/${u.id}/role`).send(body);
        expectError(res, 400, 'validation.failed');
        expect(res.body.errors).toHaveProperty('role');
      }
      expect(await row(u.id)).toEqual(before);
      expectError(await w.clients.SUPER_ADMIN.post('/api/users/999999/role').send({ role: 'SHIPPER' }), 404, 'notFound');
    });
  });

  describe('protections', () => {
    it('never deletes a super admin nor changes its role, and says why', async () => {
      const sa = w.clients.SUPER_ADMIN;
      const other = await t.user({ role: 'SUPER_ADMIN' });
      const before = await row(other.id);
      const deleted = await sa.delete(`/api/users/${other.id}`);
      expectError(deleted, 403, 'users.superAdminProtected');
      expect(deleted.body.message).toBe('A super administrator cannot be deleted');
      for (const request of [
        sa.patch(`/api/users/${other.id}`).send({ role: 'COMPANY_ADMIN', companyId: w.companyA.id }),
        sa.put(`/api/users/${other.id}`).send({ role: 'BUYER', companyId: w.companyA.id }),
        sa.post(`/api/users/${other.id}/role`).send({ role: 'SHIPPER' }),
      ]) {
        const res = await request;
        expectError(res, 403, 'users.superAdminProtected');
        expect(res.body.message).toBe("A super administrator's role cannot be changed");
      }
      expect(await row(other.id)).toEqual(before);
      expect(await canSignIn(other.username, PASSWORD)).toBe(true);
      // Keeping the role as it is is not a change.
      expect((await sa.post(`/api/users/${other.id}/role`).send({ role: 'SUPER_ADMIN' })).status).toBe(200);
    });

    it('does not let a super admin delete itself or change its own role or company', async () => {
      const me = await t.user({ role: 'SUPER_ADMIN' });
      const agent = await t.signedIn(me.username);
      const before = await row(me.id);
      expectError(await agent.delete(`/api/users/${me.id}`), 403, 'users.superAdminProtected');
      const company = await agent.patch(`/api/users/${me.id}`).send({ companyId: w.companyA.id });
      expectError(company, 403, 'users.selfChange');
      expect(company.body.message).toBe('You cannot change your own role or company');
      for (const request of [agent.patch(`/api/users/${me.id}`).send({ role: 'BUYER', companyId: w.companyA.id }), agent.post(`/api/users/${me.id}/role`).send({ role: 'COMPANY_ADMIN' })]) {
        const res = await request;
        expectError(res, 403);
        expect(['users.selfChange', 'users.superAdminProtected']).toContain(res.body.code);
      }
      expect(await row(me.id)).toEqual(before);
      expect((await agent.get('/api/user')).body).toMatchObject({ role: 'SUPER_ADMIN', companyId: null });
      // Its own password is changed with the current one (POST /api/user/password), never reset here.
      expectError(await agent.patch(`/api/users/${me.id}`).send({ password: NEW_PASSWORD }), 403, 'auth.forbidden');
      expect(await row(me.id)).toEqual(before);
      expect(await canSignIn(me.username, NEW_PASSWORD)).toBe(false);
    });

    it("refuses to move a super admin's own company even with PUT, while another user's move works", async () => {
      const me = await t.user({ role: 'SUPER_ADMIN', companyId: w.companyB.id });
      const agent = await t.signedIn(me.username);
      expectError(await agent.put(`/api/users/${me.id}`).send({ companyId: null }), 403, 'users.selfChange');
      expect((await row(me.id)).companyId).toBe(w.companyB.id);
      const mover = await t.user({ role: 'BUYER', companyId: w.companyA.id });
      const moved = await agent.patch(`/api/users/${mover.id}`).send({ companyId: w.companyB.id });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ companyId: w.companyB.id, companyName: w.companyB.name });
    });
  });

  describe('delete', () => {
    it('deletes a user, answers the record, and ends its sessions', async () => {
      const u = await t.user({ role: 'SHIPPER', companyId: w.companyB.id });
      const agent = await t.signedIn(u.username);
      expect(await countRows(t.db, 'sessions', { userId: u.id })).toBe(1);
      const res = await w.clients.SUPER_ADMIN.delete(`/api/users/${u.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: u.id, username: u.username, role: 'SHIPPER', companyId: w.companyB.id });
      expect(JSON.stringify(res.body)).not.toMatch(NO_PASSWORD);
      expect(await countRows(t.db, 'users', { id: u.id })).toBe(0);
      expect(await countRows(t.db, 'sessions', { userId: u.id })).toBe(0);
      expectError(await agent.get('/api/user'), 401, 'auth.required');
      expectError(await w.clients.SUPER_ADMIN.delete(`/api/users/${u.id}`), 404, 'notFound');
    });
  });
});
