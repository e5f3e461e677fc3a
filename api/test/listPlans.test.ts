import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMysql } from '../src/db';
import { ENGINES } from './support/engines';
import { startTestApp, PASSWORD, type TestApp } from './support/testApp';
import { validVin } from './support/vins';
import { keepFiguresOfWrittenRows } from './support/keptFigures';
import { statusRank, type VehicleStatus } from '../src/domain/statuses';

// Alphabetical order (DISPATCHED, LOADED, NEW_PURCHASE, SHIPPED) is not the stages' order.
const STATUSES: VehicleStatus[] = ['NEW_PURCHASE', 'DISPATCHED', 'LOADED', 'SHIPPED'];
const SIZES = ['20GP', '40GP', '40HC', '45HC'];
const ROWS_PER_COMPANY = 1500;

/** The lists checked, the sorts their console pages offer, and a row of company c. */
const LISTS = {
  vehicles: {
    sorts: ['createdAt', 'vin', 'make', 'model', 'year', 'status'],
    row: (companyId: number, i: number, createdAt: string) => ({
      vin: validVin(),
      make: `Make ${i % 13}`,
      model: `Model ${i % 29}`,
      year: 2000 + (i % 25),
      status: STATUSES[i % STATUSES.length],
      statusRank: statusRank(STATUSES[i % STATUSES.length]),
      companyId,
      createdAt,
    }),
  },
  containers: {
    sorts: ['createdAt', 'number', 'bookingNumber', 'containerSize', 'loadingDate', 'arrivalDate', 'shippingLine'],
    row: (companyId: number, i: number, createdAt: string) => ({
      number: `PLAN${companyId}${String(i).padStart(6, '0')}`,
      bookingNumber: `BK${i % 97}`,
      containerSize: SIZES[i % SIZES.length],
      loadingDate: new Date(Date.UTC(2026, 0, 1 + (i % 200))).toISOString().slice(0, 10),
      arrivalDate: new Date(Date.UTC(2026, 1, 1 + (i % 200))).toISOString().slice(0, 10),
      shippingLine: `Line ${i % 7}`,
      companyId,
      createdAt,
    }),
  },
};

type Captured = { sql: string; bindings: unknown[] };

/**
 * Every sort the vehicle and container lists offer reads its page's ids from an index in the list's order, for
 * the super admin (every company) and for company staff (one company), on both engines: the
 * database never sorts every matching row to find 25 (at a million vehicles that took seconds).
 * Checked on the query plan of the ids query each request ran.
 */
describe.each(ENGINES)('list sorts read from an index on %s', (engine) => {
  let t: TestApp;
  let superAdmin: supertest.Agent;
  let shipper: supertest.Agent;
  let captured: Captured[] = [];
  const capture = (query: Captured) => captured.push({ sql: query.sql, bindings: query.bindings });

  beforeAll(async () => {
    t = await startTestApp(engine);
    const companies = [await t.company(), await t.company()];
    const now = Date.UTC(2026, 0, 1);
    for (const [table, list] of Object.entries(LISTS)) {
      for (const company of companies) {
        const rows = Array.from({ length: ROWS_PER_COMPANY }, (_, i) => list.row(company.id, i, new Date(now + i * 60_000).toISOString()));
        for (let i = 0; i < rows.length; i += 250) await t.db(table).insert(rows.slice(i, i + 250));
      }
    }
    await keepFiguresOfWrittenRows(t.db);
    // The optimizer's statistics, as a database that has lived a while has them.
    if (isMysql(t.db)) await t.db.raw('analyze table vehicles, containers');
    else await t.db.raw('analyze');
    const admin = await t.user({ role: 'SUPER_ADMIN' });
    superAdmin = await t.signedIn(admin.username, PASSWORD);
    shipper = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: companies[0].id })).username, PASSWORD);
    t.db.on('query', capture);
  });
  afterAll(async () => {
    t.db.off('query', capture);
    await t.close();
  });

  /** The plan of a query: MariaDB's EXPLAIN rows' Extra, or SQLite's EXPLAIN QUERY PLAN details. */
  async function planOf({ sql, bindings }: Captured): Promise<string> {
    if (isMysql(t.db)) {
      const [rows] = (await t.db.raw(`explain ${sql}`, bindings as never)) as [{ Extra: string | null }[]];
      return rows.map((row) => row.Extra ?? '').join(' | ');
    }
    const rows = (await t.db.raw(`explain query plan ${sql}`, bindings as never)) as { detail: string }[];
    return rows.map((row) => row.detail).join(' | ');
  }

  for (const [table, list] of Object.entries(LISTS)) for (const who of ['super admin', 'shipper'] as const) {
    for (const field of list.sorts) {
      // The first page, a page near the start, and one near the end (read backwards from the end).
      const nearEnd = (who === 'super admin' ? 2 : 1) * ROWS_PER_COMPANY - 50;
      for (const [direction, from] of [['ASC', 0], ['DESC', 25], ['ASC', nearEnd]] as const) {
        it(`${table}, ${who}: sorted by ${field} ${direction}, rows ${from} on`, async () => {
          captured = [];
          const agent = who === 'super admin' ? superAdmin : shipper;
          const res = await agent.get(`/api/${table}`).query({ sort: JSON.stringify([field, direction]), range: JSON.stringify([from, from + 24]) });
          expect(res.status).toBe(200);
          expect(res.body).toHaveLength(25);
          if (field === 'status') {
            // The stages' order (by the stored rank), never the codes' alphabetical one.
            const ranks = res.body.map((row: { status: VehicleStatus }) => statusRank(row.status));
            expect(ranks).toEqual([...ranks].sort((a, b) => (direction === 'ASC' ? a - b : b - a)));
            // Alphabetically DISPATCHED would come first.
            if (from === 0) expect(res.body[0].status).toBe('NEW_PURCHASE');
          }
          const idsQuery = captured.find((q) => new RegExp(`^select [\`"]?${table}[\`"]?\\.[\`"]?id[\`"]? from`, 'i').test(q.sql) && /order by/i.test(q.sql));
          expect(idsQuery, 'the page ids query').toBeDefined();
          const plan = await planOf(idsQuery!);
          expect(plan).not.toMatch(/filesort|temp b-tree/i);
        });
      }
    }
  }
});
