import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, migrateLatest } from '../src/db';
import { withoutNeedlessJoins } from '../src/http/listPlan';
import type { ModelQuery } from '../src/http/listQuery';
import { Vehicle } from '../src/resources/vehicles/model';
import { createTestDatabase, ENGINES, type TestDatabase } from './support/engines';
import { validVin } from './support/vins';

/**
 * A list's count and its page's ids leave a join out only when that provably reads the same rows
 * (http/listPlan.ts): a LEFT JOIN on the joined table's id that nothing else in the query reads.
 * Each case here is counted both ways on real rows: where the planner leaves joins out the totals
 * agree, and each query it keeps whole would count differently, or fail, without its joins.
 */
describe.each(ENGINES)('joins a list count may leave out, on %s', (engine) => {
  let database: TestDatabase;
  let db: Knex;
  let companyId: number;

  const count = async (query: ModelQuery) => {
    const [row] = (await query.clone().clearSelect().clearOrder().count({ total: '*' })) as { total: number | string }[];
    return Number(row.total);
  };
  /** The count the planner makes, whether it left the joins out, and the count with every join. */
  const planned = async (query: ModelQuery) => {
    const counted = withoutNeedlessJoins(query.clone().clearSelect().clearOrder());
    return { total: await count(counted), leftOut: !counted.has(/join/i), withJoins: await count(query) };
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = createDb(database.url);
    await migrateLatest(db);
    const now = new Date().toISOString();
    [companyId] = await db('companies').insert({ name: 'Joined Traders', code: 'JOIN', active: true, createdAt: now });
    const [otherCompany] = await db('companies').insert({ name: 'Other Traders', code: 'OTHR', active: true, createdAt: now });
    const vehicles = [companyId, companyId, companyId, otherCompany].map((owner) => ({ vin: validVin(), make: 'Toyota', model: 'Any', status: 'NEW_PURCHASE', companyId: owner, createdAt: now }));
    await db('vehicles').insert(vehicles);
  });
  afterAll(async () => {
    await closeDb(db);
    await database.drop();
  });

  it("leaves out a list's left joins on a primary key that no filter reads, with the same total", async () => {
    const list = Vehicle.query(db).modify('rowColumns').where('vehicles.companyId', companyId);
    expect(await planned(list)).toEqual({ total: 3, leftOut: true, withJoins: 3 });
  });

  it('keeps the joins when a filter reads a joined column', async () => {
    const byCompanyName = Vehicle.query(db).modify('rowColumns').where('company.name', 'Joined Traders');
    expect(await planned(byCompanyName)).toEqual({ total: 3, leftOut: false, withJoins: 3 });
    await expect(count(byCompanyName.clone().clear(/join/i))).rejects.toThrow();
  });

  it('keeps an inner join, which drops rows', async () => {
    const onlyInContainers = Vehicle.query(db).joinRelated('container');
    expect(await planned(onlyInContainers)).toEqual({ total: 0, leftOut: false, withJoins: 0 });
    expect(await count(onlyInContainers.clone().clear(/join/i))).toBe(4);
  });

  it("keeps a left join to many rows (each vehicle's company's vehicles), which repeats rows", async () => {
    const withSameCompany = Vehicle.query(db).leftJoin('vehicles as sameCompany', 'sameCompany.companyId', 'vehicles.companyId');
    expect(await planned(withSameCompany)).toEqual({ total: 10, leftOut: false, withJoins: 10 });
    expect(await count(withSameCompany.clone().clear(/join/i))).toBe(4);
  });

  it('keeps the joins for page ids sorted on a joined column', async () => {
    const sorted = Vehicle.query(db).modify('rowColumns').select('vehicles.id').orderBy('company.name');
    expect(withoutNeedlessJoins(sorted).has(/join/i)).toBe(true);
  });
});
