/**
 * npm run bench -- stall: does one user's heavy reading stall everybody else? 50 shippers of 20
 * companies read lists and vehicle details in a closed loop, first alone ("quiet"), then while
 * the super admin searches VINs back to back over two connections (a substring search over every company's vehicles)
 * and, in a second session, downloads a container's images as one ZIP, over and over ("stall").
 * The shippers' p50 and p99 in both phases say how much the heavy work costs the others.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { closeDb, createDb, migrateLatest } from '../../api/src/db';
import { writeChunks } from '../../api/src/services/files/chunks';
import { createTestDatabase, type EngineName } from '../../api/test/support/engines';
import { BENCH_PASSWORD, benchUsers, seedBenchData, sizesFor } from '../seed';
import { AIM_VEHICLES } from './aims';
import { companyOperations, COMPANIES_IN_USE } from './companyMix';
import { isOk, targetAt, type Target } from './http';
import { Ledger } from './ledger';
import { interruption, percentile, Recorder, routeRows, runClosedLoop, type RouteRow } from './load';
import { out, printRoutes } from './report';
import { listPath, type ConnectionSpec, type VirtualUser } from './scenario';
import { BENCH_ADMIN_PASSWORD, startServer, stopServer, type ServerProcess } from './servers';
import { signIn } from './users';
import { loadWorld, type World } from './world';

const MB = 1024 * 1024;
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** What the shippers do: their lists and their vehicles' details, reads only. */
const CROWD_OPERATIONS = ['vehicles: first page, sorted', 'vehicles: status filter', 'containers: page', 'vehicle detail'];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** 4 to 6 random VIN characters: mostly matching nothing, so every search reads every vehicle. */
const randomVinPart = () => Array.from({ length: 4 + Math.floor(Math.random() * 3) }, () => VIN_CHARS[Math.floor(Math.random() * VIN_CHARS.length)]).join('');

/**
 * Images of `totalMb` MiB in all, of 4 MiB each, on one container: random bytes, which neither the
 * ZIP (stored, not deflated) nor HTTP compression can shrink. Written straight into the tables, as
 * the upload route stores them (file_chunks of 1 MiB).
 */
async function seedContainerImages(db: Knex, container: { id: number; companyId: number }, totalMb: number) {
  const fileMb = 4;
  const pieces = Array.from({ length: 8 }, () => randomBytes(MB));
  for (let i = 0; i * fileMb < totalMb; i++) {
    const bytes = Buffer.concat(Array.from({ length: fileMb }, (_, k) => pieces[(i + k) % pieces.length]));
    await db.transaction(async (trx) => {
      const [fileId] = await trx('vehicle_files').insert({
        containerId: container.id,
        companyId: container.companyId,
        fileType: 'IMAGE',
        fileName: `photo-${i}.jpg`,
        mimeType: 'image/jpeg',
        fileSize: bytes.length,
        createdAt: new Date().toISOString(),
      });
      await writeChunks(trx, { vehicleFileId: Number(fileId) }, 'original', bytes);
    });
  }
}

/** Sends a GET and reads its body to the end without keeping it; the bytes read and the time taken. */
function download(target: Target, path: string, cookie: string): Promise<{ status: number; bytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port: target.port, path, agent: target.agent, headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }));
      res.on('error', () => resolve({ status: 0, bytes, ms: performance.now() - started }));
    });
    req.on('error', () => resolve({ status: 0, bytes: 0, ms: performance.now() - started }));
  });
}

type Heavy = { searches: number[]; searchErrors: number; zips: { bytes: number; ms: number }[]; zipErrors: number };

/** The super admin's two sessions, each repeating its heavy request until `stop` says so. */
function runHeavyWork(searcher: VirtualUser, downloader: { target: Target; cookie: string }, containerId: number, stop: { now: boolean }): Promise<Heavy> {
  const heavy: Heavy = { searches: [], searchErrors: 0, zips: [], zipErrors: 0 };
  // Over BENCH_SEARCH_CONNECTIONS (2) connections of the one session at once: the per-user bound
  // (REQUESTS_PER_USER) queues the second behind the first rather than in front of the shippers.
  const searchConnections = env('BENCH_SEARCH_CONNECTIONS', 2);
  const searching = Promise.all(
    Array.from({ length: searchConnections }, async () => {
      while (!stop.now && !interruption.requested) {
        const answer = await searcher.session.request('GET', listPath('vehicles', { filter: { q: randomVinPart() } }));
        if (isOk(answer)) heavy.searches.push(answer.ms);
        else heavy.searchErrors++;
      }
    }),
  );
  const zipping = (async () => {
    while (!stop.now && !interruption.requested) {
      const result = await download(downloader.target, `/api/containers/${containerId}/download-images`, downloader.cookie);
      if (result.status === 200) heavy.zips.push(result);
      else heavy.zipErrors++;
    }
  })();
  return Promise.all([searching, zipping]).then(() => heavy);
}

/** The 50 shippers: companies 1 to 20, up to three shippers each. */
function shipperConnections(total: number): ConnectionSpec[] {
  return Array.from({ length: total }, (_, i) => {
    const c = (i % COMPANIES_IN_USE) + 1;
    return { role: 'SHIPPER' as const, username: benchUsers.shipper(c, Math.floor(i / COMPANIES_IN_USE) % 3), password: BENCH_PASSWORD, companyIndex: c };
  });
}

export type StallResult = { engine: EngineName; failures: number; quiet: RouteRow[]; stalled: RouteRow[]; heavy: Heavy };

export async function benchStall(engine: EngineName): Promise<StallResult> {
  const totalVehicles = env('BENCH_VEHICLES', AIM_VEHICLES);
  const zipMb = env('BENCH_ZIP_MB', 1024);
  const seconds = env('BENCH_SECONDS', 20);
  const warmup = env('BENCH_WARMUP_SECONDS', 3);
  const database = await createTestDatabase(engine);
  let server: ServerProcess | undefined;
  const targets: Target[] = [];
  try {
    const db = createDb(database.url);
    let world: World;
    let containerId: number;
    const started = performance.now();
    try {
      await migrateLatest(db);
      const { vehicles } = await seedBenchData(db, sizesFor(totalVehicles));
      world = await loadWorld(db, COMPANIES_IN_USE, vehicles);
      const company = world.companies.get(1)!;
      containerId = company.containerIds[0];
      await seedContainerImages(db, { id: containerId, companyId: company.id }, zipMb);
    } finally {
      await closeDb(db);
    }
    out(`\n[${engine}] stall: seeded ${world.totalVehicles.toLocaleString('en')} vehicles in 100 companies and ${zipMb} MiB of images on one container in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    server = await startServer(database.url);
    const crowd = shipperConnections(env('BENCH_CONNECTIONS', 50));
    const target = targetAt(server.port, crowd.length + 1 + env('BENCH_SEARCH_CONNECTIONS', 2));
    targets.push(target);
    const users = await signIn(crowd, [target], world);
    const admin = { role: 'SUPER_ADMIN' as const, username: process.env.ADMIN_USERNAME ?? 'admin@example.com', password: BENCH_ADMIN_PASSWORD };
    const [searcher] = await signIn([admin], [target], world);
    // The ZIP is read by a client of its own (the body is counted, never kept), in a session of its own.
    const login = await fetch(`http://127.0.0.1:${server.port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: admin.username, password: admin.password }),
    });
    if (!login.ok) throw new Error(`sign-in of ${admin.username} failed: ${login.status}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const operations = companyOperations.filter((op) => CROWD_OPERATIONS.includes(op.name));
    const ledger = new Ledger();
    out(`${crowd.length} shippers of ${COMPANIES_IN_USE} companies (lists and vehicle details), closed loop, keep-alive; 1 server process`);

    await runClosedLoop(users, operations, world, ledger, new Recorder(), warmup);
    const quiet = new Recorder();
    await runClosedLoop(users, operations, world, ledger, quiet, seconds);

    const stop = { now: false };
    const heavyDone = runHeavyWork(searcher, { target, cookie }, containerId, stop);
    // The heavy work gets going (the first search and the first ZIP chunks) before the measuring starts.
    await runClosedLoop(users, operations, world, ledger, new Recorder(), warmup);
    const stalled = new Recorder();
    await runClosedLoop(users, operations, world, ledger, stalled, seconds);
    stop.now = true;
    const heavy = await heavyDone;
    if (interruption.requested) throw new Error('interrupted');

    out(`quiet: the shippers alone, ${seconds} s:`);
    const quietRows = routeRows(quiet);
    printRoutes(quietRows, quiet.seconds);
    out(`stall: the same while the super admin searches VINs back to back and downloads a ${zipMb} MiB ZIP over and over, ${seconds} s:`);
    const stalledRows = routeRows(stalled);
    printRoutes(stalledRows, stalled.seconds);
    const sorted = [...heavy.searches].sort((a, b) => a - b);
    out(`super admin's VIN searches: ${sorted.length} (${heavy.searchErrors} errors), p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p99 ${percentile(sorted, 0.99).toFixed(0)} ms`);
    const zipBytes = heavy.zips.reduce((a, z) => a + z.bytes, 0);
    const zipMs = heavy.zips.reduce((a, z) => a + z.ms, 0);
    out(`super admin's ZIPs: ${heavy.zips.length} complete (${heavy.zipErrors} errors), ${zipMs ? ((zipBytes / MB / zipMs) * 1000).toFixed(0) : '-'} MB/s while downloading`);
    const samples = [...quiet.errorSamples, ...stalled.errorSamples].slice(0, 5);
    if (samples.length) out(`first errors:\n  ${samples.join('\n  ')}`);
    const failures = quiet.errorCount + stalled.errorCount + heavy.searchErrors + heavy.zipErrors;
    return { engine, failures, quiet: quietRows, stalled: stalledRows, heavy };
  } finally {
    if (server) await stopServer(server);
    for (const t of targets) t.agent.destroy();
    await database.drop();
  }
}

/** One line per engine: the shippers' throughput and worst p99, quiet and stalled. */
export function printStallSummary(results: StallResult[]) {
  const total = (rows: RouteRow[]) => rows.reduce((a, r) => a + r.rps, 0);
  const worst = (rows: RouteRow[]) => Math.max(...rows.map((r) => r.p99));
  const median = (rows: RouteRow[]) => Math.max(...rows.map((r) => r.p50));
  out('\nstall, the shippers (req/s in all; the worst route\'s p50 and p99):');
  for (const r of results) {
    out(
      `  [${r.engine}] quiet ${total(r.quiet).toFixed(0)} req/s, p50 ≤ ${median(r.quiet).toFixed(1)} ms, p99 ≤ ${worst(r.quiet).toFixed(1)} ms;` +
        ` stall ${total(r.stalled).toFixed(0)} req/s, p50 ≤ ${median(r.stalled).toFixed(1)} ms, p99 ≤ ${worst(r.stalled).toFixed(1)} ms`,
    );
  }
}
