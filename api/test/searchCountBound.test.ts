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
 * and no mark. Staff search by LIKE in their company, the super admin through the search index:
 * both are bounded.
 */
describe.each(ENGINES)('search counts bounded on %s', (engine) => {
  let t: TestApp;
  let shipper: supertest.Agent;
  let admin: supertest.Agent;
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

  it('reads a later page of a capped search from the list’s start, the rows the whole list has there', async () => {
    const whole = await search(shipper, 'toyota', [0, 59]);
    const later = await search(shipper, 'toyota', [40, 59]);
    expect(later.headers['content-range']).toBe('vehicles 40-59/10000');
    expect(ids(later)).toEqual(ids(whole).slice(40));
    // The newest Toyota first: the Corolla, then the Camrys from the newest.
    expect(whole.body[0].model).toBe('Corolla');
  });
});
