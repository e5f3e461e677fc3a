import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { DomainError } from '../src/domain/errors';
import { loadDemoAtStart } from '../src/demo/loadAtStart';
import { loadDemoData, type DemoLoaded } from '../src/demo/loadDemoData';
import { DEMO_USERS } from '../src/demo/demoCompany';
import { ENGINES } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';
import { binary } from './support/binaryBody';

const DEMO_PASSWORD = 'demo-password-1234';
const MAX_PIXELS = 200_000_000;
const username = (key: string) => DEMO_USERS.find((u) => u.key === key)!.username;

/** Every row the loader could touch, counted, so "nothing changed" is checked, not assumed. */
async function tableCounts(t: TestApp) {
  const counts: Record<string, number> = {};
  for (const table of ['companies', 'users', 'ports', 'containers', 'vehicles', 'vehicle_files', 'vehicle_status_events']) {
    counts[table] = Number((await t.db(table).count({ n: '*' }))[0].n);
  }
  return counts;
}

describe.each(ENGINES)('demo data on %s', (engine) => {
  describe('into an empty install', () => {
    let t: TestApp;
    let demo: DemoLoaded;
    let shipper: supertest.Agent;

    beforeAll(async () => {
      t = await startTestApp(engine);
      await t.user({ role: 'SUPER_ADMIN' });
      demo = await loadDemoData(t.db, { password: DEMO_PASSWORD, maxPixels: MAX_PIXELS, storage: t.app.fileStorages.current });
      shipper = await t.signedIn(username('shipper'), DEMO_PASSWORD);
    }, 120_000);
    afterAll(() => t?.close());

    it('writes one company with its ports, three accounts, three containers, eight vehicles and their photos', async () => {
      expect(demo.counts).toEqual({ ports: 5, containers: 3, vehicles: 8, photos: 16 });
      expect(await tableCounts(t)).toMatchObject({ companies: 1, users: 4, ports: 5, containers: 3, vehicles: 8, vehicle_files: 16 });
      expect(demo.accounts.map((a) => a.role)).toEqual(['COMPANY_ADMIN', 'SHIPPER', 'BUYER']);
      const company = await t.db('companies').first();
      expect(company).toMatchObject({ code: 'DEMO', name: 'Gulf Star Motors' });
      expect(company.legalNameAr).toMatch(/[\u0600-\u06FF]/);
      const ports = await t.db('ports').select('country', 'nameAr');
      expect(new Set(ports.map((p) => p.country))).toEqual(new Set(['US', 'AE', 'SA']));
      for (const port of ports) expect(port.nameAr).toMatch(/[\u0600-\u06FF]/);
    });

    it('signs each demo account in with the given password, without a forced change', async () => {
      for (const key of ['admin', 'buyer']) {
        const agent = await t.signedIn(username(key), DEMO_PASSWORD);
        const me = await agent.get('/api/user');
        expect(me.body.mustChangePassword).toBe(false);
      }
    });

    it('shows the vehicles with valid VINs, various statuses, a thumbnail and a status history', async () => {
      const res = await shipper.get('/api/vehicles');
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(8);
      for (const vehicle of res.body) {
        expect(vehicle.vinCheckDigitValid).toBe(true);
        expect(vehicle.imageCount).toBe(2);
        expect(vehicle.thumbnailFileId).toEqual(expect.any(Number));
      }
      expect(new Set(res.body.map((v: { status: string }) => v.status)).size).toBeGreaterThanOrEqual(6);

      const received = res.body.find((v: { status: string }) => v.status === 'RECEIVED');
      const detail = await shipper.get(`/api/vehicles/${received.id}`);
      expect(detail.body.statusHistory.map((e: { toStatus: string }) => e.toStatus)).toEqual([
        'NEW_PURCHASE', 'DISPATCHED', 'IN_PROGRESS', 'AT_WAREHOUSE', 'LOADED', 'SHIPPED', 'AT_PORT', 'RECEIVED',
      ]);
      expect(detail.body.container).toMatchObject({ shippingLine: 'CMA CGM' });
    });

    it('serves the photos through the API as a company user: a thumbnail and the original are readable images', async () => {
      const [vehicle] = (await shipper.get('/api/vehicles')).body;
      const thumb = await shipper.get(`/api/vehicles/${vehicle.id}/files/${vehicle.thumbnailFileId}/download?variant=thumbnail`).buffer(true).parse(binary);
      expect(thumb.status).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(thumb.body as Buffer).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(320);
      const original = await shipper.get(`/api/vehicles/${vehicle.id}/files/${vehicle.thumbnailFileId}/download`).buffer(true).parse(binary);
      expect((await sharp(original.body as Buffer).metadata()).width).toBe(800);
    });

    it('shows the containers at three stages, with shipping lines, dates and valid numbers', async () => {
      const res = await shipper.get('/api/containers');
      expect(res.body).toHaveLength(3);
      const today = new Date().toISOString().slice(0, 10);
      const loaded = res.body.filter((c: { loadingDate: string }) => c.loadingDate.slice(0, 10) <= today);
      const arrived = res.body.filter((c: { arrivalDate: string }) => c.arrivalDate.slice(0, 10) <= today);
      expect([loaded.length, arrived.length]).toEqual([2, 1]);
      expect(res.body.map((c: { shippingLine: string }) => c.shippingLine).sort()).toEqual(['CMA CGM', 'MSC', 'Maersk']);
      for (const container of res.body) {
        expect(container.numberCheckDigitValid).toBe(true);
        expect(container.fromPortCountry).toBe('US');
      }
    });

    it('keeps the company scope: the buyer sees only its purchases, another company nothing of the demo', async () => {
      const buyer = await t.signedIn(username('buyer'), DEMO_PASSWORD);
      const bought = await buyer.get('/api/vehicles');
      expect(bought.body).toHaveLength(3);

      const other = await t.company({ name: 'Other Exports' });
      const otherAdmin = await t.user({ role: 'COMPANY_ADMIN', companyId: other.id });
      const outsider = await t.signedIn(otherAdmin.username);
      expect((await outsider.get('/api/vehicles')).body).toEqual([]);
      expect((await outsider.get('/api/containers')).body).toEqual([]);
      const [vehicle] = (await shipper.get('/api/vehicles')).body;
      expect((await outsider.get(`/api/vehicles/${vehicle.id}`)).status).toBe(404);
      expect((await outsider.get(`/api/vehicles/${vehicle.id}/files/${vehicle.thumbnailFileId}/download`)).status).toBe(404);
    });
  });

  describe('into an install with data', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(engine);
      const company = await t.company({ name: 'Real Exports' });
      await t.user({ role: 'SUPER_ADMIN' });
      await t.user({ role: 'SHIPPER', companyId: company.id });
      await t.db('ports').insert({ name: 'Jeddah', nameAr: 'جدة', country: 'SA', createdAt: new Date().toISOString() });
    });
    afterAll(() => t?.close());

    it('refuses, and changes nothing', async () => {
      const before = await tableCounts(t);
      const error = await loadDemoData(t.db, { maxPixels: MAX_PIXELS, storage: t.app.fileStorages.current }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('demo.installNotEmpty');
      expect(await tableCounts(t)).toEqual(before);
    });

    it('says so in the start log with DEMO_DATA=true, and starts all the same', async () => {
      const lines: string[] = [];
      await loadDemoAtStart(t.db, { ...t.config, demo: { load: true } }, (line) => lines.push(line));
      expect(lines.join('\n')).toMatch(/already has companies, so no demo data was loaded/);
      expect(Number((await t.db('companies').count({ n: '*' }))[0].n)).toBe(1);
    });
  });

  describe('POST /api/demo-data', () => {
    let t: TestApp;
    let superAdmin: supertest.Agent;
    beforeAll(async () => {
      t = await startTestApp(engine);
      superAdmin = await t.signedIn((await t.user({ role: 'SUPER_ADMIN' })).username);
    });
    afterAll(() => t?.close());

    it('is for the super admin only', async () => {
      const company = await t.company();
      const admin = await t.signedIn((await t.user({ role: 'COMPANY_ADMIN', companyId: company.id })).username);
      const res = await admin.post('/api/demo-data');
      expect(res.status).toBe(403);
      await t.db('users').where({ companyId: company.id }).delete();
      await t.db('companies').where({ id: company.id }).delete();
    });

    it('loads the demo on an empty install and answers with accounts that sign in; a second time is a 409', async () => {
      const res = await superAdmin.post('/api/demo-data');
      expect(res.status).toBe(201);
      expect(res.body.counts).toEqual({ ports: 5, containers: 3, vehicles: 8, photos: 16 });
      const shipperAccount = res.body.accounts.find((a: { role: string }) => a.role === 'SHIPPER');
      const shipper = await t.signedIn(shipperAccount.username, shipperAccount.password);
      expect((await shipper.get('/api/vehicles')).body).toHaveLength(8);

      const again = await superAdmin.post('/api/demo-data');
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('demo.installNotEmpty');
      expect(Number((await t.db('companies').count({ n: '*' }))[0].n)).toBe(1);
    }, 120_000);
  });
});
