import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryCodeOf, up as portCountryCodes } from '../../migrations/20261126000100_port_country_codes';
import { invoiceContainers } from '../src/resources/invoices/contents';
import { ENGINES } from './support/engines';
import { expectError } from './support/lists';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';

/**
 * Master data edits (SPEC.md §6: companies and users are the super administrator's): renaming,
 * deactivating and reactivating companies, what that does to their people's sign-in and sessions,
 * deactivating and moving users, explicit approval roles, and ports' countries as ISO codes.
 */
describe.each(ENGINES)('master data on %s', (engine) => {
  let t: TestApp;
  let w: World;
  const companyRow = (id: number) => t.db('companies').where({ id }).first();
  const userRow = (id: number) => t.db('users').where({ id }).first();
  const allRows = async (table: string) => t.db(table).orderBy('id');

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
  });
  afterAll(() => t.close());

  describe('companies', () => {
    it('renames a company, and only that company', async () => {
      const company = await t.company({ name: 'Old Name Motors' });
      const others = (await allRows('companies')).filter((c) => c.id !== company.id);
      const res = await w.clients.SUPER_ADMIN.patch(`/api/companies/${company.id}`).send({ name: '  New Name Motors ' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: company.id, name: 'New Name Motors', code: company.code, active: true });
      expect(await companyRow(company.id)).toMatchObject({ name: 'New Name Motors', code: company.code });
      expect((await allRows('companies')).filter((c) => c.id !== company.id)).toEqual(others);
    });

    it("deactivates a company: its users cannot sign in, and signed-in ones are refused on their next request with the company's reason", async () => {
      const company = await t.company();
      const shipper = await t.user({ role: 'SHIPPER', companyId: company.id });
      const agent = await t.signedIn(shipper.username);
      expect((await agent.get('/api/vehicles')).status).toBe(200);
      const otherAgent = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: w.companyB.id })).username);

      const res = await w.clients.SUPER_ADMIN.patch(`/api/companies/${company.id}`).send({ active: false });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: company.id, active: false });
      expect(Boolean((await companyRow(company.id)).active)).toBe(false);

      for (const request of [agent.get('/api/vehicles'), agent.get('/api/user'), agent.post('/api/vehicles').send({ vin: '1HGCM82633A004352' })]) {
        const refused = await request;
        expectError(refused, 401, 'auth.companyInactive');
        expect(refused.body.message).toBe('Your company is inactive. Please contact your administrator.');
      }
      // Sign-in answers as for a wrong password (it never confirms one), like an inactive account.
      const signIn = await t.anon().post('/api/login').send({ username: shipper.username, password: PASSWORD });
      expectError(signIn, 401, 'auth.invalidCredentials');
      expect(signIn.headers['set-cookie']).toBeUndefined();
      // Another company's people go on working.
      expect((await otherAgent.get('/api/vehicles')).status).toBe(200);
      expect((await w.clients.SHIPPER.get('/api/vehicles')).status).toBe(200);

      const back = await w.clients.SUPER_ADMIN.put(`/api/companies/${company.id}`).send({ active: true });
      expect(back.status).toBe(200);
      expect(back.body.active).toBe(true);
      // The session was kept: it works again, and so does signing in.
      expect((await agent.get('/api/vehicles')).status).toBe(200);
      expect((await t.anon().post('/api/login').send({ username: shipper.username, password: PASSWORD })).status).toBe(200);
    });

    it('keeps a super admin (no company) working whatever companies are deactivated', async () => {
      const company = await t.company();
      await w.clients.SUPER_ADMIN.patch(`/api/companies/${company.id}`).send({ active: false });
      expect((await w.clients.SUPER_ADMIN.get('/api/companies')).status).toBe(200);
      const again = await t.signedIn(w.superAdmin.username);
      expect((await again.get('/api/user')).status).toBe(200);
    });

    it('refuses bad names and statuses with 400 and a message, changing nothing', async () => {
      const before = await allRows('companies');
      for (const body of [{ name: '' }, { name: '   ' }, { name: 'N'.repeat(201) }, { active: 'no' }, { active: null }, { name: 7 }]) {
        const res = await w.clients.SUPER_ADMIN.patch(`/api/companies/${w.companyA.id}`).send(body);
        expectError(res, 400, 'validation.failed');
        expect(res.body.message.length, JSON.stringify(body)).toBeGreaterThan(0);
        expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual(Object.keys(body));
      }
      expect(await allRows('companies')).toEqual(before);
    });

    it('keeps renaming and deactivating from a company admin and everyone else: 403, nothing changes', async () => {
      const before = await allRows('companies');
      for (const actor of ['COMPANY_ADMIN', 'SHIPPER', 'BUYER'] as const) {
        for (const body of [{ name: 'Taken over' }, { active: false }]) {
          expectError(await w.clients[actor].patch(`/api/companies/${w.companyA.id}`).send(body), 403);
          expectError(await w.clients[actor].patch(`/api/companies/${w.companyB.id}`).send(body), 403);
        }
      }
      expect(await allRows('companies')).toEqual(before);
    });
  });

  describe('users', () => {
    it('deactivates and reactivates a user, who is refused meanwhile; others are untouched', async () => {
      const user = await t.user({ role: 'SHIPPER', companyId: w.companyA.id });
      const agent = await t.signedIn(user.username);
      const others = (await allRows('users')).filter((u) => u.id !== user.id);

      const off = await w.clients.SUPER_ADMIN.patch(`/api/users/${user.id}`).send({ active: false });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ id: user.id, active: false, companyId: w.companyA.id, companyName: w.companyA.name });
      expect(Boolean((await userRow(user.id)).active)).toBe(false);
      expectError(await agent.get('/api/vehicles'), 401, 'auth.required');
      expectError(await t.anon().post('/api/login').send({ username: user.username, password: PASSWORD }), 401, 'auth.invalidCredentials');

      const on = await w.clients.SUPER_ADMIN.patch(`/api/users/${user.id}`).send({ active: true });
      expect(on.status).toBe(200);
      expect(on.body.active).toBe(true);
      expect((await agent.get('/api/vehicles')).status).toBe(200);
      expect((await allRows('users')).filter((u) => u.id !== user.id)).toEqual(others);
    });

    it("moves a user to another company: the user then sees that company's data, not the old one's", async () => {
      const user = await t.user({ role: 'COMPANY_ADMIN', companyId: w.companyA.id });
      const agent = await t.signedIn(user.username);
      const own = async () => (await agent.get('/api/companies')).body.map((c: { id: number }) => c.id);
      expect(await own()).toEqual([w.companyA.id]);

      const res = await w.clients.SUPER_ADMIN.patch(`/api/users/${user.id}`).send({ companyId: w.companyB.id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, role: 'COMPANY_ADMIN', companyId: w.companyB.id, companyName: w.companyB.name });
      expect((await userRow(user.id)).companyId).toBe(w.companyB.id);
      expect(await own()).toEqual([w.companyB.id]);
      expectError(await agent.get(`/api/companies/${w.companyA.id}`), 404, 'notFound');
    });

    it('refuses moves and statuses that cannot be, with 400 and a message, changing nothing', async () => {
      const before = await allRows('users');
      const cases: [Record<string, unknown>, string][] = [
        [{ companyId: 999999 }, 'companyId'],
        [{ companyId: 'B' }, 'companyId'],
        [{ companyId: null }, 'companyId'], // a shipper needs a company
        [{ active: 'false' }, 'active'],
      ];
      for (const [body, field] of cases) {
        const res = await w.clients.SUPER_ADMIN.patch(`/api/users/${w.shipper.id}`).send(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.message.length).toBeGreaterThan(0);
        expect(res.body.errors).toHaveProperty(field);
      }
      expect(await allRows('users')).toEqual(before);
    });

    it('never deactivates a super admin nor lets anyone deactivate their own account: 403, nothing changes', async () => {
      const other = await t.user({ role: 'SUPER_ADMIN' });
      const before = await allRows('users');
      const protectedRes = await w.clients.SUPER_ADMIN.patch(`/api/users/${other.id}`).send({ active: false });
      expectError(protectedRes, 403, 'users.superAdminProtected');
      expect(protectedRes.body.message).toBe('A super administrator cannot be deactivated');
      const self = await w.clients.SUPER_ADMIN.patch(`/api/users/${w.superAdmin.id}`).send({ active: false });
      expectError(self, 403, 'users.superAdminProtected');
      expect(await allRows('users')).toEqual(before);
    });

    it('keeps deactivating and moving from a company admin: 403, nothing changes', async () => {
      const before = await allRows('users');
      for (const body of [{ active: false }, { companyId: w.companyB.id }]) {
        expectError(await w.clients.COMPANY_ADMIN.patch(`/api/users/${w.shipper.id}`).send(body), 403);
      }
      expect(await allRows('users')).toEqual(before);
    });

    it('approves a registration as company admin when that role is chosen', async () => {
      const pending = await t.user({ role: null, pendingApproval: true });
      const agent = await t.signedIn(pending.username);
      const res = await w.clients.SUPER_ADMIN.patch(`/api/users/${pending.id}`).send({ role: 'COMPANY_ADMIN', companyId: w.companyB.id, pendingApproval: false, active: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ role: 'COMPANY_ADMIN', companyId: w.companyB.id, pendingApproval: false, active: true });
      expect(await userRow(pending.id)).toMatchObject({ role: 'COMPANY_ADMIN', companyId: w.companyB.id });
      expect((await agent.get('/api/users')).status).toBe(200);
    });

    it('refuses an approval without a role with 400, leaving the user pending', async () => {
      const pending = await t.user({ role: null, pendingApproval: true });
      const res = await w.clients.SUPER_ADMIN.patch(`/api/users/${pending.id}`).send({ companyId: w.companyA.id, pendingApproval: false, active: true });
      expectError(res, 400, 'validation.failed');
      expect(res.body.errors).toEqual({ role: 'is required to approve' });
      expect(await userRow(pending.id)).toMatchObject({ role: null, companyId: null });
      expect(Boolean((await userRow(pending.id)).pendingApproval)).toBe(true);
    });
  });

  describe('port countries', () => {
    it('maps typed countries to ISO codes in the migration, and keeps what it cannot tell', async () => {
      const now = new Date().toISOString();
      const typed: [string, string][] = [
        ['Saudi Arabia', 'SA'], ['KSA', 'SA'], ['sa', 'SA'], ['Kingdom of Saudi Arabia', 'SA'], ['المملكة العربية السعودية', 'SA'],
        ['United Arab Emirates', 'AE'], ['UAE', 'AE'], ['U.A.E.', 'AE'], ['USA', 'US'], ['United States', 'US'], ['united states of america', 'US'],
        ['Oman', 'OM'], ['Qatar', 'QA'], ['Kuwait', 'KW'], ['Bahrain', 'BH'], ['Jordan', 'JO'], ['Iraq', 'IQ'], ['Canada', 'CA'],
        ['Germany', 'DE'], ['Japan', 'JP'], ['China', 'CN'], ['South Korea', 'KR'], ['Korea', 'KR'], [' the Netherlands ', 'NL'], ['UK', 'GB'],
        ['Atlantis', 'Atlantis'], ['Gulf', 'Gulf'], ['', ''],
      ];
      const ids: number[] = [];
      for (const [country] of typed) {
        ids.push(Number((await t.db('ports').insert({ name: `Typed ${country}`, nameAr: 'ميناء', country, createdAt: now }))[0]));
      }
      await portCountryCodes(t.db);
      const stored = await t.db('ports').whereIn('id', ids).orderBy('id').select('country');
      expect(stored.map((r) => r.country)).toEqual(typed.map(([, code]) => code));
      expect(countryCodeOf('Atlantis')).toBeUndefined();

      const atlantis = await w.clients.SHIPPER.get(`/api/ports/${ids[typed.findIndex(([c]) => c === 'Atlantis')]}`);
      expect(atlantis.body).toMatchObject({ country: 'Atlantis', countryIsCode: false });
      const saudi = await w.clients.SHIPPER.get(`/api/ports/${ids[0]}`);
      expect(saudi.body).toMatchObject({ country: 'SA', countryIsCode: true });
    });

    it('prints a code as the country named in English, and in Arabic on the Arabic line; typed text as it is', async () => {
      const now = new Date().toISOString();
      const insert = async (table: string, row: Record<string, unknown>) => Number((await t.db(table).insert({ ...row, createdAt: now }))[0]);
      const jeddah = await insert('ports', { name: 'Jeddah', nameAr: 'جدة', country: 'SA' });
      const typed = await insert('ports', { name: 'Savannah', nameAr: 'سافانا', country: 'Georgia, USA' });
      const container = await insert('containers', { number: 'TGHU1234567', companyId: w.companyA.id, fromPortId: typed, toPortId: jeddah });
      const [printed] = await invoiceContainers(t.db, [container]);
      expect(printed.fromPort).toEqual({ name: 'Savannah, Georgia, USA', nameAr: 'سافانا' });
      expect(printed.toPort).toEqual({ name: 'Jeddah, Saudi Arabia', nameAr: 'جدة، المملكة العربية السعودية' });
    });
  });
});
