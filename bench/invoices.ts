import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { closeDb, createDb, migrateLatest } from '../api/src/db';
import { createInvoiceRenderer } from '../api/src/services/invoices/renderer';
import { hashPassword } from '../api/src/services/passwords';
import { createTestDatabase, type EngineName } from '../api/test/support/engines';
import { validVin } from '../api/test/support/vins';
import { curlSeries } from './curl';
import { keepFiguresOfNewCompany } from '../api/src/resources/companies/bulkRows';
import { statusRank } from '../api/src/domain/statuses';

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

/** Invoices: one of 10 containers × 4 vehicles; p95 of sequential generation, and the event loop while 10 run at once. */
export async function benchInvoices(engine: EngineName) {
  const database = await createTestDatabase(engine);
  const db = createDb(database.url);
  await migrateLatest(db);
  const config = loadConfig({ DATABASE_URL: database.url, SESSION_SECRET: 'bench-secret-bench-secret', LOG_LEVEL: 'silent' });
  // The renderer as the server makes it (api/src/server.ts): one worker kept warm. Measured once
  // warm, as a server that has been up for a few seconds.
  const invoiceRenderer = createInvoiceRenderer({ keepWarm: true });
  const app = createApp({ db, config, invoiceRenderer });
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const [companyId] = await db('companies').insert({ name: 'Bench', code: 'BENCH', active: true, createdAt: new Date().toISOString() });
    await db('users').insert({ username: 'bench@bench.example', passwordHash: await hashPassword('bench password 123'), role: 'SHIPPER', companyId, active: true, pendingApproval: false, createdAt: new Date().toISOString() });
    const containerIds: number[] = [];
    for (let c = 0; c < 10; c++) {
      const [id] = await db('containers').insert({ number: `BENU${String(c).padStart(7, '0')}`, containerSize: '40HC', sealNumber: `S-${c}`, companyId, createdAt: new Date().toISOString() });
      containerIds.push(Number(id));
      for (let v = 0; v < 4; v++) {
        await db('vehicles').insert({ vin: validVin(), make: 'Toyota', model: 'Land Cruiser', year: 2024, containerId: id, companyId, status: 'LOADED', statusRank: statusRank('LOADED'), vehicleInfo: JSON.stringify({ color: 'White' }), createdAt: new Date().toISOString() });
      }
    }
    await keepFiguresOfNewCompany(db, Number(companyId));
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench@bench.example', password: 'bench password 123' }) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const request = { containerIds, paymentMethod: 'wireTransfer', date: '2026-11-21', buyerName: 'محمد العتيبي', companyName: 'شركة الخليج للسيارات', sellerVatNumber: '300000000000003', salePrice: '199999.99', taxPercentage: '15' };
    const url = `${base}/api/invoice`;

    const post = ['-H', `cookie: ${cookie}`, '-H', 'content-type: application/json', '--data-binary', JSON.stringify(request), url];
    const answered = (answers: { status: string; ms: number }[]) => {
      if (answers.some((a) => a.status !== '201')) throw new Error(`invoice answered ${answers.map((a) => a.status).join(', ')}`);
      return answers.map((a) => a.ms);
    };
    await invoiceRenderer.warmedUp;
    answered(await curlSeries(post, 3)); // warm-up: the connection, the first queries
    const times = answered(await curlSeries(post, 20));

    const delay = monitorEventLoopDelay({ resolution: 10 });
    const started = performance.now();
    answered(await curlSeries(post, 10, { parallel: true, whenStarted: () => delay.enable() }));
    const wall = performance.now() - started;
    delay.disable();
    const p95 = percentile(times, 95);
    const maxDelay = delay.max / 1e6;
    process.stdout.write(
      `\n[${engine}] invoice of 10 containers × 4 vehicles: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms  ${p95 < 100 ? 'met ' : 'MISSED'} (< 100 ms); ` +
        `10 at once in ${wall.toFixed(0)} ms, event-loop delay max ${maxDelay.toFixed(1)} ms  ${maxDelay < 50 ? 'met ' : 'MISSED'} (< 50 ms)\n`,
    );
  } finally {
    server.closeAllConnections();
    server.close();
    await app.closeResources();
    await closeDb(db);
    await database.drop();
  }
}

// `npx tsx bench/invoices.ts` runs this part alone (`npm run bench` runs it after the others).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const engine of (process.env.MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite']) as EngineName[]) await benchInvoices(engine);
}
