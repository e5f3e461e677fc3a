import { VERSION } from '../src/install';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';
import { validVin } from './support/vins';
import { keepFiguresOfWrittenRows } from './support/keptFigures';

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** An answer's bytes as they came over the wire (supertest would decode them itself). */
function rawGet(server: http.Server, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe.each(ENGINES)('compression on %s', (engine) => {
  let t: TestApp;
  let dist: string;
  let server: http.Server;
  let cookie = '';
  const get = (path: string, acceptEncoding: string) => rawGet(server, path, { 'accept-encoding': acceptEncoding, cookie });
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  beforeAll(async () => {
    // A built console of one page and one script, compressed as the build does it.
    dist = mkdtempSync(path.join(tmpdir(), 'vx-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dist, 'assets/app-1234.js'), script);
    writeFileSync(path.join(dist, 'assets/app-1234.js.br'), zlib.brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets/app-1234.js.gz'), zlib.gzipSync(script));
    t = await startTestApp(engine, { ADMIN_DIST: dist });
    server = http.createServer(t.app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('compresses a list with gzip or brotli as asked, and keeps its Content-Range', async () => {
    const company = await t.company();
    const shipper = await t.user({ role: 'SHIPPER', companyId: company.id });
    const agent = await t.signedIn(shipper.username);
    const signIn = await t.anon().post('/api/login').send({ username: shipper.username, password: PASSWORD });
    cookie = (signIn.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    for (let i = 0; i < 12; i++) expect((await agent.post('/api/vehicles').send({ vin: validVin(), make: 'Toyota', model: 'Land Cruiser' })).status).toBe(201);

    const gzip = await get('/api/vehicles?range=[0,9]', 'gzip');
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-range']).toBe('vehicles 0-9/12');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    const rows = JSON.parse(zlib.gunzipSync(gzip.body).toString('utf8'));
    expect(rows).toHaveLength(10);
    expect((gzip.body).length).toBeLessThan(JSON.stringify(rows).length / 2);

    // Compressed whole in one call: its length is known, so it is not sent in chunks.
    expect(gzip.headers['content-length']).toBe(String(gzip.body.length));
    expect(gzip.headers['content-type']).toBe('application/json; charset=utf-8');

    const brotli = await get('/api/vehicles?range=[0,9]', 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.body).toString('utf8'))).toEqual(rows);

    // A client that asks for nothing gets plain JSON.
    const plain = await get('/api/vehicles?range=[0,9]', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse((plain.body).toString('utf8'))).toEqual(rows);
  });

  it('compresses a large list too, streamed off the event loop', async () => {
    const company = await t.company();
    const agent = await t.signedIn((await t.user({ role: 'SHIPPER', companyId: company.id })).username);
    const signIn = await t.anon().post('/api/login').send({ username: (await t.user({ role: 'COMPANY_ADMIN', companyId: company.id })).username, password: PASSWORD });
    const adminCookie = (signIn.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const now = new Date().toISOString();
    await t.db('vehicles').insert(Array.from({ length: 250 }, (_, i) => ({ vin: validVin(), make: 'Toyota', model: `Land Cruiser ${i}`, companyId: company.id, status: 'NEW_PURCHASE', createdAt: now })));
    await keepFiguresOfWrittenRows(t.db);
    const plain = await agent.get('/api/vehicles?range=[0,249]');
    expect(plain.body).toHaveLength(250);
    expect(JSON.stringify(plain.body).length).toBeGreaterThan(64 * 1024);
    for (const [encoding, decode] of [['br', zlib.brotliDecompressSync], ['gzip', zlib.gunzipSync]] as const) {
      const answer = await rawGet(server, '/api/vehicles?range=[0,249]', { 'accept-encoding': encoding, cookie: adminCookie });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-range']).toBe('vehicles 0-249/250');
      expect(answer.headers['transfer-encoding']).toBe('chunked');
      expect(JSON.parse(decode(answer.body).toString('utf8'))).toEqual(plain.body);
    }
  });

  it('sends the console files compressed at build time, and small answers as they are', async () => {
    const br = await get('/assets/app-1234.js', 'gzip, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(script);
    const gz = await get('/assets/app-1234.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString('utf8')).toBe(script);

    const health = await get('/api/health', 'gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse((health.body).toString('utf8'))).toEqual({ status: 'ok', version: VERSION });
  });

  it('answers a console file the browser already has with 304 and no body, and a changed one in full', async () => {
    for (const file of ['/logo.svg', '/', '/vehicles/12/edit']) {
      const first = await get(file, 'gzip');
      expect(first.status, file).toBe(200);
      expect(first.headers['last-modified'], file).toMatch(/ GMT$/);
      const again = await rawGet(server, file, { 'accept-encoding': 'gzip', 'if-modified-since': first.headers['last-modified']! });
      expect(again.status, file).toBe(304);
      expect(again.body.length, file).toBe(0);
      const stale = await rawGet(server, file, { 'accept-encoding': 'gzip', 'if-modified-since': new Date(0).toUTCString() });
      expect(stale.status, file).toBe(200);
    }
  });
});
