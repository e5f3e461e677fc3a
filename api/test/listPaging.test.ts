import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { contentRange, getList, ids } from './support/lists';
import { startTestApp, type TestApp } from './support/testApp';
import { validVin } from './support/vins';
import { keepFiguresOfWrittenRows } from './support/keptFigures';

const MAKES = ['Toyota', 'Nissan', 'Lexus', 'Ford', 'Kia'];
const STATUSES = ['NEW_PURCHASE', 'DISPATCHED', 'LOADED'];

/**
 * Pages after the first find their rows' ids first and join only those (a deferred join), and a
 * page in the list's second half is read backwards from the end: every page, for every sort and
 * filter, holds exactly the rows that the whole list has at its place.
 */
describe.each(ENGINES)('list paging on %s', (engine) => {
  let t: TestApp;
  let shipper: supertest.Agent;
  let admin: supertest.Agent;
  beforeAll(async () => {
    t = await startTestApp(engine);
    const company = await t.company();
    const other = await t.company();
    const [containerId] = await t.db('containers').insert({ number: 'MSCU1234565', companyId: company.id, containerSize: '40HC', createdAt: new Date().toISOString() });
    for (const [companyId, count] of [[company.id, 31], [other.id, 9]]) {
      for (let i = 0; i < count; i++) {
        await t.db('vehicles').insert({
          vin: validVin(),
          make: MAKES[i % MAKES.length],
          // Some have no model or year: NULLs sort first ascending and last descending on both
          // engines, and a page read from the list's end must put them where the whole list does.
          model: i % 9 === 4 ? null : `Model ${i % 4}`,
          year: i % 7 === 3 ? null : 2015 + (i % 6),
          status: STATUSES[i % STATUSES.length],
          containerId: companyId === company.id && i % 4 === 0 ? Number(containerId) : null,
          companyId,
          // Some share a creation time, so ties are broken by id.
          createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 2))).toISOString(),
        });
      }
      for (let i = 0; i < 12; i++) {
        await t.db('containers').insert({ number: `TGHU${String(companyId).padStart(3, '0')}${String(i).padStart(4, '0')}`, companyId, containerSize: '20GP', createdAt: new Date(Date.UTC(2026, 1, 1 + (i % 5))).toISOString() });
      }
    }
    await keepFiguresOfWrittenRows(t.db);
    shipper = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: company.id })).username);
    admin = await t.signedIn((await t.user({ role: 'SUPER_ADMIN' })).username);
  });
  afterAll(() => t.close());

  async function expectPagesToMatchWholeList(agent: supertest.Agent, path: string, sort: [string, string], filter: object, pageSize: number) {
    const whole = await getList(agent, path, { sort, filter, range: [0, 999] });
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    const total = contentRange(whole).total;
    const paged: number[] = [];
    for (let start = 0; start < total; start += pageSize) {
      const page = await getList(agent, path, { sort, filter, range: [start, start + pageSize - 1] });
      expect(page.status).toBe(200);
      expect(contentRange(page)).toMatchObject({ start, total });
      // Each row comes whole, with the columns its joins and subqueries add.
      for (const row of page.body) expect(Object.keys(row)).toEqual(Object.keys(whole.body[0]));
      paged.push(...ids(page));
    }
    expect(paged, `${path} ${JSON.stringify(sort)} ${JSON.stringify(filter)}`).toEqual(ids(whole));
  }

  it('pages vehicles the same as the whole list, for every sort and with filters and search', async () => {
    for (const field of ['createdAt', 'vin', 'make', 'model', 'year', 'status', 'id']) {
      for (const order of ['ASC', 'DESC']) await expectPagesToMatchWholeList(shipper, '/api/vehicles', [field, order], {}, 7);
    }
    await expectPagesToMatchWholeList(shipper, '/api/vehicles', ['year', 'DESC'], { status: 'LOADED' }, 4);
    await expectPagesToMatchWholeList(shipper, '/api/vehicles', ['vin', 'ASC'], { q: 'toy' }, 3);
    await expectPagesToMatchWholeList(admin, '/api/vehicles', ['createdAt', 'DESC'], {}, 9);
    const containerPage = await getList(shipper, '/api/vehicles', { sort: ['createdAt', 'DESC'], filter: { containerId: (await t.db('containers').where({ number: 'MSCU1234565' }).first('id')).id }, range: [2, 3] });
    expect(containerPage.body.map((v: { containerNumber: string }) => v.containerNumber)).toEqual(['MSCU1234565', 'MSCU1234565']);
  });

  it('pages the super admin’s search the same whichever index reads it, and counts it from the search index', async () => {
    // "mod" is in most models: a page of 4 near the list's start is read along the sort's index
    // (SQLite), the whole list by the search index; both must hold the same rows in the same order.
    const withModel = Number((await t.db('vehicles').whereNotNull('model').count({ n: '*' }))[0].n);
    for (const field of ['createdAt', 'vin', 'make', 'model', 'year', 'status', 'id']) {
      for (const order of ['ASC', 'DESC']) await expectPagesToMatchWholeList(admin, '/api/vehicles', [field, order], { q: 'mod' }, 4);
    }
    const queries: string[] = [];
    const listen = (query: { sql: string }) => queries.push(query.sql);
    t.db.on('query', listen);
    try {
      const first = await getList(admin, '/api/vehicles', { sort: ['year', 'DESC'], filter: { q: 'MOD' }, range: [0, 3] });
      expect(contentRange(first).total).toBe(withModel);
    } finally {
      t.db.off('query', listen);
    }
    const counts = queries.filter((sql) => /^select count/i.test(sql));
    expect(counts, queries.join('\n')).toHaveLength(1);
    expect(counts[0]).toMatch(engine === 'sqlite' ? /from `?vehicles_search`? where/ : /from `?vehicle_search_suffixes`? where/);
    expect(counts[0]).not.toMatch(/`vehicles`/);
    if (engine === 'sqlite') expect(queries.some((sql) => sql.includes('+vehicles.id in (select rowid from vehicles_search'))).toBe(true);
  });

  it('pages containers the same way', async () => {
    for (const field of ['createdAt', 'number', 'containerSize']) {
      for (const order of ['ASC', 'DESC']) await expectPagesToMatchWholeList(shipper, '/api/containers', [field, order], {}, 5);
    }
    await expectPagesToMatchWholeList(admin, '/api/containers', ['number', 'DESC'], {}, 6);
  });
});
