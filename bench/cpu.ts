/**
 * `npm run bench -- cpu`: the server's CPU per request of the hot routes, the figure that stays
 * steady on a machine shared with others (wall latency does not). Three companies of 1,000, 10,000
 * and 50,000 vehicles; each route is sent by 10 keep-alive connections for BENCH_CPU_SECONDS
 * (5 s by default) after a warm-up, and the server process's CPU (all its threads, from /proc),
 * less what it uses idle, is divided by the requests answered. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=…" profiles
 * the server (bench/profileByPackage.ts groups a profile by package). BENCH_CPU_ONLY (a regular
 * expression) measures only the routes whose names it matches, e.g. "1,000 cars, createdAt" to
 * profile one list request alone. The mixed benchmark's other routes follow ("mix: …", bench/cpu.ts mixRoutes).
 */
import { closeDb, createDb, DEFAULT_DEADLINES, migrateLatest } from '../api/src/db';
import { VEHICLE_STATUSES } from '../api/src/domain/statuses';
import { createTestDatabase, type EngineName } from '../api/test/support/engines';
import { BENCH_PASSWORD, benchUsers, COLORS, seedBenchData, vinFor } from './seed';
import autocannon from 'autocannon';
import { listPath, VEHICLE_SORTS } from './mixed/scenario';
import { cpuSeconds, databasePid, startServer, stopServer } from './mixed/servers';

/** The companies' sizes; BENCH_CPU_SIZES=1000 measures the small one alone (MariaDB seeds 50,000 cars' search suffixes slowly). */
const SIZES = process.env.BENCH_CPU_SIZES ? process.env.BENCH_CPU_SIZES.split(',').map(Number) : [1_000, 10_000, 50_000];
const CONNECTIONS = 10;
const seconds = Number(process.env.BENCH_CPU_SECONDS ?? 5);
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

/** cpuMs: the server's; databaseCpuMs: the database server's (MySQL/MariaDB on this machine), which a request costs too. */
export type CpuRow = { name: string; requests: number; cpuMs: number; databaseCpuMs?: number };

type Request = { method: 'GET' | 'PATCH' | 'POST'; path: string; body?: unknown };

/** The server's own CPU rate when idle (a heartbeat, the checkpointer), in CPU seconds a second. */
async function idleRate(pid: number): Promise<number> {
  const before = cpuSeconds(pid);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return (cpuSeconds(pid) - before) / 3;
}

/**
 * Sends `next()`'s requests by autocannon (its client costs little of the shared cores) for a
 * while after a warm-up (the JIT); the server's CPU per answered request, less its idle rate.
 */
/** The local MySQL/MariaDB server while a MySQL run measures (its idle CPU is next to nothing). */
let databaseProcess: () => number | undefined = () => undefined;

const only = process.env.BENCH_CPU_ONLY ? new RegExp(process.env.BENCH_CPU_ONLY) : undefined;

async function measure(pid: number, base: string, cookie: string, idle: number, name: string, next: (k: number) => Request): Promise<CpuRow> {
  if (only && !only.test(name)) return { name, requests: -1, cpuMs: NaN };
  let sent = 0;
  const run = (duration: number) =>
    autocannon({
      url: base,
      connections: CONNECTIONS,
      duration,
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br', 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => {
            const r = next(sent++);
            return { ...request, method: r.method, path: r.path, body: r.body === undefined ? undefined : JSON.stringify(r.body) };
          },
        },
      ],
    });
  await run(Math.max(1, Math.round(seconds / 2)));
  const databaseServer = databaseProcess();
  const before = cpuSeconds(pid);
  const databaseBefore = databaseServer ? cpuSeconds(databaseServer) : 0;
  const started = performance.now();
  const result = await run(seconds);
  const used = cpuSeconds(pid) - before - (idle * (performance.now() - started)) / 1000;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const requests = result.requests.total;
  const databaseCpuMs = databaseServer ? ((cpuSeconds(databaseServer) - databaseBefore) * 1000) / requests : undefined;
  return { name, requests, cpuMs: (used * 1000) / requests, databaseCpuMs };
}

/** The server on the database, started and quiet (its start-up work done). */
async function startQuietServer(databaseUrl: string) {
  const server = await startServer(databaseUrl);
  await untilServerQuiet(server.pid);
  return { server, base: `http://127.0.0.1:${server.port}` };
}

/** Company c's first shipper signed in: the session cookie. */
async function shipperCookie(base: string, c: number): Promise<string> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: benchUsers.shipper(c), password: BENCH_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

/**
 * The mixed benchmark's other routes (bench/mixed/companyMix.ts), one company of 1,000 cars and 50
 * containers (a quarter of the cars in them, as the mixed benchmark seeds): what its average per
 * request is made of.
 */
async function mixRoutes(engine: EngineName): Promise<CpuRow[]> {
  const database = await createTestDatabase(engine);
  const rows: CpuRow[] = [];
  try {
    const db = createDb(database.url, { ...DEFAULT_DEADLINES, queryTimeoutMs: 0 });
    let vehicleIds: number[];
    let containerIds: number[];
    try {
      await migrateLatest(db);
      await seedBenchData(db, { companies: 1, containersPerCompany: 50, vehiclesPerCompany: 1000 });
      vehicleIds = (await db('vehicles').orderBy('id').pluck('id')).map(Number);
      containerIds = (await db('containers').orderBy('id').pluck('id')).map(Number);
    } finally {
      await closeDb(db);
    }
    const { server, base } = await startQuietServer(database.url);
    try {
      const cookie = await shipperCookie(base, 1);
      const idle = await idleRate(server.pid);
      const route = (name: string, next: (k: number) => Request) => measure(server.pid, base, cookie, idle, `mix: ${name}`, next);
      const vehicle = (k: number) => vehicleIds[(k * 7919) % vehicleIds.length];
      rows.push(await route('GET /api/dashboard', () => ({ method: 'GET', path: '/api/dashboard' })));
      rows.push(await route('containers: page', () => ({ method: 'GET', path: listPath('containers') })));
      rows.push(await route('vehicles: status filter', (k) => ({ method: 'GET', path: listPath('vehicles', { filter: { status: VEHICLE_STATUSES[k % VEHICLE_STATUSES.length] } }) })));
      rows.push(await route('vehicles: container filter', (k) => ({ method: 'GET', path: listPath('vehicles', { filter: { containerId: containerIds[k % containerIds.length] } }) })));
      rows.push(await route('vehicles: search a VIN\'s end', (k) => ({ method: 'GET', path: listPath('vehicles', { filter: { q: vinFor(k % 1000).slice(-6) } }) })));
      rows.push(await route('PATCH notes, colour', (k) => ({ method: 'PATCH', path: `/api/vehicles/${vehicle(k)}`, body: { notes: `Checked ${k}`, vehicleInfo: { color: COLORS[k % COLORS.length] } } })));
      rows.push(await route('PATCH containerId', (k) => ({ method: 'PATCH', path: `/api/vehicles/${vehicle(k)}`, body: { containerId: k % 5 === 0 ? null : containerIds[k % containerIds.length] } })));
      rows.push(
        await route('POST /api/vehicles', (k) => ({ method: 'POST', path: '/api/vehicles', body: { vin: vinFor(5_000_000 + k), make: 'TOYOTA', model: 'Camry', year: 2020, vehicleInfo: { color: 'White' } } })),
      );
    } finally {
      await stopServer(server);
    }
  } finally {
    await database.drop();
  }
  return rows;
}

export async function benchCpu(engine: EngineName): Promise<CpuRow[]> {
  const databaseServer = engine === 'mysql' ? databasePid() : undefined;
  databaseProcess = () => databaseServer;
  const database = await createTestDatabase(engine);
  const rows: CpuRow[] = [];
  let idleNote = '';
  try {
    // No query deadline for the seed: on MariaDB the 50,000 cars' search suffixes are one
    // statement, which a busy machine takes longer than a request's 15 s over.
    const db = createDb(database.url, { ...DEFAULT_DEADLINES, queryTimeoutMs: 0 });
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
    const { server, base } = await startQuietServer(database.url);
    try {
      // Each company's shipper, signed in once.
      const cookies: string[] = [];
      for (let c = 1; c <= SIZES.length; c++) cookies.push(await shipperCookie(base, c));
      const idle = await idleRate(server.pid);
      const small = (name: string, next: (k: number) => Request) => measure(server.pid, base, cookies[0], idle, name, next);
      const pick = (c: number, k: number) => vehicleIds[c][(k * 7919) % vehicleIds[c].length];
      rows.push(await small('GET /api/health', () => ({ method: 'GET', path: '/api/health' })));
      rows.push(await small('GET /api/user', () => ({ method: 'GET', path: '/api/user' })));
      rows.push(await small('GET /api/vehicles/{id}', (k) => ({ method: 'GET', path: `/api/vehicles/${pick(0, k)}` })));
      rows.push(
        await small('PATCH /api/vehicles/{id}/status', (k) => ({
          method: 'PATCH',
          path: `/api/vehicles/${pick(0, k)}/status`,
          body: { status: VEHICLE_STATUSES[k % VEHICLE_STATUSES.length] },
        })),
      );
      idleNote = `less the server's idle ${(idle * 1000).toFixed(0)} ms a second`;
      for (const [c, size] of SIZES.entries()) {
        const list = (label: string, path: string) => measure(server.pid, base, cookies[c], idle, `list of 25, ${size.toLocaleString('en')} cars, ${label}`, () => ({ method: 'GET', path }));
        for (const sort of VEHICLE_SORTS) rows.push(await list(sort.join(' '), listPath('vehicles', { sort })));
        rows.push(await list('page 10', listPath('vehicles', { from: 225 })));
        rows.push(await list('q=toyota', listPath('vehicles', { filter: { q: 'toyota' } })));
      }
    } finally {
      await stopServer(server);
    }
  } finally {
    await database.drop();
  }
  rows.push(...(await mixRoutes(engine)));
  out(`\n[${engine}] server CPU per request (all threads, /proc, ${idleNote}), ${CONNECTIONS} connections, ${seconds} s each after a warm-up:`);
  if (databaseServer) out(`(+ db: the database server's CPU per request, mariadbd/mysqld on this machine)`);
  for (const r of rows.filter((row) => row.requests >= 0)) {
    const databaseCpu = r.databaseCpuMs === undefined ? '' : `  + db ${r.databaseCpuMs.toFixed(2)} ms`;
    out(`${r.name.padEnd(44)} ${r.requests ? `${r.cpuMs.toFixed(2).padStart(6)} ms${databaseCpu}` : 'no answer within the time'}  (${r.requests} requests)`);
  }
  return rows;
}
