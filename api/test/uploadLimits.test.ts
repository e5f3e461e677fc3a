import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepStaleUploads, uploadsFolder } from '../src/http/uploads';
import { ENGINES } from './support/engines';
import { expectError } from './support/lists';
import { pdf, pngClaiming } from './support/fixtures';
import { PROCESS_TEST_TIMEOUT_MS, startServer } from './support/serverProcess';
import { startTestApp, type TestApp } from './support/testApp';
import { validVin } from './support/vins';

/** Uploads cannot amplify work, and nothing of a failed one stays behind. */
describe.each(ENGINES)('upload limits on %s', (engine) => {
  let t: TestApp;
  let shipper: supertest.Agent;
  let vehicleId: number;
  beforeAll(async () => {
    t = await startTestApp(engine, { UPLOAD_MAX_PIXELS_MP: '200' });
    const company = await t.company();
    shipper = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: company.id })).username);
    vehicleId = (await shipper.post('/api/vehicles').send({ vin: validVin(), make: 'Ford', model: 'F-150' })).body.id;
  });
  afterAll(() => t.close());

  it('refuses images that decode to more pixels together than one upload may have, before decoding any', async () => {
    // Proved by the answer, not by how long it took. Four of the images have headers claiming
    // 7000 × 7000 pixels over one pixel's data: decoding one fails, and the answer is then 415
    // "could not be read" (shown first with one alone: 49 MP is within this upload's budget, so
    // the server decodes it). So a 413 for the upload can only come from the headers.
    const cut = await pngClaiming(7000, 7000);
    const alone = await shipper.post(`/api/vehicles/${vehicleId}/files`).attach('file', cut, { filename: 'cut.png', contentType: 'image/png' });
    expectError(alone, 415, 'request.unsupportedMediaType');
    expect(alone.body.message).toMatch(/could not be read/);
    // And one whole 49 MP image (a few kB of PNG): five images of 49 MP are 245 MP.
    const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#777' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(200_000);
    const request = shipper.post(`/api/vehicles/${vehicleId}/files`);
    for (let i = 0; i < 4; i++) request.attach('file', cut, { filename: `cut-${i}.png`, contentType: 'image/png' });
    request.attach('file', huge, { filename: 'huge.png', contentType: 'image/png' });
    const res = await request;
    expectError(res, 413, 'request.tooManyPixels');
    expect(res.body.message).toMatch(/200 megapixels in all; these have 245/);
    expect(await t.db('vehicle_files').where({ vehicleId }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('says "too many files" for more than 20, and "too large" only for size', async () => {
    const request = shipper.post(`/api/vehicles/${vehicleId}/files`);
    for (let i = 0; i < 21; i++) request.attach('file', pdf(1200), { filename: `doc-${i}.pdf`, contentType: 'application/pdf' });
    const res = await request;
    expectError(res, 413, 'request.tooManyFiles');
    expect(res.body.message).toMatch(/At most 20 files per upload/);
    expect(res.body.message).not.toMatch(/MB/);
    expect(await t.db('vehicle_files').where({ vehicleId }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it("names the limit a 413 hit: the form fields sent with the files, not the files' size", async () => {
    const fields = await shipper.post('/api/documents').field('metadata', 'x'.repeat(300 * 1024)).attach('file', pdf(1200), { filename: 'a.pdf', contentType: 'application/pdf' });
    // A shipper may not upload shared documents: the same body to its vehicle's files.
    const res = fields.status === 403
      ? await shipper.post(`/api/vehicles/${vehicleId}/files`).field('note', 'x'.repeat(300 * 1024)).attach('file', pdf(1200), { filename: 'a.pdf', contentType: 'application/pdf' })
      : fields;
    expectError(res, 413, 'request.tooLarge');
    expect(res.body.message).toMatch(/form fields .* 256 kB/);
    expect(res.body.message).not.toMatch(/MB each/);
    const many = shipper.post(`/api/vehicles/${vehicleId}/files`);
    for (let i = 0; i < 25; i++) many.field(`f${i}`, 'x');
    const tooManyFields = await many.attach('file', pdf(1200), { filename: 'a.pdf', contentType: 'application/pdf' });
    expectError(tooManyFields, 413, 'request.tooLarge');
    expect(tooManyFields.body.message).toMatch(/At most 20 form fields/);
    expect(await t.db('vehicle_files').where({ vehicleId }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('answers methods it does not know with a JSON 405', async () => {
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    try {
      for (const method of ['PROPFIND', 'MKCOL', 'TRACE']) {
        const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = http.request({ host: '127.0.0.1', port, path: '/api/vehicles', method }, (answer) => {
            let body = '';
            answer.on('data', (d) => (body += d));
            answer.on('end', () => resolve({ status: answer.statusCode!, body }));
          });
          req.on('error', reject);
          req.end();
        });
        expect(res.status, method).toBe(405);
        expect(JSON.parse(res.body)).toMatchObject({ code: 'request.methodNotAllowed' });
      }
    } finally {
      server.close();
    }
  });

  it('refuses control and invisible formatting characters in container, booking and seal numbers', async () => {
    for (const body of [
      { number: 'MSCU123456\u00005' },
      { number: '\u202eMSCU1234565' },
      { number: 'MSCU1234565', bookingNumber: 'BK\u200d123' },
      { number: 'MSCU1234565', sealNumber: 'SL\u0007' },
    ]) {
      const res = await shipper.post('/api/containers').send(body);
      expectError(res, 400, 'validation.failed');
      expect(JSON.stringify(res.body.errors), JSON.stringify(body)).toMatch(/control or invisible formatting characters/);
    }
    expect(await t.db('containers').count({ n: '*' })).toEqual([{ n: 0 }]);
    expect((await shipper.post('/api/containers').send({ number: 'MSCU1234565', bookingNumber: 'رقم 77' })).status).toBe(201);
  });
});

describe('upload folders', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('removes at start the folders of processes that no longer run, never those of running ones', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'vx-sweep-'));
    try {
      const gone = spawn(process.execPath, ['-e', '0']);
      await new Promise((resolve) => gone.on('exit', resolve));
      for (const name of [`${gone.pid}-abc`, `${process.pid}-def`, 'not-ours']) {
        mkdirSync(path.join(root, name));
        writeFileSync(path.join(root, name, 'part'), 'x');
      }
      expect(await sweepStaleUploads(root)).toBe(1);
      expect(readdirSync(root).sort()).toEqual([`${process.pid}-def`, 'not-ours'].sort());
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('a server killed mid-upload leaves its folder, and the next start removes it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vx-killed-'));
    const env = { DATABASE_URL: `sqlite:${path.join(dir, 'app.sqlite')}`, DATA_DIR: dir, ADMIN_DIST: './test-results/no-console', ADMIN_USERNAME: 'owner@upload.example', ADMIN_PASSWORD: 'upload owner password' };
    let server = await startServer(env);
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const signIn = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }) });
      const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const company = await (await fetch(`${base}/api/companies`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ name: 'Upload Co', code: 'UPL' }) })).json();
      const vehicle = await (await fetch(`${base}/api/vehicles`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ vin: validVin(), companyId: company.id }) })).json();

      // Half an upload sent, then the process is killed.
      const boundary = 'x-boundary';
      const upload = http.request({ host: '127.0.0.1', port: server.port, path: `/api/vehicles/${vehicle.id}/files`, method: 'POST', headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(10 * 1024 * 1024) } });
      upload.on('error', () => undefined);
      upload.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
      upload.write(pdf(2 * 1024 * 1024));
      const own = () => (existsSync(uploadsFolder(dir)) ? readdirSync(uploadsFolder(dir)).filter((n) => n.startsWith(`${server.child.pid}-`)) : []);
      const deadline = Date.now() + 120_000; // the folder is made as the upload starts; only a hang waits this long
      while (!own().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const left = own();
      expect(left).toHaveLength(1);
      server.child.kill('SIGKILL');
      await server.exited;
      expect(existsSync(path.join(uploadsFolder(dir), left[0]))).toBe(true);

      server = await startServer(env);
      expect(existsSync(path.join(uploadsFolder(dir), left[0]))).toBe(false);
      // And no half-stored file.
      const files = await (await fetch(`http://127.0.0.1:${server.port}/api/vehicles/${vehicle.id}`, { headers: { cookie } })).json();
      expect(files.files).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
