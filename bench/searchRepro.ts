/**
 * Times the vehicle list's search (filter.q) in the largest of the companies bench/cpu.ts seeds:
 * each sort once in turn, then 10 at once from one user. Usage: tsx bench/searchRepro.ts
 */
import { closeDb, createDb, migrateLatest } from '../api/src/db';
import { createTestDatabase, type EngineName } from '../api/test/support/engines';
import { BENCH_PASSWORD, benchUsers, seedBenchData } from './seed';
import { listPath, VEHICLE_SORTS } from './mixed/scenario';
import { cpuSeconds, startServer, stopServer } from './mixed/servers';

const engine = (process.env.BENCH_ENGINES ?? 'sqlite') as EngineName;
// As bench/cpu.ts seeds: the last company is the one searched.
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,50000').split(',').map(Number);
const size = SIZES.at(-1)!;
const text = process.env.BENCH_Q ?? 'toyota';
const database = await createTestDatabase(engine);
try {
  const db = createDb(database.url);
  try {
    await migrateLatest(db);
    const t = performance.now();
    await seedBenchData(db, { companies: SIZES.length, containersPerCompany: 0, vehiclesPerCompany: 0, vehiclesOf: (c) => SIZES[c - 1] });
    console.log(`seeded ${size} in ${(performance.now() - t).toFixed(0)} ms`);
  } finally {
    await closeDb(db);
  }
  const server = await startServer(database.url);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: benchUsers.shipper(SIZES.length), password: BENCH_PASSWORD }) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const get = async (path: string) => {
      const started = performance.now();
      const res = await fetch(base + path, { headers: { cookie } });
      await res.arrayBuffer();
      return { ms: performance.now() - started, status: res.status, range: res.headers.get('content-range') };
    };
    for (const sort of [['id', 'DESC'] as [string, string], ...VEHICLE_SORTS]) {
      for (const from of [0, 225]) {
        const path = listPath('vehicles', { sort, from, filter: { q: text } });
        const cpu = cpuSeconds(server.pid);
        const r = await get(path);
        console.log(`${sort.join(' ').padEnd(16)} from ${String(from).padEnd(4)} ${r.status} ${r.ms.toFixed(0).padStart(6)} ms wall, ${((cpuSeconds(server.pid) - cpu) * 1000).toFixed(0)} ms cpu  ${r.range}`);
      }
    }
    const path = listPath('vehicles', { filter: { q: text } });
    const cpu = cpuSeconds(server.pid);
    const started = performance.now();
    const all = await Promise.all(Array.from({ length: 10 }, () => get(path)));
    console.log(`10 at once: ${(performance.now() - started).toFixed(0)} ms wall, ${((cpuSeconds(server.pid) - cpu) * 1000).toFixed(0)} ms cpu; each ${all.map((r) => `${r.status}:${r.ms.toFixed(0)}`).join(' ')}`);
  } finally {
    await stopServer(server);
  }
} finally {
  await database.drop();
}
