import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb } from '../src/db';
import { User } from '../src/resources/users/model';
import { deleteVehicle } from '../src/resources/vehicles/operations';
import { createTestDatabase, ENGINES } from './support/engines';
import { contentRange, getList } from './support/lists';
import { startTestApp, type TestApp } from './support/testApp';
import { validVin } from './support/vins';

/**
 * An unfiltered list's total comes from counts kept per company by triggers (migration
 * 20261126000200): it must stay exactly the number of rows the scope holds through every way rows
 * are written, and a filtered list still counts its rows.
 */
describe.each(ENGINES)('list totals on %s', (engine) => {
  let t: TestApp;
  let superAdmin: supertest.Agent;
  let shipperA: supertest.Agent;
  let adminB: supertest.Agent;
  let buyerA: supertest.Agent;
  let companyA: number;
  let companyB: number;
  let buyerAId: number;

  const total = async (agent: supertest.Agent, path: string, filter?: object) => {
    const res = await getList(agent, path, { range: [0, 9], filter });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return contentRange(res).total;
  };
  const rowsIn = async (table: string, companyId?: number) =>
    Number((await t.db(table).modify((q) => (companyId ? q.where({ companyId }) : q)).count({ n: '*' }))[0].n);

  beforeAll(async () => {
    t = await startTestApp(engine);
    companyA = (await t.company()).id;
    companyB = (await t.company()).id;
    superAdmin = await t.signedIn((await t.user({ role: 'SUPER_ADMIN' })).username);
    shipperA = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: companyA })).username);
    adminB = await t.signedIn((await t.user({ role: 'COMPANY_ADMIN', companyId: companyB })).username);
    const buyer = await t.user({ role: 'BUYER', companyId: companyA });
    buyerAId = buyer.id;
    buyerA = await t.signedIn(buyer.username);
  });
  afterAll(() => t.close());

  it('follows vehicles created, sold, filtered and deleted, per scope', async () => {
    const created: number[] = [];
    for (const [agent, count] of [[shipperA, 5], [adminB, 3]] as const) {
      for (let i = 0; i < count; i++) {
        const res = await agent.post('/api/vehicles').send({ vin: validVin(), make: i % 2 ? 'Toyota' : 'Nissan', model: 'Any' });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        created.push(res.body.id);
      }
    }
    await t.db('vehicles').whereIn('id', created.slice(0, 2)).update({ buyerId: buyerAId });
    expect(await total(superAdmin, '/api/vehicles')).toBe(8);
    expect(await total(shipperA, '/api/vehicles')).toBe(5);
    expect(await total(adminB, '/api/vehicles')).toBe(3);
    // A buyer's list is their purchases, counted, never the company's kept total.
    expect(await total(buyerA, '/api/vehicles')).toBe(2);
    // Filtered lists count their rows.
    expect(await total(shipperA, '/api/vehicles', { buyerId: buyerAId })).toBe(2);
    expect(await total(superAdmin, '/api/vehicles', { q: 'nissan' })).toBe(5);

    // The dashboard's counts by status follow a status change.
    const moved = await shipperA.put(`/api/vehicles/${created[1]}`).send({ status: 'LOADED' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const byStatus = async (agent: supertest.Agent) => {
      const res = await agent.get('/api/dashboard');
      expect(res.status).toBe(200);
      return { total: res.body.counts.vehicles, ...Object.fromEntries(res.body.byStatus.map((s: { status: string; count: number }) => [s.status, s.count])) };
    };
    expect(await byStatus(shipperA)).toMatchObject({ total: 5, NEW_PURCHASE: 4, LOADED: 1, DISPATCHED: 0 });
    expect(await byStatus(superAdmin)).toMatchObject({ total: 8, NEW_PURCHASE: 7, LOADED: 1 });
    // A company, a status, or both are answered from the kept counts too, within the scope: a
    // shipper naming another company's id gets none of its vehicles, nor their number.
    expect(await total(superAdmin, '/api/vehicles', { status: 'LOADED' })).toBe(1);
    expect(await total(superAdmin, '/api/vehicles', { companyId: companyB })).toBe(3);
    expect(await total(superAdmin, '/api/vehicles', { companyId: String(companyA), status: 'NEW_PURCHASE' })).toBe(4);
    expect(await total(shipperA, '/api/vehicles', { status: 'NEW_PURCHASE' })).toBe(4);
    expect(await total(shipperA, '/api/vehicles', { companyId: companyB })).toBe(0);
    expect(await total(superAdmin, '/api/vehicles', { status: 'NO_SUCH_STATUS' })).toBe(0);
    expect(await total(superAdmin, '/api/vehicles', { status: 'LOADED', q: 'toyota' })).toBe(1);
    expect(await total(buyerA, '/api/vehicles', { status: 'NEW_PURCHASE' })).toBe(1);

    expect((await shipperA.delete(`/api/vehicles/${created[0]}`)).status).toBe(200);
    expect(await total(shipperA, '/api/vehicles')).toBe(4);
    expect(await total(superAdmin, '/api/vehicles')).toBe(7);
    expect(await total(superAdmin, '/api/vehicles')).toBe(await rowsIn('vehicles'));
    expect(await byStatus(adminB)).toMatchObject({ total: 3, NEW_PURCHASE: 3, LOADED: 0 });
  });

  it('tells a filtered first page\'s total by its length when the page is not full, and counts a full one', async () => {
    const companyC = (await t.company()).id;
    const shipperC = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: companyC })).username);
    for (const [make, count] of [['Lada', 3], ['Volga', 9]] as const) {
      for (let i = 0; i < count; i++) expect((await shipperC.post('/api/vehicles').send({ vin: validVin(), make, model: 'Any' })).status).toBe(201);
    }
    const counts: string[] = [];
    const indexCounts: string[] = [];
    const listen = (query: { sql: string }) => {
      // The list's count (select count(*) as total …), not the rows' counts of their files.
      if (/count\(\*\)\s+as\s+`?total`?/i.test(query.sql)) counts.push(query.sql);
      if (/from vehicles_search where/.test(query.sql)) indexCounts.push(query.sql);
    };
    const searched = async (q: string, size: number) => {
      counts.length = 0;
      indexCounts.length = 0;
      const res = await getList(shipperC, '/api/vehicles', { range: [0, size - 1], filter: { q } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { rows: res.body.length, total: contentRange(res).total, counted: counts.length > 0 };
    };
    t.db.on('query', listen);
    try {
      if (engine === 'sqlite') {
        // SQLite's index holds each vehicle's company: a company's search is counted there, once.
        expect(await searched('volga', 5)).toEqual({ rows: 5, total: 9, counted: false });
        expect(indexCounts).toHaveLength(1);
        // Texts under three characters are the LIKE's ("ol": an O is in no VIN).
        expect(await searched('ol', 5)).toEqual({ rows: 5, total: 9, counted: true });
        expect(await searched('ol', 10)).toEqual({ rows: 9, total: 9, counted: false });
        return;
      }
      expect(await searched('lada', 5)).toEqual({ rows: 3, total: 3, counted: false });
      expect(await searched('nothing like it', 5)).toEqual({ rows: 0, total: 0, counted: false });
      expect(await searched('volga', 5)).toEqual({ rows: 5, total: 9, counted: true });
      expect(await searched('volga', 10)).toEqual({ rows: 9, total: 9, counted: false });
    } finally {
      t.db.off('query', listen);
    }
  });

  it('reads a company\'s search, its page and its count, by constant texts, in the company alone, its wildcards literal', async () => {
    const companyD = (await t.company()).id;
    const shipperD = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: companyD })).username);
    for (let i = 0; i < 7; i++) expect((await shipperD.post('/api/vehicles').send({ vin: validVin(), make: 'Volga', model: `M${i}` })).status).toBe(201);
    // Another company's matches are not this one's.
    expect((await shipperA.post('/api/vehicles').send({ vin: validVin(), make: 'Volga', model: 'M9' })).status).toBe(201);
    const statements: string[] = [];
    const listen = (query: { sql: string }) => {
      if (/\bfrom\s+`?vehicles(_search)?`?\b/i.test(query.sql)) statements.push(query.sql);
    };
    const searched = async (q: string) => {
      statements.length = 0;
      const res = await getList(shipperD, '/api/vehicles', { sort: ['createdAt', 'DESC'], range: [0, 4], filter: { q } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { rows: res.body.map((row: { make: string }) => row.make), total: contentRange(res).total };
    };
    t.db.on('query', listen);
    try {
      expect(await searched('volga')).toEqual({ rows: Array(5).fill('Volga'), total: 7 });
      // The page's ids and the count as the list's constant texts (listIds.ts), never a query
      // built by knex (which quotes every name): a search costs no query building.
      // (On SQLite the count is the search index's, whose entries hold each vehicle's company.)
      const countText =
        engine === 'sqlite'
          ? /^select count\(\*\) as n from \(select 1 from vehicles_search where vehicles_search match \? limit \?\) as matches$/
          : /^select count\(\*\) as total from \(select 1 from vehicles where vehicles\.companyId = \? and \(vehicles\.vin like \? escape '!' or vehicles\.make like \? escape '!' or vehicles\.model like \? escape '!'\) limit \?\) as matches$/;
      const count = statements.find((sql) => countText.test(sql));
      expect(count, statements.join('\n')).toBeDefined();
      expect(statements.some((sql) => /^select vehicles\.id from vehicles where vehicles\.companyId = \? and \(vehicles\.vin like/.test(sql))).toBe(true);
      expect(statements.filter((sql) => sql.includes('`'))).toEqual([]);
      // LIKE's wildcards in the text are literal, as before.
      expect(await searched('vol_a')).toEqual({ rows: [], total: 0 });
      expect(await searched('vo%ga')).toEqual({ rows: [], total: 0 });
      expect((await searched('OLG')).total).toBe(7);
    } finally {
      t.db.off('query', listen);
    }
  });

  it('follows containers, and a company deleted with everything it owns', async () => {
    for (const [agent, number] of [[shipperA, 'MSCU1234565'], [adminB, 'TGHU1234560'], [adminB, 'CSQU3054383']] as const) {
      const res = await agent.post('/api/containers').send({ number });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    expect(await total(superAdmin, '/api/containers')).toBe(3);
    expect((await adminB.get('/api/dashboard')).body.counts.containers).toBe(2);
    expect(await total(superAdmin, '/api/containers', { companyId: companyB })).toBe(2);
    expect(await total(shipperA, '/api/containers', { companyId: companyB })).toBe(0);
    expect(await total(adminB, '/api/containers')).toBe(2);
    expect((await superAdmin.delete(`/api/companies/${companyB}`)).status).toBe(200);
    expect(await total(superAdmin, '/api/containers')).toBe(1);
    expect(await total(superAdmin, '/api/vehicles')).toBe(await rowsIn('vehicles'));
    expect(await total(shipperA, '/api/vehicles')).toBe(await rowsIn('vehicles', companyA));
  });
});

describe.each(ENGINES)('kept counts on %s', (engine) => {
  it('count the rows already there when the migration runs, and leave with it', async () => {
    const database = await createTestDatabase(engine);
    const db = createDb(database.url);
    try {
      await db.migrate.latest();
      await db.migrate.down({ name: '20261126000200_company_row_counts' });
      const now = new Date().toISOString();
      const [companyId] = await db('companies').insert({ name: 'Before the counts', code: 'BEFORE2', createdAt: now });
      await db('vehicles').insert([1, 2, 3].map(() => ({ vin: validVin(), make: 'Kia', companyId, status: 'NEW_PURCHASE', createdAt: now })));
      await db.migrate.up({ name: '20261126000200_company_row_counts' });
      const [row] = await db('company_row_counts').where({ tableName: 'vehicles', companyId: Number(companyId) });
      expect(Number(row.total)).toBe(3);
      // Deleted as every writer deletes a vehicle: through its operation, which keeps the count.
      const superAdmin = User.fromJson({ id: 1, username: 'root', role: 'SUPER_ADMIN', companyId: null });
      const id = Number((await db('vehicles').where({ companyId }).first('id')).id);
      await db.transaction((trx) => deleteVehicle(superAdmin, { id }, trx));
      expect(Number((await db('company_row_counts').where({ tableName: 'vehicles', companyId: Number(companyId) }).first()).total)).toBe(2);
      await db.migrate.down({ name: '20261126000200_company_row_counts' });
      expect(await db.schema.hasTable('company_row_counts')).toBe(false);
      // The triggers left with the table: writing vehicles still works.
      await db('vehicles').insert({ vin: validVin(), make: 'Kia', companyId, status: 'NEW_PURCHASE', createdAt: now });
    } finally {
      await closeDb(db);
      await database.drop();
    }
    // Every migration runs on a new database: on MariaDB that is DDL after DDL, slow under load.
  }, 90_000);
});
