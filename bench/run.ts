/**
 * npm run bench: seeds 100,000 vehicles in 100 companies with 5,000 containers into a fresh SQLite
 * database (and MariaDB/MySQL when MYSQL_URL is set), runs the real server in its own process, and
 * loads it with autocannon. Prints req/s, p50 and p99, and each route's throughput relative to a
 * bare Koa JSON endpoint measured in the same run; then ZIP memory, image ingest and invoices;
 * then the first load of the dashboard in bytes (bench/firstload.ts: Chromium, gzip and brotli);
 * then the benchmark of real use (bench/mixed: reads and writes of 50 users at once).
 * `npm run bench -- import` runs the import of 10,000 vehicles and the exports alone (bench/importExport.ts).
 * `npm run bench -- stall` (never part of the whole run) measures 50 shippers while the super admin
 * searches VINs and downloads a 1 GiB ZIP (bench/mixed/stall.ts). `npm run bench -- contention
 * [seconds]` (likewise) is the fault probe's contention run: 30 status changers and 10 creators on
 * two processes for 60 s, then 120 invoices at once (bench/contention.ts). `npm run bench -- cpu`
 * (likewise) is the server's CPU per request of the hot routes at three company sizes (bench/cpu.ts).
 * `npm run bench -- milestone` (likewise) times a container milestone moving 40 vehicles (bench/milestone.ts);
 * `npm run bench -- dashboard` the dashboard's server CPU per request at 100,000 vehicles (bench/dashboardCpu.ts);
 * `npx tsx bench/compareDashboard.ts <older checkout>` the same, side by side with an older checkout (a busy machine).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { closeDb, createDb, migrateLatest } from '../api/src/db';
import { createTestDatabase, type EngineName } from '../api/test/support/engines';
import { freePort, ROOT } from '../api/test/support/serverProcess';
import { BENCH_PASSWORD, seedBenchData } from './seed';
import { benchFiles } from './files';
import { benchFirstLoad } from './firstload';
import { benchInvoices } from './invoices';
import { benchMixed } from './mixed/index';
import { benchStall, printStallSummary } from './mixed/stall';
import { benchScaling } from './mixed/scaling';
import { benchContention } from './contention';
import { benchImportExport } from './importExport';
import { benchCpu } from './cpu';
import { benchMilestone } from './milestone';
import { benchDashboardCpu } from './dashboardCpu';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;

type Row = { name: string; rps: number; p50: number; p99: number };

function startProcess(args: string[], env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`process exited ${code}`)));
    const check = setInterval(async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${env.PORT}/api/health`);
        if (res.ok || res.status === 200) {
          clearInterval(check);
          resolve(child);
        }
      } catch {
        // not yet
      }
    }, 200);
  });
}

/** Busy and total CPU time of the whole machine so far (Linux), or undefined elsewhere. */
function machineCpu(): { busy: number; total: number } | undefined {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    return { busy: total - ticks[3] - ticks[4], total }; // less idle and iowait
  } catch {
    return undefined;
  }
}

/**
 * Waits until the machine is quiet, as it was for the bare endpoint: the server warms an invoice
 * worker at start (renderer.ts), and MariaDB writes the freshly seeded pages out for a while.
 * Either would take CPU from the first route measured.
 */
async function untilQuiet() {
  const deadline = Date.now() + 60_000;
  let before = machineCpu();
  while (before && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = machineCpu()!;
    // Under a tenth of one core busy, of all the cores together.
    if ((now.busy - before.busy) / (now.total - before.total) < 0.1 / availableParallelism()) return;
    before = now;
  }
}

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  // A short warm-up first, so the JIT and the database's page cache are measured warm.
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function benchEngine(engine: EngineName, bare: Row) {
  const database = await createTestDatabase(engine);
  const db = createDb(database.url);
  await migrateLatest(db);
  const seedStart = performance.now();
  await seedBenchData(db);
  process.stdout.write(`\n[${engine}] seeded 100,000 vehicles in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);
  await closeDb(db);

  const port = String(await freePort());
  const server = await startProcess(['--import', 'tsx', path.join(ROOT, 'api/src/server.ts')], {
    PORT: port,
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret-bench-secret',
    ADMIN_PASSWORD: 'bench admin password',
    VPIC_URL: 'http://127.0.0.1:9/api',
  });
  try {
    await untilQuiet();
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'shipper50@bench.example', password: BENCH_PASSWORD }),
    });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const headers = { cookie };
    const list = (range: string, filter = '{}') =>
      `${base}/api/vehicles?sort=${encodeURIComponent('["createdAt","DESC"]')}&range=${encodeURIComponent(range)}&filter=${encodeURIComponent(filter)}`;
    const first = await fetch(list('[0,24]'), { headers });
    const total = Number(first.headers.get('content-range')!.split('/')[1]);

    const rows = [
      await load('vehicles, first page', list('[0,24]'), headers),
      await load('vehicles, first page, q', list('[0,24]', '{"q":"camr"}'), headers),
      await load('vehicles, last page', list(`[${total - 25},${total - 1}]`), headers),
      await load('dashboard', `${base}/api/dashboard`, headers),
    ];
    report(engine, rows, bare);
    return rows;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await database.drop();
  }
}

function report(engine: string, rows: Row[], bare: Row) {
  const line = (r: Row) =>
    `${r.name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ${((r.rps / bare.rps) * 100).toFixed(1).padStart(5)}% of bare Koa`;
  process.stdout.write(`\n[${engine}] ${CONNECTIONS} connections, ${DURATION_S} s each\n`);
  for (const r of [bare, ...rows]) process.stdout.write(line(r) + '\n');
  const [firstPage, , lastPage, dashboard] = rows;
  const checks = [
    [`list p99 ≤ 50 ms`, firstPage.p99 <= 50],
    [`list ≥ 20% of bare Koa`, firstPage.rps >= bare.rps * 0.2],
    [`last page within 2× the first (p99)`, lastPage.p99 <= Math.max(2 * firstPage.p99, 2)],
    [`dashboard p99 ≤ 50 ms`, dashboard.p99 <= 50],
  ] as const;
  for (const [label, ok] of checks) process.stdout.write(`  ${ok ? 'met ' : 'MISSED'}  ${label}\n`);
}

/** The yardstick of the lists part: a bare Koa JSON endpoint, measured once. */
async function measureBare(): Promise<Row> {
  const barePort = String(await freePort());
  const bareServer = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/bareKoa.ts')], { cwd: ROOT, env: { ...process.env, PORT: barePort }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => bareServer.stdout!.once('data', r));
  try {
    return await load('bare Koa JSON', `http://127.0.0.1:${barePort}/`);
  } finally {
    bareServer.kill('SIGTERM');
  }
}

// BENCH_ENGINES=mysql (or sqlite) runs one engine alone.
const engines = ((process.env.BENCH_ENGINES?.split(',') ?? (process.env.MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'])) as EngineName[]);
// `npm run bench -- mixed` or BENCH_ONLY=mixed (or lists, files, invoices, firstload, stall, contention, import, cpu, scaling, milestone, dashboard) runs one part alone.
const only = process.argv[2] ?? process.env.BENCH_ONLY;
const PARTS = ['lists', 'files', 'invoices', 'firstload', 'mixed', 'stall', 'contention', 'import', 'cpu', 'scaling', 'milestone', 'dashboard'];
if (only && !PARTS.includes(only)) throw new Error(`unknown part "${only}": ${PARTS.join(', ')}`);
if (!only || only === 'lists') {
  const bare = await measureBare();
  for (const engine of engines) await benchEngine(engine, bare);
}
if (!only || only === 'files') for (const engine of engines) await benchFiles(engine);
if (!only || only === 'invoices') for (const engine of engines) await benchInvoices(engine);
// 10,000 vehicles imported from a CSV, then exported whole (bench/importExport.ts).
if (!only || only === 'import') for (const engine of engines) if (!(await benchImportExport(engine)).met) process.exitCode = 1;
// SQLite alone: what the browser downloads does not depend on the engine.
if (!only || only === 'firstload') await benchFirstLoad();
if (!only || only === 'mixed') {
  // The benchmark of real use; errors or lost writes fail the run.
  const results = [];
  for (const engine of engines) results.push(await benchMixed(engine));
  process.stdout.write('\nbenchmark of real use, aims on each engine:\n');
  for (const r of results) for (const a of r.aims) if (a.met !== null) process.stdout.write(`  [${r.engine}] ${a.met ? 'met   ' : 'MISSED'}  ${a.label}\n`);
  if (results.some((r) => r.failures > 0 || r.lost > 0)) process.exitCode = 1;
}
if (only === 'stall') {
  // Heavy reading beside everyday work (bench/mixed/stall.ts): only when asked for, as it seeds a GiB of images.
  const results = [];
  for (const engine of engines) results.push(await benchStall(engine));
  printStallSummary(results);
  if (results.some((r) => r.failures > 0)) process.exitCode = 1;
}
// The dashboard's server CPU per request at 100,000 vehicles (bench/dashboardCpu.ts): only when asked for.
if (only === 'dashboard') for (const engine of engines) await benchDashboardCpu(engine);
// A container milestone moving 40 vehicles (bench/milestone.ts): only when asked for.
if (only === 'milestone') for (const engine of engines) if (!(await benchMilestone(engine)).met) process.exitCode = 1;
// The server's CPU per request of the hot routes (bench/cpu.ts): only when asked for.
if (only === 'cpu') for (const engine of engines) await benchCpu(engine);
if (only === 'scaling') {
  // One server process against two (API_PROCESSES), bench/mixed/scaling.ts: only when asked for.
  for (const engine of engines) await benchScaling(engine);
}
if (only === 'contention') {
  // Writers contending (bench/contention.ts): only when asked for, a minute per engine; any error fails the run.
  const seconds = Number(process.argv[3] ?? 60);
  const results = [];
  for (const engine of engines) results.push(await benchContention(engine, seconds));
  if (results.some((r) => r.errors > 0)) process.exitCode = 1;
}
