import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { listQuery } from './support/lists';
import { startTestApp, type TestApp } from './support/testApp';
import { keepFiguresOfWrittenRows } from './support/keptFigures';
import { validVin } from './support/vins';

import { statusRank, type VehicleStatus } from '../src/domain/statuses';
/**
 * Every list answer stays the same, byte for byte, whatever is done to make lists cheaper: a fixed
 * world is seeded, a set of list requests (sorts, filters, searches, pages, roles) is sent, and
 * each answer's status, Content-Range and body text are compared with the ones recorded on the
 * code before (api/test/fixtures/listAnswers.<engine>.json). RECORD_LIST_ANSWERS=1 records them
 * anew: only when an answer is meant to change.
 */
const FIXTURE = (engine: string) => path.join(import.meta.dirname, 'fixtures', `listAnswers.${engine}.json`);
const RECORD = process.env.RECORD_LIST_ANSWERS === '1';

const MAKES = ['TOYOTA', 'Nissan', 'Lexus', 'FORD', 'Kia', 'Toyota'];
const STATUSES: VehicleStatus[] = ['NEW_PURCHASE', 'DISPATCHED', 'AT_WAREHOUSE', 'LOADED', 'SHIPPED'];
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 3_600_000 * 7).toISOString();

type Answer = { request: string; status: number; contentRange: string | null; body: string };

describe.each(ENGINES)('list answers on %s', (engine) => {
  let t: TestApp;
  const clients: Record<string, supertest.Agent> = {};
  let containerId = 0;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const a = await t.company({ name: 'Fixture Motors', code: 'FXA' });
    const b = await t.company({ name: 'Other Cars', code: 'FXB' });
    const people = {
      SUPER_ADMIN: await t.user({ role: 'SUPER_ADMIN', username: 'root@fixture.example' }),
      COMPANY_ADMIN: await t.user({ role: 'COMPANY_ADMIN', companyId: a.id, username: 'admin@fixture.example' }),
      SHIPPER: await t.user({ role: 'SHIPPER', companyId: a.id, username: 'shipper@fixture.example' }),
      BUYER: await t.user({ role: 'BUYER', companyId: a.id, username: 'buyer@fixture.example' }),
    };
    const [container] = await t.db('containers').insert({ number: 'MSCU1234565', companyId: a.id, containerSize: '40HC', shippingLine: 'MSC', createdAt: day(1) });
    containerId = Number(container);
    let serial = 0;
    for (const [companyId, count] of [[a.id, 43], [b.id, 11]] as const) {
      for (let i = 0; i < count; i++) {
        const [vehicleId] = await t.db('vehicles').insert({
          vin: validVin('1HGCM826', `FX${String(serial++).padStart(6, '0')}`),
          make: i % 11 === 5 ? null : MAKES[i % MAKES.length],
          model: i % 9 === 4 ? null : `Model ${i % 4}`,
          year: i % 7 === 3 ? null : 2015 + (i % 6),
          status: STATUSES[i % STATUSES.length],
          statusRank: statusRank(STATUSES[i % STATUSES.length]),
          containerId: companyId === a.id && i % 4 === 0 ? containerId : null,
          companyId,
          shipperId: companyId === a.id ? people.SHIPPER.id : null,
          buyerId: companyId === a.id && i % 3 === 0 ? people.BUYER.id : null,
          vehicleInfo: i % 5 === 2 ? null : JSON.stringify({ color: ['White', 'Black', 'رمادي'][i % 3], engine: `${i}.0L` }),
          notes: i % 6 === 1 ? 'note "quoted" \\ back' : null,
          // Some share a creation time, so ties are broken by id.
          createdAt: day(Math.floor(i / 2)),
          updatedAt: i % 8 === 7 ? day(100 + i) : null,
        });
        for (let f = 0; f < i % 3; f++) {
          await t.db('vehicle_files').insert({ vehicleId, companyId, fileType: f === 1 ? 'DOCUMENT' : 'IMAGE', fileName: `f${f}.png`, mimeType: 'image/png', fileSize: 10 + f, createdAt: day(i) });
        }
      }
    }
    for (let i = 0; i < 7; i++) {
      await t.db('containers').insert({ number: `TGHU${String(i).padStart(7, '0')}`, companyId: i % 2 ? a.id : b.id, containerSize: '20GP', createdAt: day(i % 3) });
    }
    // Containers with every column a list row shows: ports (Arabic names too), a shipper, the
    // milestones and their dates (one arrival past its date), too many cars for a 20-foot box.
    const [jeddah] = await t.db('ports').insert({ name: 'Jeddah Islamic Port', nameAr: 'ميناء جدة الإسلامي', country: 'SA', createdAt: day(0) });
    const [houston] = await t.db('ports').insert({ name: 'Houston', nameAr: 'هيوستن', country: 'US', createdAt: day(0) });
    const MILESTONES = ['BOOKED', 'LOADED', 'DEPARTED', 'ARRIVED', 'RELEASED'];
    for (let i = 0; i < 9; i++) {
      const status = MILESTONES[i % MILESTONES.length];
      const [id] = await t.db('containers').insert({
        number: `MSKU${String(i).padStart(7, '0')}`,
        companyId: i % 3 === 2 ? b.id : a.id,
        bookingNumber: i % 2 ? `BK-${i}` : null,
        containerSize: ['20GP', '40HC', null, '40"'][i % 4],
        loadingDate: i % 4 === 1 ? null : `2026-02-0${1 + (i % 8)}`,
        arrivalDate: i % 3 === 1 ? null : `2026-0${2 + (i % 2)}-1${i % 9}`,
        sealNumber: i % 5 === 3 ? 'SL "7"' : null,
        shippingLine: ['MSC', 'Maersk', null][i % 3],
        shipperId: i % 3 === 2 ? null : people.SHIPPER.id,
        fromPortId: i % 4 === 3 ? null : Number(houston),
        toPortId: i % 5 === 4 ? null : Number(jeddah),
        status,
        loadedAt: MILESTONES.indexOf(status) >= 1 ? '2026-02-03' : null,
        departedAt: MILESTONES.indexOf(status) >= 2 ? '2026-02-05' : null,
        arrivedAt: MILESTONES.indexOf(status) >= 3 ? '2026-03-01' : null,
        releasedAt: MILESTONES.indexOf(status) >= 4 ? '2026-03-04' : null,
        createdAt: day(2 + (i % 4)),
      });
      if (i === 0) await t.db('vehicles').where({ companyId: a.id }).whereNull('containerId').orderBy('id').limit(6).update({ containerId: Number(id) });
    }
    // The helpers stamp companies and users with the time of the run.
    await t.db('companies').update({ createdAt: day(0) });
    await t.db('users').update({ createdAt: day(0) });
    await keepFiguresOfWrittenRows(t.db);
    for (const [role, person] of Object.entries(people)) clients[role] = await t.signedIn(person.username);
  });
  afterAll(() => t?.close());

  /** The requests: each role's first pages in every sort, later and last pages, and the filters. */
  function requests(): { role: string; path: string; params: Record<string, unknown> }[] {
    const list: { role: string; path: string; params: Record<string, unknown> }[] = [];
    const add = (role: string, p: string, params: Record<string, unknown>) => list.push({ role, path: p, params });
    for (const field of ['createdAt', 'vin', 'make', 'model', 'year', 'status', 'id']) {
      for (const order of ['ASC', 'DESC']) {
        add('SHIPPER', '/api/vehicles', { sort: [field, order], range: [0, 14] });
        // A page in the list's second half is read from its end.
        add('SHIPPER', '/api/vehicles', { sort: [field, order], range: [30, 37] });
      }
      add('SHIPPER', '/api/vehicles', { sort: [field, 'ASC'], range: [10, 17] });
      add('SUPER_ADMIN', '/api/vehicles', { sort: [field, 'DESC'], range: [0, 7] });
      add('SUPER_ADMIN', '/api/vehicles', { sort: [field, 'ASC'], range: [46, 53] });
      add('BUYER', '/api/vehicles', { sort: [field, 'ASC'], range: [0, 7] });
      add('COMPANY_ADMIN', '/api/vehicles', { sort: [field, 'DESC'], range: [5, 12] });
    }
    add('SHIPPER', '/api/vehicles', {});
    add('SHIPPER', '/api/vehicles', { range: [0, 9] });
    add('SHIPPER', '/api/vehicles', { sort: ['year', 'DESC'], range: [0, 24], filter: { status: 'LOADED' } });
    add('SHIPPER', '/api/vehicles', { sort: ['createdAt', 'DESC'], range: [0, 24], filter: { status_ne: 'LOADED' } });
    add('SHIPPER', '/api/vehicles', { sort: ['vin', 'ASC'], range: [0, 24], filter: { q: 'toy' } });
    add('SHIPPER', '/api/vehicles', { sort: ['vin', 'ASC'], range: [5, 9], filter: { q: 'model 2' } });
    add('SHIPPER', '/api/vehicles', { sort: ['createdAt', 'DESC'], range: [0, 24], filter: { q: 'FX00001' } });
    add('SHIPPER', '/api/vehicles', { sort: ['make', 'ASC'], range: [0, 24], filter: { year_gte: 2017, year_lte: 2019 } });
    add('SHIPPER', '/api/vehicles', { sort: ['createdAt', 'ASC'], range: [0, 24], filter: { year: null } });
    add('SHIPPER', '/api/vehicles', { sort: ['createdAt', 'ASC'], range: [0, 24], filter: { containerId } });
    add('SHIPPER', '/api/vehicles', { sort: ['createdAt', 'DESC'], range: [0, 24], filter: { createdAt_gte: '2026-01-03', createdAt_lte: '2026-01-05' } });
    add('SHIPPER', '/api/vehicles', { filter: { id: [3, 1, 2, 40, 50] } });
    add('SHIPPER', '/api/vehicles', { sort: ['status', 'ASC'], range: [100, 124] });
    add('SUPER_ADMIN', '/api/vehicles', { sort: ['vin', 'ASC'], range: [0, 24], filter: { q: 'toyota' } });
    add('SUPER_ADMIN', '/api/vehicles', { sort: ['createdAt', 'DESC'], range: [10, 19], filter: { q: 'model' } });
    add('SUPER_ADMIN', '/api/vehicles', { sort: ['createdAt', 'DESC'], range: [0, 24], filter: { companyId: 2, status: 'SHIPPED' } });
    add('BUYER', '/api/vehicles', { sort: ['createdAt', 'DESC'], range: [0, 24], filter: { q: 'nis' } });
    for (const role of ['SUPER_ADMIN', 'SHIPPER']) {
      add(role, '/api/containers', { sort: ['number', 'ASC'], range: [0, 24] });
      add(role, '/api/containers', { sort: ['createdAt', 'DESC'], range: [2, 5] });
    }
    for (const field of ['createdAt', 'number', 'loadingDate', 'arrivalDate', 'shippingLine', 'id']) {
      add('COMPANY_ADMIN', '/api/containers', { sort: [field, 'DESC'], range: [0, 24] });
      add('SUPER_ADMIN', '/api/containers', { sort: [field, 'ASC'], range: [3, 10] });
    }
    add('SHIPPER', '/api/containers', {});
    add('SHIPPER', '/api/containers', { sort: ['createdAt', 'DESC'], range: [0, 24], filter: { status: 'ARRIVED' } });
    add('SHIPPER', '/api/containers', { sort: ['number', 'ASC'], range: [0, 24], filter: { q: 'msku' } });
    add('SUPER_ADMIN', '/api/containers', { sort: ['number', 'ASC'], range: [0, 24], filter: { companyId: 2 } });
    add('SUPER_ADMIN', '/api/companies', { sort: ['name', 'ASC'], range: [0, 24] });
    add('SUPER_ADMIN', '/api/users', { sort: ['username', 'ASC'], range: [0, 24] });
    return list;
  }

  it('answers every list request as it was recorded', async () => {
    const answers: Answer[] = [];
    for (const { role, path: p, params } of requests()) {
      const res = await clients[role].get(p).query(listQuery(params));
      answers.push({ request: `${role} GET ${p} ${JSON.stringify(params)}`, status: res.status, contentRange: res.headers['content-range'] ?? null, body: res.text });
    }
    // The requests were sent against a world with data in every column that lists show.
    expect(answers.filter((a) => a.status === 200).length).toBe(answers.length);
    if (RECORD || !existsSync(FIXTURE(engine))) {
      if (!RECORD) throw new Error(`${FIXTURE(engine)} is missing: record it with RECORD_LIST_ANSWERS=1 on code whose answers are right`);
      writeFileSync(FIXTURE(engine), JSON.stringify(answers, null, 1) + '\n');
    }
    const recorded = JSON.parse(readFileSync(FIXTURE(engine), 'utf8')) as Answer[];
    expect(answers.map((a) => a.request)).toEqual(recorded.map((a) => a.request));
    for (const [i, answer] of answers.entries()) expect(answer, answer.request).toEqual(recorded[i]);
  });
});
