import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { contentRange, countRows, expectError, getList, ids } from './support/lists';
import { startTestApp, type TestApp } from './support/testApp';

/**
 * The list protocol of DESIGN.md §3 (ra-data-simple-rest): sort, range, filter and Content-Range,
 * with per-resource whitelists, on companies, users and ports.
 */

type CompanySeed = { name: string; code: string; active: boolean; createdAt: string };

// Names with LIKE wildcards and escape characters in them, and a run of plain ones for paging.
const SPECIAL_NAMES = ['Atlas Export', 'Baltic Autos', '100% Cars', '100 Cars', '50_50 Motors', '50x50 Motors', 'Wow! Motors', 'Wow Motors', 'Back\\slash Trading', 'Backslash Trading'];
const FLEET_NAMES = ['Fleet 07', 'Fleet 03', 'Fleet 11', 'Fleet 01', 'Fleet 09', 'Fleet 05', 'Fleet 02', 'Fleet 10', 'Fleet 04', 'Fleet 08', 'Fleet 06', 'Fleet 12'];
const COMPANIES: CompanySeed[] = [...SPECIAL_NAMES, ...FLEET_NAMES].map((name, i) => ({
  name,
  // Codes in reverse order of insertion, so sorting by code is not sorting by id.
  code: `C${String(50 - i).padStart(2, '0')}`,
  active: i % 3 !== 0,
  // One day apart, shuffled against ids too.
  createdAt: new Date(Date.UTC(2024, 0, 1 + ((i * 7) % 22), 12)).toISOString(),
}));
const TOTAL = COMPANIES.length;

describe.each(ENGINES)('list protocol on %s', (engine) => {
  let t: TestApp;
  let sa: supertest.Agent;
  let rows: (CompanySeed & { id: number })[];
  let atlasId: number;
  let balticId: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    rows = [];
    for (const c of COMPANIES) {
      const [id] = await t.db('companies').insert(c);
      rows.push({ ...c, id: Number(id) });
    }
    atlasId = rows.find((r) => r.name === 'Atlas Export')!.id;
    balticId = rows.find((r) => r.name === 'Baltic Autos')!.id;
    const admin = await t.user({ role: 'SUPER_ADMIN', username: 'root@example.com' });
    sa = await t.signedIn(admin.username);
    await t.user({ role: 'COMPANY_ADMIN', companyId: atlasId, username: 'amal@example.com' });
    await t.user({ role: 'SHIPPER', companyId: atlasId, username: 'badr@example.com' });
    await t.user({ role: 'BUYER', companyId: balticId, username: 'carim@example.com' });
    await t.user({ role: 'BUYER', companyId: balticId, username: 'dana@example.com', active: false });
    await t.user({ role: null, pendingApproval: true, username: 'eman.pending@example.com' });
    for (const [name, nameAr, country] of [
      ['Jebel Ali', 'جبل علي', 'United Arab Emirates'],
      ['Jeddah Islamic Port', 'ميناء جدة الإسلامي', 'Saudi Arabia'],
      ['Dammam', 'الدمام', 'Saudi Arabia'],
      ['Baltimore', 'بالتيمور', 'United States'],
      ['Newark', 'نيوارك', 'United States'],
    ]) {
      await t.db('ports').insert({ name, nameAr, country, companyId: null, createdAt: new Date().toISOString() });
    }
  });
  afterAll(() => t.close());

  describe('sort', () => {
    const byField = (field: keyof CompanySeed | 'id', order: 'ASC' | 'DESC') => {
      const sorted = [...rows].sort((a, b) => {
        const x = a[field];
        const y = b[field];
        const cmp = x < y ? -1 : x > y ? 1 : a.id - b.id; // ties broken by id, as the API does
        return order === 'ASC' ? cmp : -cmp;
      });
      return sorted.map((r) => r.id);
    };

    it('sorts companies by every whitelisted field, both ways, ties broken by id', async () => {
      for (const field of ['id', 'code', 'active', 'createdAt'] as const) {
        for (const order of ['ASC', 'DESC'] as const) {
          const res = await getList(sa, '/api/companies', { sort: [field, order] });
          expect(res.status, `${field} ${order}`).toBe(200);
          expect(ids(res), `${field} ${order}`).toEqual(byField(field, order));
        }
      }
      // Names: the engines' collations differ on punctuation, so compare the plain "Fleet NN" run
      // exactly and the whole list as the exact reverse of the other direction.
      const asc = await getList(sa, '/api/companies', { sort: ['name', 'ASC'] });
      const desc = await getList(sa, '/api/companies', { sort: ['name', 'DESC'] });
      expect(ids(asc)).toEqual([...ids(desc)].reverse());
      const fleet = await getList(sa, '/api/companies', { sort: ['name', 'ASC'], filter: { q: 'Fleet' } });
      expect(fleet.body.map((c: { name: string }) => c.name)).toEqual([...FLEET_NAMES].sort());
    });

    it('defaults to the newest company first', async () => {
      const res = await sa.get('/api/companies');
      expect(ids(res)).toEqual(byField('createdAt', 'DESC'));
    });

    it('sorts users and ports by every whitelisted field', async () => {
      for (const field of ['id', 'username', 'role', 'companyId', 'createdAt', 'companyName']) {
        const asc = await getList(sa, '/api/users', { sort: [field, 'ASC'] });
        const desc = await getList(sa, '/api/users', { sort: [field, 'DESC'] });
        expect(asc.status, field).toBe(200);
        expect(ids(asc), field).toHaveLength(6);
        expect(ids(asc), field).toEqual([...ids(desc)].reverse());
      }
      const byUsername = await getList(sa, '/api/users', { sort: ['username', 'ASC'] });
      expect(byUsername.body.map((u: { username: string }) => u.username)).toEqual([
        'amal@example.com',
        'badr@example.com',
        'carim@example.com',
        'dana@example.com',
        'eman.pending@example.com',
        'root@example.com',
      ]);
      const byCompany = await getList(sa, '/api/users', { sort: ['companyName', 'ASC'] });
      // No company sorts first on both engines, then Atlas before Baltic.
      expect(byCompany.body.map((u: { companyName: string | null }) => u.companyName)).toEqual([null, null, 'Atlas Export', 'Atlas Export', 'Baltic Autos', 'Baltic Autos']);

      for (const field of ['id', 'name', 'nameAr', 'country', 'createdAt']) {
        const asc = await getList(sa, '/api/ports', { sort: [field, 'ASC'] });
        const desc = await getList(sa, '/api/ports', { sort: [field, 'DESC'] });
        expect(asc.status, field).toBe(200);
        expect(ids(asc), field).toHaveLength(5);
        expect(ids(asc), field).toEqual([...ids(desc)].reverse());
      }
      const byName = await getList(sa, '/api/ports', { sort: ['name', 'ASC'] });
      expect(byName.body.map((p: { name: string }) => p.name)).toEqual(['Baltimore', 'Dammam', 'Jebel Ali', 'Jeddah Islamic Port', 'Newark']);
      // Ports default to name order.
      expect(ids(await sa.get('/api/ports'))).toEqual(ids(byName));
    });

    it('refuses an unknown field, a bad order, a hostile string or a malformed sort with a 400', async () => {
      for (const sort of [
        ['nope', 'ASC'],
        ['passwordHash', 'ASC'],
        ['name; drop table users', 'ASC'],
        ['name', 'UP'],
        ['name', 'ASC; drop table users'],
        ['name'],
        ['name', 'ASC', 'id'],
        [1, 'ASC'],
        'name',
        { field: 'name', order: 'ASC' },
      ]) {
        const res = await getList(sa, '/api/companies', { sort });
        expectError(res, 400, 'validation.failed');
        expect(res.body.message).toMatch(/sort/i);
      }
      // Users' whitelist does not reach into the password hash either.
      expectError(await getList(sa, '/api/users', { sort: ['passwordHash', 'ASC'] }), 400, 'validation.failed');
      expectError(await getList(sa, '/api/ports', { sort: ['companyId; select 1', 'ASC'] }), 400, 'validation.failed');
      // Nothing was dropped.
      expect(await countRows(t.db, 'users')).toBe(6);
      expect(await countRows(t.db, 'companies')).toBe(TOTAL);
    });
  });

  describe('range and Content-Range', () => {
    it('pages through a list, each page announced as "resource start-end/total"', async () => {
      const all = ids(await getList(sa, '/api/companies', { sort: ['id', 'ASC'] }));
      expect(all).toHaveLength(TOTAL);
      const seen: number[] = [];
      for (let start = 0; start < TOTAL; start += 5) {
        const res = await getList(sa, '/api/companies', { sort: ['id', 'ASC'], range: [start, start + 4] });
        expect(res.status).toBe(200);
        const end = Math.min(start + 4, TOTAL - 1);
        expect(res.headers['content-range']).toBe(`companies ${start}-${end}/${TOTAL}`);
        expect(ids(res)).toEqual(all.slice(start, end + 1));
        seen.push(...ids(res));
      }
      expect(seen).toEqual(all);
      expect((await getList(sa, '/api/users', { range: [0, 1] })).headers['content-range']).toBe('users 0-1/6');
      expect((await getList(sa, '/api/ports', { range: [0, 2] })).headers['content-range']).toBe('ports 0-2/5');
      // Content-Range is readable by the console (exposed header).
      const res = await getList(sa, '/api/companies', { range: [0, 0] });
      expect(res.headers['access-control-expose-headers']).toMatch(/Content-Range/i);
    });

    it('answers a range beyond the end with no rows and the true total', async () => {
      const res = await getList(sa, '/api/companies', { range: [100, 124] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(contentRange(res)).toMatchObject({ resource: 'companies', total: TOTAL });
      // A filter with no match: total 0.
      const none = await getList(sa, '/api/companies', { range: [0, 24], filter: { q: 'no such company' } });
      expect(none.body).toEqual([]);
      expect(contentRange(none).total).toBe(0);
    });

    it('refuses invalid ranges with a 400', async () => {
      for (const range of [[5, 2], [-1, 3], [0, -1], [0], [0, 1, 2], ['0', '9'], [0.5, 3], [0, 1e20], { start: 0, end: 9 }, '0-9', null]) {
        const res = await getList(sa, '/api/companies', { range });
        expectError(res, 400, 'validation.failed');
        expect(res.body.message).toMatch(/range/i);
      }
    });
  });

  describe('filter', () => {
    const names = (res: { body: { name: string }[] }) => res.body.map((c) => c.name).sort();

    it('searches with q: a case-insensitive substring of the searched columns', async () => {
      for (const q of ['atlas', 'ATLAS EXP', 'tlas ex', '  atlas  ']) {
        const res = await getList(sa, '/api/companies', { filter: { q } });
        expect(res.status).toBe(200);
        expect(names(res), q).toEqual(['Atlas Export']);
        expect(res.headers['content-range']).toBe('companies 0-0/1');
      }
      // Companies are searched by code too.
      const byCode = await getList(sa, '/api/companies', { filter: { q: 'c50' } });
      expect(names(byCode)).toEqual(['Atlas Export']);
      const users = await getList(sa, '/api/users', { filter: { q: 'BADR' } });
      expect(users.body.map((u: { username: string }) => u.username)).toEqual(['badr@example.com']);
      // Ports: by name, Arabic name and country.
      const arabic = await getList(sa, '/api/ports', { filter: { q: 'جدة' } });
      expect(arabic.body.map((p: { name: string }) => p.name)).toEqual(['Jeddah Islamic Port']);
      const country = await getList(sa, '/api/ports', { filter: { q: 'saudi' } });
      expect(country.body.map((p: { name: string }) => p.name).sort()).toEqual(['Dammam', 'Jeddah Islamic Port']);
      // An empty q is no filter.
      expect(contentRange(await getList(sa, '/api/companies', { filter: { q: '' } })).total).toBe(TOTAL);
    });

    it('takes %, _, ! and \\ in q literally', async () => {
      expect(names(await getList(sa, '/api/companies', { filter: { q: '0%' } }))).toEqual(['100% Cars']);
      expect(names(await getList(sa, '/api/companies', { filter: { q: '%' } }))).toEqual(['100% Cars']);
      expect(names(await getList(sa, '/api/companies', { filter: { q: '0_5' } }))).toEqual(['50_50 Motors']);
      expect(names(await getList(sa, '/api/companies', { filter: { q: '_' } }))).toEqual(['50_50 Motors']);
      expect(names(await getList(sa, '/api/companies', { filter: { q: 'wow!' } }))).toEqual(['Wow! Motors']);
      expect(names(await getList(sa, '/api/companies', { filter: { q: 'k\\s' } }))).toEqual(['Back\\slash Trading']);
      expect(names(await getList(sa, '/api/users', { filter: { q: '_' } }))).toEqual([]);
    });

    it('treats an id array as getMany: exactly those rows, no paging', async () => {
      const wanted = [rows[3].id, rows[0].id, rows[15].id];
      const res = await getList(sa, '/api/companies', { filter: { id: wanted }, range: [0, 0] });
      expect(res.status).toBe(200);
      expect(ids(res).sort((a, b) => a - b)).toEqual([...wanted].sort((a, b) => a - b));
      expect(contentRange(res).total).toBe(3);
      // Ids as numeric strings work too; unknown ids are simply absent; an empty list finds nothing.
      const mixed = await getList(sa, '/api/companies', { filter: { id: [String(rows[1].id), 999999] } });
      expect(ids(mixed)).toEqual([rows[1].id]);
      expect((await getList(sa, '/api/companies', { filter: { id: [] } })).body).toEqual([]);
      // A single id is an equality filter.
      expect(ids(await getList(sa, '/api/ports', { filter: { id: (await t.db('ports').first()).id } }))).toHaveLength(1);
      // Hostile values in an id array are refused, not interpolated.
      for (const bad of [['1 or 1=1'], [{ a: 1 }], [true]]) {
        expectError(await getList(sa, '/api/companies', { filter: { id: bad } }), 400, 'validation.failed');
      }
    });

    it('filters by exact values and by _gte/_lte on dates', async () => {
      const inactive = await getList(sa, '/api/companies', { filter: { active: false } });
      expect(names(inactive)).toEqual(rows.filter((r) => !r.active).map((r) => r.name).sort());
      const pending = await getList(sa, '/api/users', { filter: { pendingApproval: true } });
      expect(pending.body.map((u: { username: string }) => u.username)).toEqual(['eman.pending@example.com']);
      const buyers = await getList(sa, '/api/users', { filter: { role: 'BUYER', companyId: balticId, active: true } });
      expect(buyers.body.map((u: { username: string }) => u.username)).toEqual(['carim@example.com']);
      const us = await getList(sa, '/api/ports', { filter: { country: 'United States' } });
      expect(us.body.map((p: { name: string }) => p.name).sort()).toEqual(['Baltimore', 'Newark']);

      const from = '2024-01-05T00:00:00.000Z';
      const to = '2024-01-09T23:59:59.999Z';
      const inWindow = rows.filter((r) => r.createdAt >= from && r.createdAt <= to);
      expect(inWindow.length).toBeGreaterThan(2);
      expect(inWindow.length).toBeLessThan(TOTAL);
      const window = await getList(sa, '/api/companies', { filter: { createdAt_gte: from, createdAt_lte: to } });
      expect(names(window)).toEqual(inWindow.map((r) => r.name).sort());
      expect(contentRange(window).total).toBe(inWindow.length);
      const after = await getList(sa, '/api/companies', { filter: { createdAt_gte: from } });
      expect(contentRange(after).total).toBe(rows.filter((r) => r.createdAt >= from).length);
      const before = await getList(sa, '/api/companies', { filter: { createdAt_lte: to } });
      expect(contentRange(before).total).toBe(rows.filter((r) => r.createdAt <= to).length);
      // Filters combine with q and with paging.
      const combined = await getList(sa, '/api/companies', { filter: { q: 'fleet', createdAt_gte: from }, range: [0, 1], sort: ['createdAt', 'ASC'] });
      const fleetAfter = rows.filter((r) => r.name.startsWith('Fleet') && r.createdAt >= from);
      expect(contentRange(combined).total).toBe(fleetAfter.length);
      expect(combined.body).toHaveLength(Math.min(2, fleetAfter.length));
    });

    it('refuses unknown or hostile filter fields, bad values and non-range fields with _gte', async () => {
      for (const filter of [
        { nope: 1 },
        { passwordHash: 'scrypt' },
        { 'name; drop table users': 1 },
        { name: 'Atlas Export' }, // searchable through q, not a filter field
        { name_gte: 'A' },
        { active_gte: true },
        { createdAt_gte: 'not a date' },
        { active: 'maybe' },
        { id: 'abc' },
        { q: 5 },
        { q: ['a'] },
      ]) {
        const res = await getList(sa, '/api/companies', { filter });
        expectError(res, 400, 'validation.failed');
        expect(res.body.message, JSON.stringify(filter)).toMatch(/filter/i);
      }
      expectError(await getList(sa, '/api/users', { filter: { passwordHash: 'x' } }), 400, 'validation.failed');
      expectError(await getList(sa, '/api/ports', { filter: { createdAt_gte: '2024-01-01' } }), 400, 'validation.failed');
      expect(await countRows(t.db, 'users')).toBe(6);
    });

    it('refuses prototype names as sort or filter fields on every list with a 400, never a 500', async () => {
      for (const path of ['/api/companies', '/api/users', '/api/ports', '/api/containers', '/api/vehicles', '/api/documents', '/api/invoices']) {
        for (const field of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
          const sorted = await getList(sa, path, { sort: [field, 'ASC'] });
          expectError(sorted, 400, 'validation.failed');
          expect(sorted.body.message, `${path} sort ${field}`).toMatch(/sort/i);
        }
        for (const raw of ['{"toString":"x"}', '{"constructor":1}', '{"__proto__":{"id":1}}', '{"valueOf_gte":1}', '{"hasOwnProperty":null}']) {
          const filtered = await sa.get(path).query({ filter: raw });
          expectError(filtered, 400, 'validation.failed');
          expect(filtered.body.message, `${path} filter ${raw}`).toMatch(/filter/i);
        }
      }
    });

    it('refuses a filter that is not a JSON object', async () => {
      for (const filter of [[1, 2], 'atlas', 5, null, true]) {
        const res = await getList(sa, '/api/companies', { filter });
        expectError(res, 400, 'validation.failed');
        expect(res.body.message).toMatch(/filter/i);
      }
    });
  });

  it('refuses malformed JSON in sort, range and filter, and a parameter given twice', async () => {
    for (const [name, raw] of [
      ['sort', '["name","ASC"'],
      ['sort', 'name,ASC'],
      ['range', '[0,'],
      ['range', '0-24'],
      ['filter', '{q:"atlas"}'],
      ['filter', "{'q':'atlas'}"],
      ['filter', '{"q":"atlas"'],
    ]) {
      for (const path of ['/api/companies', '/api/users', '/api/ports']) {
        const res = await sa.get(path).query({ [name]: raw });
        expectError(res, 400, 'validation.failed');
        expect(res.body.message).toContain(name);
      }
    }
    const twice = await sa.get('/api/companies?sort=["id","ASC"]&sort=["name","ASC"]');
    expectError(twice, 400, 'validation.failed');
  });
});

describe.each(ENGINES)('list size limit on %s', (engine) => {
  let t: TestApp;
  let sa: supertest.Agent;
  const PORTS = 1005;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const createdAt = new Date().toISOString();
    const rows = Array.from({ length: PORTS }, (_, i) => ({
      name: `Port ${String(i).padStart(4, '0')}`,
      nameAr: `ميناء ${i}`,
      country: i % 2 ? 'Oman' : 'Qatar',
      companyId: null,
      createdAt,
    }));
    await t.db.batchInsert('ports', rows, 250);
    sa = await t.signedIn((await t.user({ role: 'SUPER_ADMIN' })).username);
  });
  afterAll(() => t.close());

  it('answers at most 1000 rows without a range, and Content-Range still tells the total', async () => {
    const res = await sa.get('/api/ports');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1000);
    expect(res.headers['content-range']).toBe(`ports 0-999/${PORTS}`);
    expect(res.body[0].name).toBe('Port 0000');
    expect(res.body[999].name).toBe('Port 0999');
  });

  it('caps a range wider than 1000 rows, and pages to the last rows', async () => {
    const wide = await getList(sa, '/api/ports', { range: [0, 4999] });
    expect(wide.body).toHaveLength(1000);
    expect(contentRange(wide)).toEqual({ resource: 'ports', start: 0, end: 999, total: PORTS });
    const tail = await getList(sa, '/api/ports', { range: [1000, 1999] });
    expect(tail.body.map((p: { name: string }) => p.name)).toEqual(['Port 1000', 'Port 1001', 'Port 1002', 'Port 1003', 'Port 1004']);
    expect(tail.headers['content-range']).toBe(`ports 1000-1004/${PORTS}`);
    const oman = await getList(sa, '/api/ports', { filter: { country: 'Oman' } });
    expect(oman.body).toHaveLength(502);
    expect(contentRange(oman).total).toBe(502);
  });
});
