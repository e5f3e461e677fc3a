import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb } from '../src/db';
import { CURRENCY_MESSAGE } from '../src/domain/currency';
import { createTestDatabase, ENGINES, type EngineName } from './support/engines';
import { html, jpegWithGps, pdf, png } from './support/fixtures';
import { countRows, expectError, getList } from './support/lists';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';

const PROFILE_FIELDS = ['legalNameEn', 'legalNameAr', 'address', 'city', 'country', 'vatNumber', 'commercialRegistrationNumber', 'currency'] as const;
const SAUDI_VAT_MESSAGE = 'VAT number must be 15 digits for Saudi Arabia, starting and ending with 3';
const PROFILE_ONLY_MESSAGE = 'Only a super administrator can change the name, code or status of a company';
const MIGRATION = '20261124400100_company_invoice_profile';

type Res = { status: number; body: any; headers: Record<string, any> };

/** A full profile, as a company in Saudi Arabia would fill it in. */
const saudiProfile = {
  legalNameEn: 'Gulf Motors Trading LLC',
  legalNameAr: 'شركة الخليج للسيارات',
  address: 'King Abdulaziz Road 12',
  city: 'Jeddah',
  country: 'Saudi Arabia',
  vatNumber: '310122393500003',
  commercialRegistrationNumber: '4030-123456',
  currency: 'SAR',
};

/** Image bytes as the API answers them (supertest leaves binary bodies unparsed otherwise). */
const asBuffer = (res: supertest.Request) =>
  res.buffer(true).parse((stream, done) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe.each(ENGINES)('company invoice profile on %s', (engine) => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
  });
  afterAll(() => t.close());

  const row = (id: number) => t.db('companies').where({ id }).first();
  const logoRows = (companyId: number) => countRows(t.db, 'company_logos', { companyId });
  /** A company of its own per test, so one test's profile never meets another's. */
  const freshCompany = async (fields: Record<string, unknown> = {}) => {
    const company = await t.company();
    if (Object.keys(fields).length) await t.db('companies').where({ id: company.id }).update(fields);
    return company;
  };
  /** A company with a company admin of its own, signed in. */
  const companyWithAdmin = async (fields: Record<string, unknown> = {}) => {
    const company = await freshCompany(fields);
    const admin = await t.user({ role: 'COMPANY_ADMIN', companyId: company.id });
    return { company, client: await t.signedIn(admin.username) };
  };

  describe('fields', () => {
    it('carries the profile, USD and hasLogo in every company answer, list and one', async () => {
      const sa = w.clients.SUPER_ADMIN;
      const expected = { legalNameEn: null, legalNameAr: null, address: null, city: null, country: null, vatNumber: null, commercialRegistrationNumber: null, currency: 'USD', hasLogo: false };
      const one = await sa.get(`/api/companies/${w.companyA.id}`);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ id: w.companyA.id, name: w.companyA.name, ...expected });
      const list = await getList(sa, '/api/companies', { filter: { id: [w.companyA.id, w.companyB.id] } });
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(2);
      for (const company of list.body) expect(company).toMatchObject(expected);
      const own = await w.clients.COMPANY_ADMIN.get('/api/companies');
      expect(own.body).toEqual([one.body]);
    });

    it('creates a company with USD by default, or with a profile given by the super admin', async () => {
      const sa = w.clients.SUPER_ADMIN;
      const plain = await sa.post('/api/companies').send({ name: 'Plain Co', code: 'PLAIN-PROFILE' });
      expect(plain.status).toBe(201);
      expect(plain.body).toMatchObject({ currency: 'USD', hasLogo: false, vatNumber: null });
      expect((await row(plain.body.id)).currency).toBe('USD');

      const full = await sa.post('/api/companies').send({ name: 'Full Co', code: 'FULL-PROFILE', ...saudiProfile, currency: ' sar ' });
      expect(full.status).toBe(201);
      expect(full.body).toMatchObject({ ...saudiProfile, currency: 'SAR', hasLogo: false });
      expect(await row(full.body.id)).toMatchObject({ ...saudiProfile, currency: 'SAR' });

      const before = await countRows(t.db, 'companies');
      const badVat = await sa.post('/api/companies').send({ name: 'Bad VAT', code: 'BAD-VAT', country: 'KSA', vatNumber: '123456789' });
      expectError(badVat, 400, 'validation.failed');
      expect(badVat.body.errors).toEqual({ vatNumber: SAUDI_VAT_MESSAGE });
      const badCurrency = await sa.post('/api/companies').send({ name: 'Bad currency', code: 'BAD-CUR', currency: 'XYZ' });
      expectError(badCurrency, 400, 'validation.failed');
      expect(badCurrency.body.errors).toEqual({ currency: CURRENCY_MESSAGE });
      // Invoices count money in hundredths: a currency with three decimals or none is refused.
      for (const currency of ['KWD', 'JPY']) {
        const res = await sa.post('/api/companies').send({ name: `Bad ${currency}`, code: `BAD-${currency}`, currency });
        expect(res.status, currency).toBe(400);
        expect(res.body.errors).toEqual({ currency: CURRENCY_MESSAGE });
      }
      expect(await countRows(t.db, 'companies')).toBe(before);
    });

    it('trims text, turns empty text into null, upper-cases the currency and ignores hasLogo', async () => {
      const company = await freshCompany({ legalNameEn: 'Old Name', city: 'Riyadh' });
      const res = await w.clients.SUPER_ADMIN.patch(`/api/companies/${company.id}`).send({
        legalNameEn: '  ',
        legalNameAr: '  شركة النور  ',
        address: '',
        city: null,
        country: '  United Arab Emirates ',
        vatNumber: ' 100234567800003 ',
        commercialRegistrationNumber: ' CR-778899 ',
        currency: ' aed ',
        hasLogo: true,
      });
      expect(res.status).toBe(200);
      const expected = {
        legalNameEn: null,
        legalNameAr: 'شركة النور',
        address: null,
        city: null,
        country: 'United Arab Emirates',
        vatNumber: '100234567800003',
        commercialRegistrationNumber: 'CR-778899',
        currency: 'AED',
      };
      expect(res.body).toMatchObject({ ...expected, hasLogo: false });
      expect(await row(company.id)).toMatchObject(expected);
      expect(await logoRows(company.id)).toBe(0);
    });

    it('refuses every invalid profile field with a 400 that names it, and changes nothing', async () => {
      const company = await freshCompany({ legalNameEn: 'Kept Name', vatNumber: 'DE123456789', country: 'Germany', currency: 'EUR' });
      const before = await row(company.id);
      const cases: [Record<string, unknown>, string][] = [
        [{ legalNameEn: 'N'.repeat(201) }, 'legalNameEn'],
        [{ legalNameEn: 42 }, 'legalNameEn'],
        [{ legalNameAr: 'ع'.repeat(201) }, 'legalNameAr'],
        [{ address: 'A'.repeat(501) }, 'address'],
        [{ city: 'C'.repeat(101) }, 'city'],
        [{ country: 'C'.repeat(101) }, 'country'],
        [{ vatNumber: 'AB12' }, 'vatNumber'],
        [{ vatNumber: 'A'.repeat(31) }, 'vatNumber'],
        [{ vatNumber: 'DE 123456789' }, 'vatNumber'],
        [{ vatNumber: 'DE-123456789' }, 'vatNumber'],
        [{ vatNumber: 123456789 }, 'vatNumber'],
        [{ commercialRegistrationNumber: 'CR 12345' }, 'commercialRegistrationNumber'],
        [{ commercialRegistrationNumber: 'C'.repeat(31) }, 'commercialRegistrationNumber'],
        [{ commercialRegistrationNumber: 'CR_12345' }, 'commercialRegistrationNumber'],
        [{ currency: 'XYZ' }, 'currency'],
        [{ currency: 'US' }, 'currency'],
        [{ currency: 'USDT' }, 'currency'],
        [{ currency: '' }, 'currency'],
        [{ currency: null }, 'currency'],
        [{ currency: 840 }, 'currency'],
      ];
      {
        const client = w.clients.SUPER_ADMIN;
        for (const [body, field] of cases) {
          const res = await client.patch(`/api/companies/${company.id}`).send({ city: 'Changed', ...body });
          expectError(res, 400, 'validation.failed');
          expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
          expect(res.body.message, JSON.stringify(body)).toContain(field);
        }
      }
      expect((await w.clients.SUPER_ADMIN.patch(`/api/companies/${company.id}`).send({ currency: 'XYZ' })).body.errors).toEqual({ currency: CURRENCY_MESSAGE });
      expect(await row(company.id)).toEqual(before);

      // A company admin's own profile follows the same rules.
      const { company: own, client } = await companyWithAdmin();
      const ownBefore = await row(own.id);
      for (const [body, field] of cases) {
        const res = await client.put(`/api/companies/${own.id}`).send(body);
        expectError(res, 400, 'validation.failed');
        expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
      }
      expect(await row(own.id)).toEqual(ownBefore);
    });
  });

  describe('Saudi VAT numbers', () => {
    it('wants 15 digits starting and ending with 3 when the country is Saudi Arabia, however it is written', async () => {
      const sa = w.clients.SUPER_ADMIN;
      for (const country of ['SA', 'ksa', ' Saudi Arabia ', 'KINGDOM OF SAUDI ARABIA', 'المملكة العربية السعودية', 'السعودية']) {
        const company = await freshCompany();
        for (const vatNumber of ['123456789', '30000000000003', '3000000000000003', '200000000000003', '300000000000002']) {
          const res = await sa.patch(`/api/companies/${company.id}`).send({ country, vatNumber });
          expectError(res, 400, 'validation.failed');
          expect(res.body.message).toBe(SAUDI_VAT_MESSAGE);
          expect(res.body.errors).toEqual({ vatNumber: SAUDI_VAT_MESSAGE });
        }
        expect(await row(company.id)).toMatchObject({ country: null, vatNumber: null });
        const ok = await sa.patch(`/api/companies/${company.id}`).send({ country, vatNumber: '300000000000003' });
        expect(ok.status, country).toBe(200);
        expect(ok.body).toMatchObject({ country: country.trim(), vatNumber: '300000000000003' });
      }
    });

    it('checks the VAT number the company ends up with: a change of country or currency alone is checked too', async () => {
      const sa = w.clients.SUPER_ADMIN;
      const company = await freshCompany({ country: 'United Arab Emirates', vatNumber: '123456789', currency: 'AED' });
      const toSaudi = await sa.patch(`/api/companies/${company.id}`).send({ country: 'KSA' });
      expectError(toSaudi, 400, 'validation.failed');
      expect(toSaudi.body.errors).toEqual({ vatNumber: SAUDI_VAT_MESSAGE });
      expect(await row(company.id)).toMatchObject({ country: 'United Arab Emirates', vatNumber: '123456789' });
      // Together with a Saudi number it is fine; so is the number alone once the country is Saudi.
      expect((await sa.patch(`/api/companies/${company.id}`).send({ country: 'KSA', vatNumber: '300000000000003' })).status).toBe(200);
      expectError(await sa.patch(`/api/companies/${company.id}`).send({ vatNumber: '123456789' }), 400, 'validation.failed');
      expect(await row(company.id)).toMatchObject({ country: 'KSA', vatNumber: '300000000000003' });
      // Clearing the number is always allowed.
      expect((await sa.patch(`/api/companies/${company.id}`).send({ vatNumber: '' })).body.vatNumber).toBeNull();
    });

    it('checks any 15-digit number by the Saudi rule when the currency is SAR', async () => {
      const sa = w.clients.SUPER_ADMIN;
      const company = await freshCompany();
      const res = await sa.patch(`/api/companies/${company.id}`).send({ currency: 'sar', vatNumber: '123456789012345' });
      expectError(res, 400, 'validation.failed');
      expect(res.body.errors).toEqual({ vatNumber: SAUDI_VAT_MESSAGE });
      expect(await row(company.id)).toMatchObject({ currency: 'USD', vatNumber: null });
      // Another length is another country's number invoiced in riyals.
      expect((await sa.patch(`/api/companies/${company.id}`).send({ currency: 'SAR', vatNumber: 'BH1234567' })).status).toBe(200);
      // A 15-digit number of another country is fine in dollars, not once the currency becomes SAR.
      const elsewhere = await freshCompany({ country: 'Bahrain', vatNumber: '123456789012345' });
      expect((await sa.patch(`/api/companies/${elsewhere.id}`).send({ city: 'Manama' })).status).toBe(200);
      const toSar = await sa.patch(`/api/companies/${elsewhere.id}`).send({ currency: 'SAR' });
      expect(toSar.body.errors).toEqual({ vatNumber: SAUDI_VAT_MESSAGE });
      expect((await row(elsewhere.id)).currency).toBe('USD');
    });
  });

  describe('who may change a profile', () => {
    it('lets a super admin change any company, profile, name, code and status at once', async () => {
      const company = await freshCompany();
      const res = await w.clients.SUPER_ADMIN.put(`/api/companies/${company.id}`).send({ name: 'Renamed Motors', code: 'renamed-m', active: false, ...saudiProfile });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: company.id, name: 'Renamed Motors', code: 'RENAMED-M', active: false, ...saudiProfile, hasLogo: false });
      expect(await row(company.id)).toMatchObject({ name: 'Renamed Motors', code: 'RENAMED-M', ...saudiProfile });
    });

    it("lets a company admin read and change its own company's profile with PATCH and PUT", async () => {
      const { company, client } = await companyWithAdmin();
      const patched = await client.patch(`/api/companies/${company.id}`).send(saudiProfile);
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ id: company.id, name: company.name, code: company.code, active: true, ...saudiProfile, hasLogo: false });
      const put = await client.put(`/api/companies/${company.id}`).send({ city: 'Dammam' });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ ...saudiProfile, city: 'Dammam' });
      expect(await row(company.id)).toMatchObject({ name: company.name, code: company.code, ...saudiProfile, city: 'Dammam' });
      const read = await client.get(`/api/companies/${company.id}`);
      expect(read.body).toEqual(put.body);
    });

    it('lets a company admin send the whole record back (react-admin does) when name, code and status are unchanged', async () => {
      const { company, client } = await companyWithAdmin();
      const record = (await client.get(`/api/companies/${company.id}`)).body;
      const res = await client.put(`/api/companies/${company.id}`).send({ ...record, city: 'Khobar', code: record.code.toLowerCase(), name: ` ${record.name} ` });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...record, city: 'Khobar' });
    });

    it('refuses a company admin a change of name, code or status with 403, and changes nothing', async () => {
      const { company, client } = await companyWithAdmin({ city: 'Jeddah' });
      const before = await row(company.id);
      for (const body of [{ name: 'Renamed' }, { code: 'NEWCODE' }, { active: false }, { name: '' }, { active: 'no' }, { name: 'Renamed', code: 'NEWCODE', active: false }]) {
        for (const method of ['patch', 'put'] as const) {
          const res = await client[method](`/api/companies/${company.id}`).send({ city: 'Riyadh', ...body });
          expectError(res, 403, 'auth.forbidden');
          expect(res.body.message).toBe(PROFILE_ONLY_MESSAGE);
        }
      }
      expect(await row(company.id)).toEqual(before);
    });

    it("answers a company admin 404 for another company's profile and logo, and changes nothing", async () => {
      const ca = w.clients.COMPANY_ADMIN;
      const before = await row(w.companyB.id);
      const logo = await png(40, 20);
      for (const id of [w.companyB.id, 999999]) {
        expectError(await ca.patch(`/api/companies/${id}`).send({ city: 'Elsewhere' }), 404, 'notFound');
        expectError(await ca.put(`/api/companies/${id}`).send({ vatNumber: 'X12345' }), 404, 'notFound');
        expectError(await ca.get(`/api/companies/${id}/logo`), 404, 'notFound');
        expectError(await ca.put(`/api/companies/${id}/logo`).attach('file', logo, 'logo.png'), 404, 'notFound');
        expectError(await ca.delete(`/api/companies/${id}/logo`), 404, 'notFound');
      }
      // The answers for an existing company and a missing one are the same.
      expect((await ca.patch(`/api/companies/${w.companyB.id}`).send({ city: 'x' })).body).toEqual((await ca.patch('/api/companies/999999').send({ city: 'x' })).body);
      expect(await row(w.companyB.id)).toEqual(before);
      expect(await logoRows(w.companyB.id)).toBe(0);
    });

    it('keeps shippers, buyers and pending users out of the profile (403), and visitors (401)', async () => {
      const before = await row(w.companyA.id);
      const logo = await png(40, 20);
      for (const actor of ['SHIPPER', 'BUYER', 'pending'] as const) {
        const client = w.clients[actor];
        // Their own company's name and code they read (companies.readOwn), never its profile.
        const own = await client.get(`/api/companies/${w.companyA.id}`);
        if (actor === 'pending') expectError(own, 403);
        else expect(own.body).toEqual({ id: w.companyA.id, name: w.companyA.name, code: w.companyA.code });
        expectError(await client.patch(`/api/companies/${w.companyA.id}`).send({ city: 'x' }), 403);
        expectError(await client.put(`/api/companies/${w.companyA.id}`).send({ name: 'x' }), 403);
        expectError(await client.get(`/api/companies/${w.companyA.id}/logo`), 403);
        expectError(await client.put(`/api/companies/${w.companyA.id}/logo`).attach('file', logo, 'logo.png'), 403);
        expectError(await client.delete(`/api/companies/${w.companyA.id}/logo`), 403);
      }
      expect((await w.clients.SHIPPER.patch(`/api/companies/${w.companyA.id}`).send({ city: 'x' })).body.message).toBe('You are not authorized to access this page');
      expectError(await w.clients.anonymous.patch(`/api/companies/${w.companyA.id}`).send({ city: 'x' }), 401, 'auth.required');
      expectError(await w.clients.anonymous.get(`/api/companies/${w.companyA.id}/logo`), 401, 'auth.required');
      expect(await row(w.companyA.id)).toEqual(before);
      expect(await logoRows(w.companyA.id)).toBe(0);
    });
  });

  describe('logo', () => {
    const download = (client: supertest.Agent, id: number) => asBuffer(client.get(`/api/companies/${id}/logo`));

    it('stores an upload re-encoded as PNG within 800 × 300, serves it and removes it', async () => {
      const { company, client } = await companyWithAdmin();
      expectError(await client.get(`/api/companies/${company.id}/logo`), 404, 'notFound');
      expect((await client.get(`/api/companies/${company.id}/logo`)).body.message).toBe('Logo not found');

      const uploaded = await client.put(`/api/companies/${company.id}/logo`).attach('file', await png(1600, 900), 'wide.png');
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      expect(uploaded.body).toEqual({ ...(await client.get(`/api/companies/${company.id}`)).body, hasLogo: true });
      expect(uploaded.body).toMatchObject({ id: company.id, name: company.name, hasLogo: true });

      const res = await download(client, company.id);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(res.body as Buffer).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 533, height: 300 });
      expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
      const stored = await t.db('company_logos').where({ companyId: company.id }).first();
      expect(Buffer.from(stored.data).equals(res.body as Buffer)).toBe(true);
      expect(new Date(stored.updatedAt).toISOString()).toBe(stored.updatedAt);

      // Every company answer says so, the list too; the super admin reads it as well.
      expect((await client.get('/api/companies')).body[0]).toMatchObject({ id: company.id, hasLogo: true });
      expect((await download(w.clients.SUPER_ADMIN, company.id)).status).toBe(200);

      // Tall, and small: fitted without enlarging.
      await client.put(`/api/companies/${company.id}/logo`).attach('file', await png(300, 1200), 'tall.png');
      expect(await sharp((await download(client, company.id)).body as Buffer).metadata()).toMatchObject({ format: 'png', width: 75, height: 300 });
      await client.put(`/api/companies/${company.id}/logo`).attach('file', await png(120, 40), 'small.png');
      expect(await sharp((await download(client, company.id)).body as Buffer).metadata()).toMatchObject({ format: 'png', width: 120, height: 40 });
      expect(await logoRows(company.id)).toBe(1);

      const removed = await client.delete(`/api/companies/${company.id}/logo`);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ ...uploaded.body, hasLogo: false });
      expect(await logoRows(company.id)).toBe(0);
      expectError(await client.get(`/api/companies/${company.id}/logo`), 404, 'notFound');
      expect((await client.get(`/api/companies/${company.id}`)).body.hasLogo).toBe(false);
      // Removing what is not there is no error.
      expect((await client.delete(`/api/companies/${company.id}/logo`)).body.hasLogo).toBe(false);
    });

    it('takes JPEG and WebP too, turned upright and without their metadata (EXIF, GPS)', async () => {
      const company = await freshCompany();
      const sa = w.clients.SUPER_ADMIN;
      const jpeg = await jpegWithGps(400, 200);
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      expect((await sa.put(`/api/companies/${company.id}/logo`).attach('file', jpeg, 'photo.jpg')).status).toBe(200);
      const fromJpeg = await sharp((await download(sa, company.id)).body as Buffer).metadata();
      // Orientation 6: stored sideways, so upright it is 200 wide and 400 high, then fitted into 300 high.
      expect(fromJpeg).toMatchObject({ format: 'png', width: 150, height: 300 });
      expect(fromJpeg.exif).toBeUndefined();
      expect(fromJpeg.orientation).toBeUndefined();

      const webp = await sharp({ create: { width: 900, height: 300, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } }).webp().toBuffer();
      expect((await sa.put(`/api/companies/${company.id}/logo`).attach('file', webp, 'logo.webp')).status).toBe(200);
      const fromWebp = await sharp((await download(sa, company.id)).body as Buffer).metadata();
      expect(fromWebp).toMatchObject({ format: 'png', width: 800, height: 267, hasAlpha: true });
    });

    it('stores a logo of more than 64 KB whole (longblob on MySQL)', async () => {
      const company = await freshCompany();
      const noise = await sharp(randomBytes(800 * 300 * 3), { raw: { width: 800, height: 300, channels: 3 } }).png().toBuffer();
      expect(noise.length).toBeGreaterThan(64 * 1024);
      expect(noise.length).toBeLessThan(2 * 1024 * 1024);
      expect((await w.clients.SUPER_ADMIN.put(`/api/companies/${company.id}/logo`).attach('file', noise, 'noise.png')).status).toBe(200);
      const res = await download(w.clients.SUPER_ADMIN, company.id);
      expect((res.body as Buffer).length).toBeGreaterThan(64 * 1024);
      expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ width: 800, height: 300 });
    });

    it('refuses what is not one PNG, JPEG or WebP image of at most 2 MB, keeping the logo it has', async () => {
      const { company, client } = await companyWithAdmin();
      await client.put(`/api/companies/${company.id}/logo`).attach('file', await png(200, 100), 'logo.png');
      const kept = (await download(client, company.id)).body as Buffer;
      const put = () => client.put(`/api/companies/${company.id}/logo`);

      for (const [bytes, name] of [[pdf(), 'logo.png'], [html, 'logo.png'], [Buffer.from('just some text'), 'logo.txt'], [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), 'broken.png']] as const) {
        const res: Res = await put().attach('file', bytes, name);
        expectError(res, 415, 'request.unsupportedMediaType');
      }
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).gif().toBuffer();
      expectError(await put().attach('file', gif, 'logo.gif'), 415, 'request.unsupportedMediaType');

      const big = Buffer.alloc(2 * 1024 * 1024 + 1, 7);
      const tooBig = await put().attach('file', big, 'big.png');
      expectError(tooBig, 413, 'request.tooLarge');
      expect(tooBig.body.message).toMatch(/2 MB/);

      const two = await put().attach('file', await png(20, 20), 'a.png').attach('file', await png(20, 20), 'b.png');
      expectError(two, 400, 'validation.failed');
      expect(two.body.errors).toEqual({ file: expect.any(String) });
      expectError(await put().attach('other', await png(20, 20), 'a.png'), 400, 'validation.failed');
      expectError(await put().send({ file: 'x' }), 415, 'request.unsupportedMediaType');

      expect(((await download(client, company.id)).body as Buffer).equals(kept)).toBe(true);
      expect(await logoRows(company.id)).toBe(1);
    });

    it("goes with its company when the company is deleted", async () => {
      const company = await freshCompany();
      const sa = w.clients.SUPER_ADMIN;
      await sa.put(`/api/companies/${company.id}/logo`).attach('file', await png(100, 50), 'logo.png');
      const other = await freshCompany();
      await sa.put(`/api/companies/${other.id}/logo`).attach('file', await png(100, 50), 'logo.png');
      expect(await logoRows(company.id)).toBe(1);
      expect((await sa.delete(`/api/companies/${company.id}`)).status).toBe(200);
      expect(await logoRows(company.id)).toBe(0);
      expect(await logoRows(other.id)).toBe(1);
    });
  });

  describe('GET /api/invoice/seller', () => {
    let seller: { id: number; name: string };
    let shipper: supertest.Agent;
    let admin: supertest.Agent;
    let buyer: supertest.Agent;
    beforeAll(async () => {
      seller = await freshCompany();
      await w.clients.SUPER_ADMIN.patch(`/api/companies/${seller.id}`).send(saudiProfile);
      shipper = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: seller.id })).username);
      admin = await t.signedIn((await t.user({ role: 'COMPANY_ADMIN', companyId: seller.id })).username);
      buyer = await t.signedIn((await t.user({ role: 'BUYER', companyId: seller.id })).username);
    });
    const expected = () => ({
      companyId: seller.id,
      companyName: saudiProfile.legalNameEn,
      companyNameAr: saudiProfile.legalNameAr,
      companyAddress: saudiProfile.address,
      companyCity: saudiProfile.city,
      companyCountry: saudiProfile.country,
      sellerVatNumber: saudiProfile.vatNumber,
      commercialRegistrationNumber: saudiProfile.commercialRegistrationNumber,
      currency: 'SAR',
      // The invoice form's defaults: the profile sets none, so 0 % and a wire transfer.
      taxPercentage: '0',
      paymentMethod: 'wireTransfer',
      hasLogo: false,
    });

    it("answers company staff their own company's seller, with or without companyId", async () => {
      for (const client of [shipper, admin]) {
        for (const path of ['/api/invoice/seller', `/api/invoice/seller?companyId=${seller.id}`]) {
          const res = await client.get(path);
          expect(res.status, path).toBe(200);
          expect(res.body).toEqual(expected());
        }
      }
    });

    it('answers a super admin the company it names, and 400 without one', async () => {
      const sa = w.clients.SUPER_ADMIN;
      expect((await sa.get(`/api/invoice/seller?companyId=${seller.id}`)).body).toEqual(expected());
      const missing = await sa.get('/api/invoice/seller');
      expectError(missing, 400, 'validation.failed');
      expect(missing.body.errors).toEqual({ companyId: 'is required' });
      expectError(await sa.get('/api/invoice/seller?companyId=999999'), 404, 'notFound');
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
        const res = await sa.get(`/api/invoice/seller?companyId=${bad}`);
        expectError(res, 400, 'validation.failed');
        expect(Object.keys(res.body.errors), bad).toEqual(['companyId']);
      }
    });

    it('falls back to the company name, and gives null for what the profile leaves empty', async () => {
      const bare = await freshCompany();
      const res = await w.clients.SUPER_ADMIN.get(`/api/invoice/seller?companyId=${bare.id}`);
      expect(res.body).toEqual({
        companyId: bare.id,
        companyName: bare.name,
        companyNameAr: null,
        companyAddress: null,
        companyCity: null,
        companyCountry: null,
        sellerVatNumber: null,
        commercialRegistrationNumber: null,
        currency: 'USD',
        taxPercentage: '0',
        paymentMethod: 'wireTransfer',
        hasLogo: false,
      });
      await w.clients.SUPER_ADMIN.put(`/api/companies/${bare.id}/logo`).attach('file', await png(50, 50), 'logo.png');
      expect((await w.clients.SUPER_ADMIN.get(`/api/invoice/seller?companyId=${bare.id}`)).body.hasLogo).toBe(true);
    });

    it("answers company staff 404 for another company's id", async () => {
      for (const client of [shipper, admin, w.clients.SHIPPER, w.clients.COMPANY_ADMIN]) {
        expectError(await client.get(`/api/invoice/seller?companyId=${w.companyB.id}`), 404, 'notFound');
        expectError(await client.get('/api/invoice/seller?companyId=999999'), 404, 'notFound');
      }
      expect((await w.clients.SHIPPER.get('/api/invoice/seller')).body).toMatchObject({ companyId: w.companyA.id, companyName: w.companyA.name });
    });

    it('keeps buyers and pending users out (403), and visitors (401)', async () => {
      for (const client of [buyer, w.clients.BUYER, w.clients.pending]) {
        expectError(await client.get('/api/invoice/seller'), 403);
        expectError(await client.get(`/api/invoice/seller?companyId=${seller.id}`), 403);
      }
      expectError(await w.clients.anonymous.get('/api/invoice/seller'), 401, 'auth.required');
    });
  });
});

describe.each(ENGINES)('migration %s', (engine: EngineName) => {
  const columnsOf = async (db: Knex, table: string) => Object.keys(await db(table).columnInfo());

  it(`${MIGRATION} adds the profile, the logos and the invoice columns, and removes them again without touching data`, async () => {
    const database = await createTestDatabase(engine);
    const db = createDb(database.url);
    try {
      // Up to the migration before this one, one at a time.
      const [, pending] = await db.migrate.list();
      const names = (pending as (string | { file: string })[]).map((m) => (typeof m === 'string' ? m : m.file));
      const index = names.indexOf(MIGRATION);
      expect(index).toBeGreaterThan(0);
      for (let i = 0; i < index; i++) await db.migrate.up();
      expect(await db.schema.hasTable('company_logos')).toBe(false);

      // Data made before the migration keeps its values and gets the defaults.
      const now = new Date().toISOString();
      const [companyId] = await db('companies').insert({ name: 'شركة قديمة', code: 'OLD', active: true, createdAt: now });
      const [invoiceId] = await db('invoices').insert({
        invoiceNumber: 'INV-2026-0001', companyId, fileName: 'a.pdf', containerIds: '[]', containerNumber: '', buyerName: 'B',
        salePrice: 1, taxPercentage: 0, taxAmount: 0, totalAmount: 1, paymentMethod: 'cash', issuedDate: '2026-11-21', createdAt: now,
      });
      await db('file_chunks').insert({ invoiceId, variant: 'pdf', seq: 0, data: Buffer.from('%PDF') });
      await db('users').insert({ username: 'old@example.com', passwordHash: 'x', role: 'SHIPPER', companyId, active: true, pendingApproval: false, createdAt: now });

      await db.migrate.up({ name: MIGRATION });
      expect(await columnsOf(db, 'companies')).toEqual(expect.arrayContaining([...PROFILE_FIELDS]));
      expect(await columnsOf(db, 'invoices')).toEqual(expect.arrayContaining(['currency', 'sellerNameAr', 'sellerCommercialRegistrationNumber']));
      expect(await columnsOf(db, 'company_logos')).toEqual(expect.arrayContaining(['companyId', 'data', 'updatedAt']));
      expect(await db('companies').where({ id: companyId }).first()).toMatchObject({ name: 'شركة قديمة', currency: 'USD', vatNumber: null });
      expect(await db('invoices').where({ id: invoiceId }).first()).toMatchObject({ currency: 'USD', sellerNameAr: null, sellerCommercialRegistrationNumber: null });
      // currency is NOT NULL; a logo needs its company and goes with it.
      await expect(db('companies').where({ id: companyId }).update({ currency: null })).rejects.toThrow();
      await expect(db('company_logos').insert({ companyId: 999999, data: Buffer.from('x'), updatedAt: now })).rejects.toThrow();
      const other = Number((await db('companies').insert({ name: 'Other', code: 'OTHER', active: true, createdAt: now }))[0]);
      await db('company_logos').insert({ companyId: other, data: Buffer.alloc(100_000, 1), updatedAt: now });
      expect(Buffer.from((await db('company_logos').where({ companyId: other }).first()).data).length).toBe(100_000);
      await db('companies').where({ id: other }).delete();
      expect(await countRows(db, 'company_logos')).toBe(0);

      if (engine === 'mysql') {
        const [tables] = await db.raw("select table_collation as collation, engine from information_schema.tables where table_schema = database() and table_name = 'company_logos'");
        expect(tables[0]).toMatchObject({ engine: 'InnoDB', collation: expect.stringMatching(/^utf8mb4/) });
        const [columns] = await db.raw("select column_name as name, data_type as type, character_set_name as charset from information_schema.columns where table_schema = database() and table_name in ('companies', 'company_logos')");
        const byName = Object.fromEntries((columns as { name: string; type: string; charset: string | null }[]).map((c) => [c.name, c]));
        expect(byName.data.type).toBe('longblob');
        for (const field of PROFILE_FIELDS) expect(byName[field].charset, field).toBe('utf8mb4');
      }

      await db.migrate.down({ name: MIGRATION });
      expect(await db.schema.hasTable('company_logos')).toBe(false);
      for (const field of PROFILE_FIELDS) expect(await db.schema.hasColumn('companies', field), field).toBe(false);
      for (const field of ['currency', 'sellerNameAr', 'sellerCommercialRegistrationNumber']) expect(await db.schema.hasColumn('invoices', field), field).toBe(false);
      // Nothing that hangs on companies or invoices went with the columns.
      expect(await countRows(db, 'companies', { id: companyId })).toBe(1);
      expect(await countRows(db, 'users', { companyId })).toBe(1);
      expect(await countRows(db, 'invoices', { id: invoiceId })).toBe(1);
      expect(await countRows(db, 'file_chunks', { invoiceId })).toBe(1);

      await db.migrate.latest();
      expect(await db('companies').where({ id: companyId }).first()).toMatchObject({ currency: 'USD' });
    } finally {
      await closeDb(db);
      await database.drop();
    }
  });
});
