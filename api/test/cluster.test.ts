import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb } from '../src/db';
import { hashPassword } from '../src/services/passwords';
import { createTestDatabase, ENGINES, type TestDatabase } from './support/engines';
import { PROCESS_TEST_TIMEOUT_MS, startServer, untilOutput, type RunningServer } from './support/serverProcess';
import { validVin } from './support/vins';

const PASSWORD = 'correct horse battery';

/** One request on a connection of its own (no keep-alive), so that the primary hands each to the next worker in turn. */
function send(port: number, method: string, urlPath: string, { cookie, body }: { cookie?: string; body?: unknown } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: urlPath, method, agent: false, headers: { ...(cookie ? { cookie } : {}), ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, withinMs = 30_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`waited ${withinMs} ms for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * API_PROCESSES=2: the real server as `npm start` runs it, as two worker processes on one port
 * (node:cluster) and one database. Start-up work is done once; sessions, writes and invoice
 * numbers hold across the processes; SIGTERM stops them all cleanly.
 */
describe.each(ENGINES)('the server as two processes on %s', { timeout: PROCESS_TEST_TIMEOUT_MS }, (engine) => {
  let dir: string;
  let database: TestDatabase;
  let db: Knex;
  let server: RunningServer;
  let cookie: string;
  let containerId: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'vx-cluster-'));
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist/index.html'), '<!doctype html><title>console</title>');
    database = await createTestDatabase(engine);
    server = await startServer({
      API_PROCESSES: '2',
      DATABASE_URL: database.url,
      DATA_DIR: dir,
      ADMIN_DIST: path.join(dir, 'dist'),
      ADMIN_USERNAME: 'owner@exporter.example',
      ADMIN_PASSWORD: 'a strong first password',
      LOG_LEVEL: 'info',
    });
    db = createDb(database.url);
    const [companyId] = (await db('companies').insert({ name: 'Gulf Motors', code: 'GULF', active: true, createdAt: new Date().toISOString() })).map(Number);
    await db('users').insert({ username: 'shipper@gulf.example', passwordHash: await hashPassword(PASSWORD), role: 'SHIPPER', companyId, active: true, pendingApproval: false, createdAt: new Date().toISOString() });
    [containerId] = (await db('containers').insert({ number: 'MSCU1234565', companyId, createdAt: new Date().toISOString() })).map(Number);
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await closeDb(db);
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs two serving processes that did no start-up work of their own: the first admin is created once', async () => {
    const heartbeats = await until(() => db('server_heartbeats').select('pid'), (rows) => rows.length === 2, 'two server heartbeats');
    const pids = heartbeats.map((row) => Number(row.pid));
    expect(new Set(pids).size).toBe(2);
    expect(pids).not.toContain(server.child.pid);
    expect(server.output().match(/First super admin created/g)).toHaveLength(1);
    expect(server.output().match(/The console and API are on/g)).toHaveLength(1);
    const admin = await send(server.port, 'POST', '/api/login', { body: { username: 'owner@exporter.example', password: 'a strong first password' } });
    expect(admin.status).toBe(200);
  });

  it('signs in on one process and is signed in on both; writes made through both are all stored', async () => {
    const login = await send(server.port, 'POST', '/api/login', { body: { username: 'shipper@gulf.example', password: PASSWORD } });
    expect(login.status).toBe(200);
    cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    // Each on a new connection: the primary deals them out to the two processes in turn.
    const reads = await Promise.all(Array.from({ length: 10 }, () => send(server.port, 'GET', '/api/user', { cookie })));
    expect(reads.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(reads.every((res) => JSON.parse(res.body).username === 'shipper@gulf.example')).toBe(true);

    const vins = Array.from({ length: 20 }, () => validVin());
    const created = await Promise.all(vins.map((vin) => send(server.port, 'POST', '/api/vehicles', { cookie, body: { vin, make: 'Toyota', containerId } })));
    expect(created.map((res) => res.status)).toEqual(Array(20).fill(201));
    expect((await db('vehicles').orderBy('vin').pluck('vin')).sort()).toEqual([...vins].sort());
  });

  it('numbers invoices sent at once through both processes consecutively: no gap, no number twice', async () => {
    const request = { containerIds: [containerId], paymentMethod: 'cash', date: '2028-05-01', buyerName: 'Mohammed Al Otaibi', salePrice: '1000.00', taxPercentage: '15' };
    const answers = await Promise.all(Array.from({ length: 30 }, () => send(server.port, 'POST', '/api/invoice', { cookie, body: request })));
    expect(answers.filter((res) => res.status !== 201).map((res) => `${res.status} ${res.body}`)).toEqual([]);
    const numbers = answers.map((res) => String(res.headers['x-invoice-number'])).sort();
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => `INV-2028-${String(i + 1).padStart(6, '0')}`));
    expect(await db('invoices').orderBy('invoiceNumber').pluck('invoiceNumber')).toEqual(numbers);
  });

  it('on SIGTERM answers the request in flight, stops both processes and exits 0', async () => {
    const body = JSON.stringify({ username: 'shipper@gulf.example', password: PASSWORD });
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(
        { port: server.port, host: '127.0.0.1', path: '/api/login', method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      // Half the body now, the rest once the stop has begun.
      req.write(body.slice(0, 10));
      void untilOutput(server, '"shutting down"').then(() => req.end(body.slice(10)), reject);
    });
    server.child.kill('SIGTERM');
    expect(await answer).toBe(200);
    expect(await server.exited).toBe(0);
    expect(await db('server_heartbeats').count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});
