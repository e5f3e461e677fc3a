import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, selectRows } from '../src/db';
import { ENGINES, createTestDatabase } from './support/engines';
import { contentRange, getList, ids } from './support/lists';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';
import { companyToken } from '../src/resources/vehicles/searchIndex';
import { keepFiguresOfWrittenRows } from './support/keptFigures';

/**
 * The vehicle search (filter.q) means the same on both engines and whichever way it is answered
 * (the trigram index on SQLite from three characters, a LIKE otherwise): any part of the VIN, make
 * or model, whatever the case, with LIKE's wildcards taken literally, Arabic included, and kept
 * up to date as vehicles are added, changed and deleted.
 */
describe.each(ENGINES)('vehicle search on %s', (engine) => {
  let t: TestApp;
  let w: World;
  const made: Record<string, number> = {};

  const add = async (key: string, fields: Record<string, unknown>) => {
    const res = await w.clients.SHIPPER.post('/api/vehicles').send({ vin: validVin(), ...fields });
    expect(res.status).toBe(201);
    made[key] = res.body.id;
    return res.body as { id: number; vin: string };
  };
  /**
   * The shipper's search (its company's rows, a LIKE) and the super admin's (every company, the
   * index from three characters) must find the same vehicles here: only this company has any.
   */
  const search = async (q: string) => {
    const [own, every] = await Promise.all(
      [w.clients.SHIPPER, w.clients.SUPER_ADMIN].map(async (client) => ids(await getList(client, '/api/vehicles', { filter: { q }, range: [0, 99] }))),
    );
    expect(every, `super admin's search for ${q}`).toEqual(own);
    return own;
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
    await add('land', { make: 'Toyota', model: 'Land Cruiser' });
    await add('percent', { make: 'Nissan', model: 'Patrol 100%' });
    await add('underscore', { make: 'Kia', model: 'K_5 GT' });
    await add('arabic', { make: 'تويوتا', model: 'كامري' });
    await add('plain', { make: 'Honda', model: 'Accord' });
  });
  afterAll(() => t.close());

  it('finds any part of the make or model, whatever the case', async () => {
    expect(await search('CRUIS')).toEqual([made.land]);
    expect(await search('and cr')).toEqual([made.land]);
    expect(await search('honda')).toEqual([made.plain]);
    expect(await search('cor')).toEqual([made.plain]);
    expect(await search('  accord  ')).toEqual([made.plain]);
  });

  it('finds a VIN by any part of it, tails included', async () => {
    const car = await add('vin', { vin: validVin('JTJHY7AX'), make: 'Lexus', model: 'LX' });
    for (const part of [car.vin.slice(-6), car.vin.slice(-6).toLowerCase(), car.vin.slice(2, 9), car.vin]) {
      expect(await search(part), part).toEqual([car.id]);
    }
  });

  it('takes % and _ literally, short texts included', async () => {
    expect(await search('100%')).toEqual([made.percent]);
    expect(await search('0%')).toEqual([made.percent]);
    expect(await search('%')).toEqual([made.percent]);
    expect(await search('K_5')).toEqual([made.underscore]);
    expect(await search('_')).toEqual([made.underscore]);
    expect(await search('K%5')).toEqual([]);
    expect(await search('"')).toEqual([]);
    expect(await search('a "b')).toEqual([]);
  });

  it('finds Arabic text', async () => {
    expect(await search('تويو')).toEqual([made.arabic]);
    expect(await search('كامري')).toEqual([made.arabic]);
    expect(await search('امر')).toEqual([made.arabic]);
  });

  it('follows changes: a new make is found, the old one no longer, a deleted vehicle never', async () => {
    const car = await add('changing', { make: 'Mazda', model: 'Miata' });
    expect(await search('miata')).toEqual([car.id]);
    expect((await w.clients.SHIPPER.patch(`/api/vehicles/${car.id}`).send({ model: 'Roadster' })).status).toBe(200);
    expect(await search('miata')).toEqual([]);
    expect(await search('roadst')).toEqual([car.id]);
    expect((await w.clients.SHIPPER.delete(`/api/vehicles/${car.id}`)).status).toBe(200);
    expect(await search('roadst')).toEqual([]);
  });

  it('counts what it finds, within the caller’s scope', async () => {
    const res = await getList(w.clients.SHIPPER, '/api/vehicles', { filter: { q: 'o' }, range: [0, 0] });
    expect(contentRange(res).total).toBe((await search('o')).length);
    // Another company's staff never find this company's vehicles.
    const otherCompany = await t.signedIn(w.adminB.username);
    expect(ids(await getList(otherCompany, '/api/vehicles', { filter: { q: 'cruiser' } }))).toEqual([]);
  });
});

/**
 * A company's staff search their own vehicles: on SQLite the index's entries hold each vehicle's
 * company (migration 20261203000100), and the search reads that company's matches alone, counted
 * and paged; on MySQL/MariaDB the list's scope narrows every company's. Either way, another
 * company's vehicles are never counted nor shown, and the rows agree with the total.
 */
describe.each(ENGINES)('a company\'s search on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let adminB: Awaited<ReturnType<TestApp['signedIn']>>;
  const ofA: number[] = [];
  const ofB: number[] = [];

  const make = async (client: Awaited<ReturnType<TestApp['signedIn']>>, fields: Record<string, unknown>) => {
    const res = await client.post('/api/vehicles').send({ vin: validVin(), ...fields });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const searched = async (client: Awaited<ReturnType<TestApp['signedIn']>>, q: string, range: [number, number]) => {
    const res = await getList(client, '/api/vehicles', { filter: { q }, range, sort: ['createdAt', 'DESC'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ids: ids(res), total: contentRange(res).total };
  };
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
    adminB = await t.signedIn(w.adminB.username);
    for (let i = 0; i < 3; i++) ofA.push(await make(w.clients.SHIPPER, { make: 'Moskvich', model: `M${i}` }));
    for (let i = 0; i < 12; i++) ofB.push(await make(adminB, { make: 'Moskvich', model: `M${i}` }));
  });
  afterAll(() => t.close());

  it('counts and pages the company\'s own matches alone, a page at a time and whole', async () => {
    const wholeA = await searched(w.clients.SHIPPER, 'moskv', [0, 24]);
    expect(wholeA.total).toBe(3);
    expect(sorted(wholeA.ids)).toEqual(sorted(ofA));
    // A page shorter than the matches (a text common in the company: the page is read along the sort).
    const pageA = await searched(w.clients.SHIPPER, 'moskv', [0, 1]);
    expect(pageA).toEqual({ ids: wholeA.ids.slice(0, 2), total: 3 });
    const secondB = await searched(adminB, 'MOSKV', [10, 14]);
    expect(secondB.total).toBe(12);
    expect(secondB.ids).toHaveLength(2);
    expect(sorted((await searched(adminB, 'moskv', [0, 24])).ids)).toEqual(sorted(ofB));
    expect((await searched(w.clients.SUPER_ADMIN, 'moskv', [0, 24])).total).toBe(15);
    expect(await searched(w.clients.SHIPPER, 'nothing of the kind', [0, 24])).toEqual({ ids: [], total: 0 });
  });

  it('counts and pages a text beyond ASCII the same, whatever its case', async () => {
    const eclairs: number[] = [];
    for (let i = 0; i < 4; i++) eclairs.push(await make(w.clients.SHIPPER, { make: 'Renault', model: 'Éclair' }));
    const page = await searched(w.clients.SHIPPER, 'écl', [0, 1]);
    expect(page.total).toBe(4);
    expect(page.ids).toHaveLength(2);
    expect(sorted((await searched(w.clients.SHIPPER, 'ÉCL', [0, 9])).ids)).toEqual(sorted(eclairs));
  });

  it('follows a vehicle the super admin moves to another company', async () => {
    const moved = ofA[0];
    const res = await w.clients.SUPER_ADMIN.patch(`/api/vehicles/${moved}`).send({ companyId: w.companyB.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ofOld = await searched(w.clients.SHIPPER, 'moskv', [0, 24]);
    expect(ofOld.total).toBe(2);
    expect(ofOld.ids).not.toContain(moved);
    const ofNew = await searched(adminB, 'moskv', [0, 24]);
    expect(ofNew.total).toBe(13);
    expect(ofNew.ids).toContain(moved);
  });
});

/**
 * In a company of a few hundred cars, a text rare there (a VIN's end, a make it has twice) is
 * found through the search index, not by a LIKE over every car of the company: on MariaDB that
 * LIKE costs 2-2.6 µs of its CPU a row, so 1,000 cars cost more than 4 ms a search (page and
 * count). A text on most of its cars is still paged by the LIKE along the sort, which finds the
 * page in its first rows. The answers are the same either way, and never another company's.
 */
describe.each(ENGINES)('a company of some hundred cars searched on %s', (engine) => {
  let t: TestApp;
  let w: World;
  const hondas: { id: number; vin: string }[] = [];

  const searched = async (q: string, sql: string[]) => {
    const capture = (query: { sql: string }) => sql.push(query.sql);
    t.db.on('query', capture);
    try {
      const res = await getList(w.clients.SHIPPER, '/api/vehicles', { filter: { q }, range: [0, 24], sort: ['createdAt', 'DESC'] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { ids: ids(res), total: contentRange(res).total };
    } finally {
      t.db.off('query', capture);
    }
  };
  // The statements that read the list's rows (its count and its page), not the plan's question to the index.
  const listQueries = (sql: string[]) => sql.filter((text) => /from [`"]?vehicles[`"]? where/i.test(text));
  const byIndex = /vehicles_search|vehicle_search_suffixes/i;
  const byLike = /vehicles[`"]?\.[`"]?(vin|make|model)[`"]? like/i;

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
    // 600 Camrys and two Hondas in the shipper's company; Hondas in the other company too.
    const rows = (companyId: number, camrys: number, hondaCount: number) =>
      Array.from({ length: camrys + hondaCount }, (_, i) => ({
        vin: validVin(),
        make: i < camrys ? 'TOYOTA' : 'HONDA',
        model: i < camrys ? 'Camry' : 'Accord',
        year: 2020,
        status: 'NEW_PURCHASE',
        companyId,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      }));
    const own = rows(w.companyA.id, 600, 2);
    await t.db.batchInsert('vehicles', [...own, ...rows(w.companyB.id, 0, 3)], 500);
    await keepFiguresOfWrittenRows(t.db);
    const vins = own.filter((row) => row.make === 'HONDA').map((row) => row.vin);
    for (const vin of vins) hondas.push({ vin, id: Number((await t.db('vehicles').where({ vin }).first('id')).id) });
  }, 120_000);
  afterAll(() => t.close());

  it('finds a VIN\'s end and a rare make through the index, never by a LIKE over the company', async () => {
    for (const [q, expected] of [
      [hondas[1].vin.slice(-6).toLowerCase(), [hondas[1].id]],
      ['honda', [hondas[1].id, hondas[0].id]],
    ] as const) {
      const sql: string[] = [];
      expect(await searched(q, sql)).toEqual({ ids: expected, total: expected.length });
      expect(listQueries(sql).length, sql.join('\n')).toBeGreaterThan(0);
      for (const text of listQueries(sql)) {
        expect(text, `${q}: through the index`).toMatch(byIndex);
        expect(text, `${q}: no LIKE over the columns`).not.toMatch(byLike);
      }
    }
  });

  it('pages a text on most of its cars by the LIKE along the sort, its total all of them', async () => {
    const sql: string[] = [];
    const camrys = await searched('camry', sql);
    expect(camrys.total).toBe(600);
    expect(camrys.ids).toHaveLength(25);
    expect(listQueries(sql).some((text) => byLike.test(text)), sql.join('\n')).toBe(true);
  });
});

describe.each(ENGINES)('the vehicle search index on %s', (engine) => {
  it('takes in the vehicles already there when it is created', async () => {
    const database = await createTestDatabase(engine);
    const db = createDb(database.url);
    try {
      await db.migrate.latest();
      const [, undone] = await db.migrate.down({ name: '20261125000200_vehicle_search' });
      expect(undone).toEqual(['20261125000200_vehicle_search']);
      const now = new Date().toISOString();
      const [companyId] = await db('companies').insert({ name: 'Before the index', code: 'BEFORE1', createdAt: now });
      const [vehicleId] = await db('vehicles').insert({ vin: validVin('JTMHV01J'), make: 'Toyota', model: 'Land Cruiser', companyId, status: 'NEW_PURCHASE', createdAt: now });
      await db.migrate.up({ name: '20261125000200_vehicle_search' });
      const found =
        engine === 'sqlite'
          ? await selectRows<{ id: number }>(db, 'select rowid as id from vehicles_search where vehicles_search match ?', ['"cruis"'])
          : await selectRows<{ id: number }>(db, "select vehicleId as id from vehicle_search_suffixes where suffix like 'cruis%'", []);
      expect(found.map((row) => Number(row.id))).toEqual([Number(vehicleId)]);
    } finally {
      await closeDb(db);
      await database.drop();
    }
  });

  it.runIf(engine === 'sqlite')('holds the company of the vehicles already there once 20261203000100 has run', async () => {
    const database = await createTestDatabase(engine);
    const db = createDb(database.url);
    try {
      await db.migrate.latest();
      await db.migrate.down({ name: '20261203000100_vehicle_search_by_company' });
      const now = new Date().toISOString();
      const companies: number[] = [];
      // Ids beyond one token character's 2,048 values, to check each of the three.
      for (const id of [7, 2_049, 4_194_305]) {
        await db('companies').insert({ id, name: `Before ${id}`, code: `BEFORE${id}`, createdAt: now });
        await db('vehicles').insert({ vin: validVin('JTMHV01J'), make: 'Toyota', model: 'Land Cruiser', companyId: id, status: 'NEW_PURCHASE', createdAt: now });
        companies.push(id);
      }
      await db.migrate.latest();
      for (const companyId of companies) {
        const found = await selectRows<{ companyId: number }>(
          db,
          'select v.companyId from vehicles_search s join vehicles v on v.id = s.rowid where vehicles_search match ?',
          [`company : "${companyToken(companyId)}" AND {vin make model} : "cruis"`],
        );
        expect(found.map((row) => Number(row.companyId))).toEqual([companyId]);
      }
    } finally {
      await closeDb(db);
      await database.drop();
    }
  });
});
