import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_BOUND } from '../src/http/listQuery';
import { ENGINES } from './support/engines';
import { getList, ids } from './support/lists';
import { startTestApp, type TestApp } from './support/testApp';
import { keepFiguresOfWrittenRows } from './support/keptFigures';
import { validVin } from './support/vins';

/**
 * A search counts its matches up to SEARCH_COUNT_BOUND (10,000): beyond it, Content-Range gives
 * the bound as the total and X-Total-Capped says it is one; at the bound or under, the exact total
 * and no mark. Staff search their company by LIKE (through the search index where the company is
 * large and the text rare in it), the super admin through the search index: all are bounded.
 */
describe.each(ENGINES)('search counts bounded on %s', (engine) => {
  let t: TestApp;
  let shipper: supertest.Agent;
  let admin: supertest.Agent;
  let hondaVins: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(engine);
    const company = await t.company();
    // 10,001 Toyotas: 10,000 Camrys and one Corolla; and three Hondas.
    const rows = Array.from({ length: SEARCH_COUNT_BOUND + 4 }, (_, i) => ({
      vin: validVin(),
      make: i < SEARCH_COUNT_BOUND + 1 ? 'TOYOTA' : 'HONDA',
      model: i < SEARCH_COUNT_BOUND ? 'Camry' : i === SEARCH_COUNT_BOUND ? 'Corolla' : 'Accord',
      year: 2020,
      status: 'NEW_PURCHASE',
      companyId: company.id,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    }));
    hondaVins = rows.filter((row) => row.make === 'HONDA').map((row) => row.vin);
    await t.db.batchInsert('vehicles', rows, 500);
    await keepFiguresOfWrittenRows(t.db);
    shipper = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: company.id })).username);
    admin = await t.signedIn((await t.user({ role: 'SUPER_ADMIN' })).username);
  }, 240_000);
  afterAll(() => t?.close());

  const search = (agent: supertest.Agent, q: string, range: [number, number]) => getList(agent, '/api/vehicles', { sort: ['createdAt', 'DESC'], range, filter: { q } });

  it('answers the bound as the total past it, marked, and exact totals at it and under', async () => {
    for (const agent of [shipper, admin]) {
      const past = await search(agent, 'toyota', [0, 24]);
      expect(past.status).toBe(200);
      expect(past.headers['content-range']).toBe('vehicles 0-24/10000');
      expect(past.headers['x-total-capped']).toBe('true');
      expect(past.headers['access-control-expose-headers']).toContain('X-Total-Capped');
      expect(past.body).toHaveLength(25);

      const at = await search(agent, 'camry', [0, 24]);
      expect(at.headers['content-range']).toBe('vehicles 0-24/10000');
      expect(at.headers['x-total-capped']).toBeUndefined();

      const under = await search(agent, 'honda', [0, 24]);
      expect(under.headers['content-range']).toBe('vehicles 0-2/3');
      expect(under.headers['x-total-capped']).toBeUndefined();
    }
  });

  it('searches a large company through the index where its text is rare there, by LIKE where common, with the same answers', async () => {
    const sql: string[] = [];
    const capture = (query: { sql: string }) => sql.push(query.sql);
    // The queries that read the list's rows (its count and its page), not the plan's question to the index.
    const listQueries = () => sql.filter((text) => /from [`"]?vehicles[`"]? where/i.test(text));
    const byIndex = /vehicles_search|vehicle_search_suffixes/i;
    const hondas = (await t.db('vehicles').where({ make: 'HONDA' }).orderBy('createdAt', 'desc').pluck('id')).map(Number);
    t.db.on('query', capture);
    try {
      // Three Hondas in 10,004 cars: the LIKE would read every car of the company, twice.
      const rare = await search(shipper, 'honda', [0, 24]);
      expect(rare.headers['content-range']).toBe('vehicles 0-2/3');
      expect(ids(rare)).toEqual(hondas);
      expect(listQueries().length).toBeGreaterThan(0);
      for (const text of listQueries()) expect(text, 'a rare text is searched through the index').toMatch(byIndex);
      for (const text of listQueries()) expect(text, 'no LIKE over the columns').not.toMatch(/vehicles[`"]?\.[`"]?(vin|make|model)[`"]? like/i);

      // A VIN's tail, in any case: the one car.
      const tail = await search(shipper, hondaVins[1].slice(-6).toLowerCase(), [0, 24]);
      expect(ids(tail)).toEqual([hondas[1]]);

      // A make on nearly every car: the index would read as many matches as the company has cars.
      sql.length = 0;
      const common = await search(shipper, 'camry', [0, 24]);
      expect(common.headers['content-range']).toBe('vehicles 0-24/10000');
      for (const text of listQueries()) expect(text, 'a common text is searched by LIKE').not.toMatch(byIndex);
    } finally {
      t.db.off('query', capture);
    }
  });

  it('reads a later page of a capped search from the list’s start, the rows the whole list has there', async () => {
    const whole = await search(shipper, 'toyota', [0, 59]);
    const later = await search(shipper, 'toyota', [40, 59]);
    expect(later.headers['content-range']).toBe('vehicles 40-59/10000');
    expect(ids(later)).toEqual(ids(whole).slice(40));
    // The newest Toyota first: the Corolla, then the Camrys from the newest.
    expect(whole.body[0].model).toBe('Corolla');
  });
});
