/**
 * `npm run bench -- cpu`: the server's CPU per request of the hot routes, the figure that stays
 * steady on a machine shared with others (wall latency does not). Three companies of 1,000, 10,000
 * and 50,000 vehicles; each route is sent by a few keep-alive connections for BENCH_CPU_SECONDS
 * (3 s by default) after a warm-up, and the server process's CPU (all its threads, from /proc) is
 * divided by the requests answered. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=…" profiles
 * the server (bench/profileByPackage.ts groups a profile by package).
 */
import { closeDb, createDb, migrateLatest } from '../api/src/db';
import { VEHICLE_STATUSES } from '../api/src/domain/statuses';
import { createTestDatabase, type EngineName } from '../api/test/support/engines';
import { BENCH_PASSWORD, benchUsers, seedBenchData } from './seed';
import { isOk, Session, targetAt, textOf, type Answer } from './mixed/http';
import { listPath, VEHICLE_SORTS } from './mixed/scenario';
import { cpuSeconds, startServer, stopServer } from './mixed/servers';

const SIZES = [1_000, 10_000, 50_000];
const CONNECTIONS = 4;
const seconds = Number(process.env.BENCH_CPU_SECONDS ?? 3);
const out = (line = '') => process.stdout.write(line + '\n');

/**
 * Waits until the server's own CPU is quiet: it warms an invoice worker at start, whose CPU would
 * be counted to the first route measured. The server's, not the machine's: the machine may be busy.
 */
async function untilServerQuiet(pid: number) {
  const deadline = Date.now() + 60_000;
  let before = cpuSeconds(pid);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuSeconds(pid);
    if (now - before <= 0.02) return;
    before = now;
  }
}

export type CpuRow = { name: string; requests: number; cpuMs: number };

/** Sends `next()`'s requests over the sessions for a while; the server's CPU per answered request. */
async function measure(pid: number, sessions: Session[], name: string, next: (k: number) => { method: string; path: string; body?: unknown }): Promise<CpuRow> {
  let sent = 0;
  const run = async (ms: number) => {
    const until = performance.now() + ms;
    let answered = 0;
    await Promise.all(
      sessions.map(async (session) => {
        while (performance.now() < until) {
          const r = next(sent++);
          const answer: Answer = await session.request(r.method, r.path, r.body);
          if (!isOk(answer)) throw new Error(`${name}: ${answer.status} ${textOf(answer).slice(0, 200)}`);
          answered++;
        }
      }),
    );
    return answered;
  };
  await run(Math.min(2000, seconds * 500));
  const before = cpuSeconds(pid);
  const requests = await run(seconds * 1000);
  return { name, requests, cpuMs: ((cpuSeconds(pid) - before) * 1000) / requests };
}

export async function benchCpu(engine: EngineName): Promise<CpuRow[]> {
  const database = await createTestDatabase(engine);
  const rows: CpuRow[] = [];
  try {
    const db = createDb(database.url);
    const companyIds: number[] = [];
    const vehicleIds: number[][] = [];
    try {
      await migrateLatest(db);
      await seedBenchData(db, { companies: SIZES.length, containersPerCompany: 0, vehiclesPerCompany: 0, vehiclesOf: (c) => SIZES[c - 1] });
      for (let c = 1; c <= SIZES.length; c++) {
        const { id } = await db('companies').where({ code: `EXP${c}` }).first('id');
        companyIds.push(Number(id));
        vehicleIds.push((await db('vehicles').where({ companyId: id }).orderBy('id').limit(2000).pluck('id')).map(Number));
      }
    } finally {
      await closeDb(db);
    }
    const server = await startServer(database.url);
    try {
      await untilServerQuiet(server.pid);
      const target = targetAt(server.port, CONNECTIONS * SIZES.length);
      // One session per connection and company: its shipper, signed in once.
      const sessions: Session[][] = [];
      for (let c = 1; c <= SIZES.length; c++) {
        const list: Session[] = [];
        for (let k = 0; k < CONNECTIONS; k++) {
          const session = new Session([target]);
          const answer = await session.request('POST', '/api/login', { username: benchUsers.shipper(c), password: BENCH_PASSWORD });
          if (!isOk(answer)) throw new Error(`sign-in failed: ${answer.status} ${textOf(answer)}`);
          list.push(session);
        }
        sessions.push(list);
      }
      const small = sessions[0];
      const pick = (c: number, k: number) => vehicleIds[c][(k * 7919) % vehicleIds[c].length];
      rows.push(await measure(server.pid, small, 'GET /api/health', () => ({ method: 'GET', path: '/api/health' })));
      rows.push(await measure(server.pid, small, 'GET /api/user', () => ({ method: 'GET', path: '/api/user' })));
      rows.push(await measure(server.pid, small, 'GET /api/vehicles/{id}', (k) => ({ method: 'GET', path: `/api/vehicles/${pick(0, k)}` })));
      rows.push(
        await measure(server.pid, small, 'PATCH /api/vehicles/{id}/status', (k) => ({
          method: 'PATCH',
          path: `/api/vehicles/${pick(0, k)}/status`,
          body: { status: VEHICLE_STATUSES[k % VEHICLE_STATUSES.length] },
        })),
      );
      for (const [c, size] of SIZES.entries()) {
        for (const sort of VEHICLE_SORTS) {
          rows.push(await measure(server.pid, sessions[c], `list of 25, ${size.toLocaleString('en')} cars, ${sort.join(' ')}`, () => ({ method: 'GET', path: listPath('vehicles', { sort }) })));
        }
        rows.push(await measure(server.pid, sessions[c], `list of 25, ${size.toLocaleString('en')} cars, page 10`, () => ({ method: 'GET', path: listPath('vehicles', { from: 225 }) })));
        rows.push(await measure(server.pid, sessions[c], `list of 25, ${size.toLocaleString('en')} cars, q=toyota`, () => ({ method: 'GET', path: listPath('vehicles', { filter: { q: 'toyota' } }) })));
      }
      target.agent.destroy();
    } finally {
      await stopServer(server);
    }
  } finally {
    await database.drop();
  }
  out(`\n[${engine}] server CPU per request (all threads, /proc), ${CONNECTIONS} keep-alive connections, ${seconds} s each:`);
  for (const r of rows) out(`${r.name.padEnd(44)} ${r.cpuMs.toFixed(2).padStart(6)} ms  (${r.requests} requests)`);
  return rows;
}
