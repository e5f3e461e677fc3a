/**
 * npm run bench -- import: a company's 10,000 vehicles imported from one CSV (a dry run, then the
 * real run) and exported whole (CSV and .xlsx), on each engine. The app runs in this process so
 * the event loop it serves on is the one measured: the longest delay of a timer that should fire
 * every 10 ms (perf_hooks' event-loop delay) while each request runs, against the aim of 50 ms.
 * While the import runs, another user of the company reads the vehicle list and changes a vehicle's
 * status, each every 100 ms: how long those take shows whether they wait for the import's
 * transaction.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { closeDb, createDb, migrateLatest } from '../api/src/db';
import { STATUS_LABELS } from '../api/src/domain/sheetColumns';
import { VEHICLE_STATUSES } from '../api/src/domain/statuses';
import { createTestDatabase, type EngineName } from '../api/test/support/engines';
import { BENCH_PASSWORD, benchUsers, COLORS, MAKES, seedBenchData, vinFor } from './seed';

const ROWS = 10_000;
const AIM_IMPORT_MS = 10_000;
const AIM_BLOCK_MS = 50;

type Session = { base: string; cookie: string };

async function signIn(base: string, username: string): Promise<Session> {
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: BENCH_PASSWORD }) });
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status}`);
  return { base, cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
}

/** The CSV of a fleet: new VINs, makes, statuses by label and code, colours, a third in containers. */
function fleetCsv(containers: string[]): string {
  const lines = ['VIN,Make,Model,Year,Status,Container,Color'];
  for (let i = 0; i < ROWS; i++) {
    const [make, model] = MAKES[i % MAKES.length];
    const status = VEHICLE_STATUSES[i % VEHICLE_STATUSES.length];
    lines.push([vinFor(2_000_000 + i), make, model, 2015 + (i % 10), i % 2 ? status : STATUS_LABELS.en[status], i % 3 ? '' : containers[i % containers.length], COLORS[i % COLORS.length]].join(','));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The CPU time the main thread (the event loop) has used, in ms, from Linux's schedstat; null
 * elsewhere. Unlike a wall-clock delay it does not count the time the thread waited for a core, so
 * it shows how long our own turns are on a machine busy with other work.
 */
const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;
function mainThreadCpuMs(): number | null {
  try {
    return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

/**
 * Runs `work` and tells how long it took, the longest event-loop delay meanwhile, and the CPU it
 * cost this process. On a shared machine a delay is also the time the process waited for a core:
 * `blockedCpuMs` is the CPU this process used during the longest gap between two ticks of a 5 ms
 * timer (all its threads: an upper bound of what the event loop itself ran), and
 * `longestCpuStepMs` the most CPU used between two ticks (the longest step that ran on it), and
 * `longestTurnMs` the most CPU the main thread alone used between two ticks (Linux): the longest
 * the event loop was held by work of its own, however busy the machine.
 */
async function measured<T>(work: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let lastWall = performance.now();
  let lastCpu = cpuMs();
  let lastTurn = mainThreadCpuMs();
  const gaps = { wallMs: 0, cpuInIt: 0, longestCpuStepMs: 0, longestTurnMs: lastTurn === null ? null : 0 };
  const ticker = setInterval(() => {
    const [wall, cpu, turn] = [performance.now(), cpuMs(), mainThreadCpuMs()];
    if (wall - lastWall > gaps.wallMs) Object.assign(gaps, { wallMs: wall - lastWall, cpuInIt: cpu - lastCpu });
    gaps.longestCpuStepMs = Math.max(gaps.longestCpuStepMs, cpu - lastCpu);
    if (turn !== null && lastTurn !== null && gaps.longestTurnMs !== null) gaps.longestTurnMs = Math.max(gaps.longestTurnMs, turn - lastTurn);
    [lastWall, lastCpu, lastTurn] = [wall, cpu, turn];
  }, 5);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  clearInterval(ticker);
  delay.disable();
  return { result, ms, blockedMs: delay.max / 1e6, blockedCpuMs: gaps.cpuInIt, longestCpuStepMs: gaps.longestCpuStepMs, longestTurnMs: gaps.longestTurnMs, cpuMs: (used.user + used.system) / 1000 };
}

/** The longest delay, and the CPU the process used in it and in its busiest 5 ms tick. */
const blocked = (m: { blockedMs: number; blockedCpuMs: number; longestCpuStepMs: number; longestTurnMs: number | null }) =>
  `event loop blocked at most ${m.blockedMs.toFixed(0)} ms (${m.blockedCpuMs.toFixed(0)} ms of CPU in it; busiest step ${m.longestCpuStepMs.toFixed(0)} ms of CPU`
  + `${m.longestTurnMs === null ? '' : `; longest turn of the main thread ${m.longestTurnMs.toFixed(0)} ms of its CPU`})`;

export async function benchImportExport(engine: EngineName) {
  const database = await createTestDatabase(engine);
  const db = createDb(database.url);
  await migrateLatest(db);
  await seedBenchData(db, { companies: 2, containersPerCompany: 20, vehiclesPerCompany: 200, shippersPerCompany: 2, buyersPerCompany: 1 });
  const config = loadConfig({ ...process.env, DATABASE_URL: database.url, SESSION_SECRET: 'bench-secret-bench-secret', LOG_LEVEL: 'silent', VPIC_URL: 'http://127.0.0.1:9/api' });
  const app = createApp({ db, config });
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    process.stdout.write(`[import ${engine}] ${line}\n`);
  };
  try {
    const importer = await signIn(base, benchUsers.shipper(1, 0));
    const reader = await signIn(base, benchUsers.shipper(1, 1));
    // A third user: one user's requests queue behind each other (http/fairShare.ts).
    const writer = await signIn(base, benchUsers.admin(1));
    const company = await db('users').where({ username: benchUsers.shipper(1, 0) }).first('companyId');
    const containers = (await db('containers').where({ companyId: company.companyId }).select('number')).map((c) => c.number as string);
    const csv = fleetCsv(containers);

    const send = async (dryRun: boolean) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'fleet.csv');
      const res = await fetch(`${base}/api/vehicles/import${dryRun ? '?dryRun=true' : ''}`, { method: 'POST', headers: { cookie: importer.cookie }, body: form });
      const body = (await res.json()) as { created: number; errors: unknown[] };
      if (res.status !== 200 || body.created !== ROWS) throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      return body;
    };
    const dry = await measured(() => send(true));
    say(`dry run of ${ROWS} rows: ${(dry.ms / 1000).toFixed(2)} s, ${blocked(dry)}, CPU ${(dry.cpuMs / 1000).toFixed(2)} s`);

    // Another user of the company reads the list, and a third changes a vehicle's status, every 100 ms
    // while the import runs: how long those take shows whether they wait for its transaction.
    const reads: number[] = [];
    const writes: number[] = [];
    const writeFailures: number[] = [];
    const ownVehicles = (await db('vehicles').where({ companyId: company.companyId }).orderBy('id').limit(50).select('id')).map((v) => v.id as number);
    let importing = true;
    const readLoop = (async () => {
      while (importing) {
        const started = performance.now();
        const res = await fetch(`${base}/api/vehicles?range=[0,24]`, { headers: { cookie: reader.cookie } });
        await res.arrayBuffer();
        reads.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const writeLoop = (async () => {
      for (let i = 0; importing; i++) {
        const started = performance.now();
        const res = await fetch(`${base}/api/vehicles/${ownVehicles[i % ownVehicles.length]}/status`, {
          method: 'PATCH',
          headers: { cookie: writer.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ status: VEHICLE_STATUSES[i % VEHICLE_STATUSES.length] }),
        });
        await res.arrayBuffer();
        (res.status === 200 ? writes : writeFailures).push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const real = await measured(() => send(false));
    importing = false;
    await Promise.all([readLoop, writeLoop]);
    const met = real.ms < AIM_IMPORT_MS && real.blockedMs <= AIM_BLOCK_MS;
    say(`import of ${ROWS} rows: ${(real.ms / 1000).toFixed(2)} s (${Math.round(ROWS / (real.ms / 1000))} rows/s), ${blocked(real)}, CPU ${(real.cpuMs / 1000).toFixed(2)} s (${(real.cpuMs / ROWS).toFixed(2)} ms a row) ${met ? 'aim met' : 'AIM MISSED'} (< 10 s, <= 50 ms)`);
    const spread = (ms: number[]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      return `${sorted.length}, p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms`;
    };
    say(`another user's list reads meanwhile: ${spread(reads)}`);
    // A write waits for the import's transaction (docs/decisions.md, "Writers during an import"):
    // on SQLite for the writer (503 past DB_CONNECT_TIMEOUT_MS), on MariaDB for the rows it locked.
    say(`another user's status changes meanwhile: ${spread(writes)}; answered other than 200 (503: waited too long): ${writeFailures.length}`);

    for (const format of ['csv', 'xlsx'] as const) {
      const out = await measured(async () => {
        const res = await fetch(`${base}/api/vehicles/export?format=${format}`, { headers: { cookie: importer.cookie } });
        return { status: res.status, bytes: (await res.arrayBuffer()).byteLength, rows: Number(res.headers.get('x-total-count')) };
      });
      say(`export ${format} of ${out.result.rows} vehicles: ${(out.ms / 1000).toFixed(2)} s, ${(out.result.bytes / 1024 / 1024).toFixed(1)} MiB, ${blocked(out)}, CPU ${(out.cpuMs / 1000).toFixed(2)} s`);
    }
    return { engine, met, lines };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await app.closeResources();
    await closeDb(db);
    await database.drop();
  }
}
