import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';
import { keepFiguresOfWrittenRows } from './support/keptFigures';
import { validVin } from './support/vins';
import { statusRank, type VehicleStatus } from '../src/domain/statuses';

/**
 * A vehicle's detail (GET /api/vehicles/{id}) stays the same, byte for byte, however it is read:
 * a fixed world is seeded (a container with its route and one without, files of both kinds,
 * status changes by people and by a container, analysis texts, JSON and non-JSON vehicle info,
 * documents overdue and not), every role asks for every vehicle, and each answer's status and
 * body text are compared with the ones recorded on the code before
 * (api/test/fixtures/vehicleDetails.<engine>.json). RECORD_DETAIL_ANSWERS=1 records them anew:
 * only when an answer is meant to change.
 */
const FIXTURE = (engine: string) => path.join(import.meta.dirname, 'fixtures', `vehicleDetails.${engine}.json`);
const RECORD = process.env.RECORD_DETAIL_ANSWERS === '1';

const STATUSES: VehicleStatus[] = ['NEW_PURCHASE', 'DISPATCHED', 'AT_WAREHOUSE', 'LOADED', 'SHIPPED'];
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 3_600_000 * 7).toISOString();

type Answer = { request: string; status: number; body: string };

describe.each(ENGINES)('vehicle details on %s', (engine) => {
  let t: TestApp;
  const clients: Record<string, supertest.Agent> = {};
  const vehicleIds: number[] = [];

  beforeAll(async () => {
    t = await startTestApp(engine);
    const a = await t.company({ name: 'Detail Motors', code: 'DTA' });
    const b = await t.company({ name: 'Other Detail Cars', code: 'DTB' });
    const people = {
      SUPER_ADMIN: await t.user({ role: 'SUPER_ADMIN', username: 'root@detail.example' }),
      COMPANY_ADMIN: await t.user({ role: 'COMPANY_ADMIN', companyId: a.id, username: 'admin@detail.example' }),
      SHIPPER: await t.user({ role: 'SHIPPER', companyId: a.id, username: 'shipper@detail.example' }),
      BUYER: await t.user({ role: 'BUYER', companyId: a.id, username: 'buyer@detail.example' }),
    };
    const port = async (name: string, nameAr: string, country: string) => Number((await t.db('ports').insert({ name, nameAr, country, createdAt: day(0) }))[0]);
    const jeddah = await port('Jeddah Islamic Port', 'ميناء جدة الإسلامي', 'Saudi Arabia');
    const jebelAli = await port('Jebel Ali', 'جبل علي', 'UAE');
    const routed = Number(
      (await t.db('containers').insert({ number: 'MSCU1234565', companyId: a.id, containerSize: '40HC', shippingLine: 'MSC', loadingDate: '2026-01-05', arrivalDate: '2026-02-01', fromPortId: jeddah, toPortId: jebelAli, createdAt: day(1) }))[0],
    );
    const bare = Number((await t.db('containers').insert({ number: 'TGHU0000001', companyId: a.id, containerSize: '20GP', createdAt: day(2) }))[0]);
    let serial = 0;
    for (const [companyId, count] of [[a.id, 12], [b.id, 3]] as const) {
      for (let i = 0; i < count; i++) {
        const status = STATUSES[i % STATUSES.length];
        const [id] = await t.db('vehicles').insert({
          vin: i % 4 === 3 ? `JT2BG22K0Y${String(serial++).padStart(7, '0')}` : validVin('1HGCM826', `DT${String(serial++).padStart(6, '0')}`),
          make: i % 5 === 4 ? null : ['TOYOTA', 'Nissan', 'Lexus'][i % 3],
          model: i % 6 === 5 ? null : `Model ${i % 4}`,
          year: i % 7 === 3 ? null : 2015 + (i % 6),
          status,
          statusRank: statusRank(status),
          containerId: companyId === a.id ? [routed, bare, null][i % 3] : null,
          fromPortId: i % 2 ? jeddah : null,
          toPortId: i % 2 ? jebelAli : null,
          companyId,
          shipperId: companyId === a.id ? people.SHIPPER.id : null,
          buyerId: companyId === a.id && i % 3 === 0 ? people.BUYER.id : null,
          vehicleInfo: [null, JSON.stringify({ color: 'رمادي', engine: `${i}.0L` }), 'not JSON'][i % 3],
          notes: i % 4 === 1 ? 'note "quoted" \\ back' : null,
          accidentAnalysis: i % 5 === 2 ? 'A dent on the left door' : null,
          accidentAnalysisAr: i % 5 === 2 ? 'انبعاج في الباب الأيسر' : null,
          accidentAnalysisImageCount: i % 5 === 2 ? 3 : null,
          lastAnalysisDate: i % 5 === 2 ? day(20) : null,
          documentsDueAt: [null, day(3), '2999-01-01T00:00:00.000Z'][i % 3],
          createdAt: day(i),
          updatedAt: i % 2 ? day(50 + i) : null,
        });
        const vehicleId = Number(id);
        vehicleIds.push(vehicleId);
        for (let f = 0; f < i % 4; f++) {
          await t.db('vehicle_files').insert({
            vehicleId,
            companyId,
            fileType: f === 1 ? 'DOCUMENT' : 'IMAGE',
            fileName: f === 1 ? 'bill of lading.pdf' : `photo ${f}.jpg`,
            mimeType: f === 1 ? 'application/pdf' : 'image/jpeg',
            fileSize: 1000 + f,
            width: f === 1 ? null : 640,
            height: f === 1 ? null : 480,
            documentKind: f === 1 ? 'BILL_OF_LADING' : null,
            verifiedAt: f === 1 && i % 2 ? day(30) : null,
            createdAt: day(i + f),
          });
        }
        const events = [
          { fromStatus: null, toStatus: 'NEW_PURCHASE', userId: people.SHIPPER.id, containerId: null, createdAt: day(i) },
          { fromStatus: 'NEW_PURCHASE', toStatus: 'DISPATCHED', userId: people.COMPANY_ADMIN.id, containerId: null, createdAt: day(i + 1) },
          // A container's milestone, and two changes in the same instant (ordered by id).
          { fromStatus: 'DISPATCHED', toStatus: 'LOADED', userId: null, containerId: routed, createdAt: day(i + 2) },
          { fromStatus: 'LOADED', toStatus: 'SHIPPED', userId: people.SHIPPER.id, containerId: null, createdAt: day(i + 2) },
        ].slice(0, i % 5);
        for (const event of events) await t.db('vehicle_status_events').insert({ vehicleId, ...event });
      }
    }
    // The helpers stamp companies and users with the time of the run.
    await t.db('companies').update({ createdAt: day(0) });
    await t.db('users').update({ createdAt: day(0) });
    await keepFiguresOfWrittenRows(t.db);
    for (const [role, person] of Object.entries(people)) clients[role] = await t.signedIn(person.username);
  });
  afterAll(() => t?.close());

  it('answers every vehicle to every role as it was recorded', async () => {
    const answers: Answer[] = [];
    for (const role of Object.keys(clients)) {
      for (const [n, id] of vehicleIds.entries()) {
        const res = await clients[role].get(`/api/vehicles/${id}`);
        answers.push({ request: `${role} GET vehicle ${n}`, status: res.status, body: res.status === 200 ? res.text : JSON.stringify(res.body.code ?? null) });
      }
      const missing = await clients[role].get('/api/vehicles/999999');
      answers.push({ request: `${role} GET a vehicle that does not exist`, status: missing.status, body: JSON.stringify(missing.body.code ?? null) });
    }
    // Each role saw some vehicles and was refused others (the buyer sees its purchases only).
    for (const role of ['COMPANY_ADMIN', 'SHIPPER', 'BUYER']) {
      const statuses = answers.filter((a) => a.request.startsWith(`${role} GET vehicle`)).map((a) => a.status);
      expect(statuses).toContain(200);
      expect(statuses).toContain(404);
    }
    if (RECORD || !existsSync(FIXTURE(engine))) {
      if (!RECORD) throw new Error(`${FIXTURE(engine)} is missing: record it with RECORD_DETAIL_ANSWERS=1 on code whose answers are right`);
      writeFileSync(FIXTURE(engine), JSON.stringify(answers, null, 1) + '\n');
    }
    const recorded = JSON.parse(readFileSync(FIXTURE(engine), 'utf8')) as Answer[];
    expect(answers.map((a) => a.request)).toEqual(recorded.map((a) => a.request));
    for (const [i, answer] of answers.entries()) expect(answer, answer.request).toEqual(recorded[i]);
  });

  // MySQL/MariaDB: every statement is a round trip that costs the server and us more than its work.
  it.runIf(engine === 'mysql')('reads a vehicle with its files and history in one statement on MySQL', async () => {
    const statements: string[] = [];
    const listen = (query: { sql: string }) => statements.push(query.sql);
    const withAll = vehicleIds[7]; // three files and two changes
    t.db.on('query', listen);
    try {
      const res = await clients.SUPER_ADMIN.get(`/api/vehicles/${withAll}`);
      expect(res.status).toBe(200);
      expect(res.body.files).toHaveLength(3);
      expect(res.body.statusHistory).toHaveLength(2);
    } finally {
      t.db.off('query', listen);
    }
    expect(statements.filter((sql) => !/\bsessions\b/.test(sql))).toHaveLength(1);
  });
});
