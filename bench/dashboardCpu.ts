/**
 * `npm run bench -- dashboard`: the server's CPU per request of GET /api/dashboard (issue 30: the
 * dashboard with its charts costs no more than before) at BENCH_VEHICLES vehicles (100,000 by
 * default) in 100 companies, for a shipper and a company admin of a company of 1% of them, and
 * for the super admin (every company). Measured as bench/cpu.ts measures: 10 keep-alive
 * connections for BENCH_CPU_SECONDS (5 s) after a warm-up, the server process's CPU (all its
 * threads, /proc) less its idle rate, divided by the answers. Self-contained on purpose: the same
 * file runs in an older checkout to compare (docs/decisions.md, issue 30's figures).
 */
import autocannon from 'autocannon';
import { closeDb, createDb, migrateLatest } from '../api/src/db';
import { createTestDatabase, type EngineName } from '../api/test/support/engines';
import { BENCH_PASSWORD, benchUsers, seedBenchData, sizesFor } from './seed';
import { BENCH_ADMIN_PASSWORD, cpuSeconds, startServer, stopServer } from './mixed/servers';

const seconds = Number(process.env.BENCH_CPU_SECONDS ?? 5);
const vehicles = Number(process.env.BENCH_VEHICLES ?? 100_000);
const out = (line = '') => process.stdout.write(line + '\n');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signIn(base: string, username: string, password: string) {
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!login.ok) throw new Error(`sign-in of ${username} failed: ${login.status}`);
  return login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

async function cpuPerRequest(pid: number, url: string, cookie: string, idle: number) {
  const run = (duration: number) => autocannon({ url, connections: 10, duration, headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } });
  await run(Math.max(1, Math.round(seconds / 2)));
  const before = cpuSeconds(pid);
  const started = performance.now();
  const result = await run(seconds);
  const used = cpuSeconds(pid) - before;
  const idleUsed = (idle * (performance.now() - started)) / 1000;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requests: result.requests.total, cpuMs: ((used - idleUsed) * 1000) / result.requests.total, rawMs: (used * 1000) / result.requests.total };
}

export async function benchDashboardCpu(engine: EngineName) {
  const database = await createTestDatabase(engine);
  try {
    const db = createDb(database.url);
    try {
      await migrateLatest(db);
      const started = performance.now();
      await seedBenchData(db, sizesFor(vehicles));
      out(`\n[${engine}] dashboard: seeded ${vehicles.toLocaleString('en')} vehicles in 100 companies in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } finally {
      await closeDb(db);
    }
    const server = await startServer(database.url);
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const people = [
        ['shipper, a company of 1%', await signIn(base, benchUsers.shipper(1), BENCH_PASSWORD)],
        ['company admin, same company', await signIn(base, benchUsers.admin(1), BENCH_PASSWORD)],
        ['super admin, every company', await signIn(base, process.env.ADMIN_USERNAME ?? 'admin@example.com', BENCH_ADMIN_PASSWORD)],
      ] as const;
      // The server warms an invoice worker at start: its CPU is not the dashboard's.
      await pause(3000);
      const idleStart = cpuSeconds(server.pid);
      await pause(3000);
      const idle = (cpuSeconds(server.pid) - idleStart) / 3;
      out(`server CPU per GET /api/dashboard (all threads, /proc, less its idle ${(idle * 1000).toFixed(0)} ms a second), 10 connections, ${seconds} s after a warm-up:`);
      for (const [who, cookie] of people) {
        const r = await cpuPerRequest(server.pid, `${base}/api/dashboard`, cookie, idle);
        out(`  ${who.padEnd(30)} ${r.cpuMs.toFixed(2).padStart(6)} ms (${r.rawMs.toFixed(2)} ms before the idle share; ${r.requests} requests)`);
      }
    } finally {
      await stopServer(server);
    }
  } finally {
    await database.drop();
  }
}
