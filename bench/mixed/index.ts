/**
 * The benchmark of real use (npm run bench -- mixed): many companies' data, 50 signed-in users of
 * 20 companies reading and writing at once against the real server over HTTP, then a check that
 * every acknowledged write is in the database. See README.md, Benchmark.
 */
import { closeDb, createDb, migrateLatest } from '../../api/src/db';
import { createTestDatabase, type EngineName } from '../../api/test/support/engines';
import { BENCH_PASSWORD, benchUsers, seedBenchData, sizesFor } from '../seed';
import { companyOperations, companyScenario, COMPANIES_IN_USE } from './companyMix';
import { isOk, Session, targetAt, textOf, type Target } from './http';
import { Ledger } from './ledger';
import { interruption, Recorder, routeRows, runClosedLoop, runOne, type RouteRow } from './load';
import { out, printAims, printMemory, printRoutes, type Aim } from './report';
import { listPath, type ConnectionSpec, type Operation, type Scenario, type VirtualUser } from './scenario';
import { sampleMemory, startServer, stopServer, type ServerProcess } from './servers';
import { superAdminScenario } from './superAdminMix';
import { loadWorld, type World } from './world';

const SCENARIOS: Record<string, Scenario> = { mixed: companyScenario, superadmin: superAdminScenario };
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** The aims' own conditions (the issue): 100,000 vehicles, 50 connections. */
const AIM_VEHICLES = 100_000;
const AIM_CONNECTIONS = 50;
const SHIPPER_P99_MS = 100;

export type MixedResult = { engine: EngineName; failures: number; lost: number; aims: Aim[] };

async function signIn(specs: ConnectionSpec[], targets: Target[], world: World): Promise<VirtualUser[]> {
  const users: VirtualUser[] = [];
  // A few at a time: each sign-in hashes a password on the server's thread pool.
  for (let i = 0; i < specs.length; i += 5) {
    const batch = specs.slice(i, i + 5).map(async (spec, k) => {
      const session = new Session(targets, i + k);
      const answer = await session.request('POST', '/api/login', { username: spec.username, password: spec.password });
      if (!isOk(answer)) throw new Error(`sign-in of ${spec.username} failed: ${answer.status} ${textOf(answer)}`);
      const company = spec.companyIndex ? world.companies.get(spec.companyIndex) : undefined;
      return { index: i + k, role: spec.role, username: spec.username, session, company, owned: [], bought: world.bought.get(spec.username) ?? [] } satisfies VirtualUser;
    });
    users.push(...(await Promise.all(batch)));
  }
  return users;
}

/** Each company's vehicles shared out among its staff users: one writer per vehicle (see Ledger). */
function shareOutVehicles(users: VirtualUser[], world: World) {
  for (const company of world.companies.values()) {
    const staff = users.filter((u) => u.company === company && u.role !== 'BUYER');
    company.vehicles.forEach((v, k) => staff.length && staff[k % staff.length].owned.push(v));
  }
}

/** The sequential table: one shipper of a company the mix does not touch, one request at a time. */
async function sequential(targets: Target[], world: World, ledger: Ledger, seconds: number) {
  const c = COMPANIES_IN_USE + 1;
  const [user] = await signIn([{ role: 'SHIPPER', username: benchUsers.shipper(c), password: BENCH_PASSWORD, companyIndex: c }], targets, world);
  user.owned = [...world.companies.get(c)!.vehicles];
  const pageRead: Operation = { name: 'page read (first 25 vehicles)', kind: 'read', weights: {}, plan: () => ({ method: 'GET', path: listPath('vehicles') }) };
  const statusChange = { ...companyOperations.find((op) => op.name === 'write: status change')!, name: 'status change' };
  const recorders: Recorder[] = [];
  for (const op of [pageRead, statusChange]) {
    await runOne(user, op, world, ledger, new Recorder(), 1); // warm-up
    const recorder = new Recorder();
    await runOne(user, op, world, ledger, recorder, seconds);
    recorders.push(recorder);
  }
  const [page, status] = recorders.map((r) => routeRows(r)[0]);
  return { page, status, failures: recorders.reduce((a, r) => a + r.errorCount, 0), samples: recorders.flatMap((r) => r.errorSamples) };
}

export async function benchMixed(engine: EngineName): Promise<MixedResult> {
  const scenario = SCENARIOS[process.env.BENCH_SCENARIO ?? 'mixed'];
  if (!scenario) throw new Error(`BENCH_SCENARIO: one of ${Object.keys(SCENARIOS).join(', ')}`);
  const totalVehicles = env('BENCH_VEHICLES', AIM_VEHICLES);
  const seconds = env('BENCH_SECONDS', 20);
  const warmup = env('BENCH_WARMUP_SECONDS', 3);
  const sequentialSeconds = env('BENCH_SEQUENTIAL_SECONDS', 4);
  // MySQL/MariaDB: two processes on one database, as a load-balanced install runs.
  const processes = engine === 'mysql' ? 2 : 1;

  const database = await createTestDatabase(engine);
  const servers: ServerProcess[] = [];
  let targets: Target[] = [];
  let memory: ReturnType<typeof sampleMemory> | undefined;
  const interrupt = () => {
    out('interrupted: stopping the servers and dropping the database');
    interruption.requested = true;
  };
  process.once('SIGINT', interrupt);
  try {
    const db = createDb(database.url);
    let world: World;
    let seedSeconds: number;
    try {
      await migrateLatest(db);
      const started = performance.now();
      const { vehicles } = await seedBenchData(db, sizesFor(totalVehicles));
      seedSeconds = (performance.now() - started) / 1000;
      world = await loadWorld(db, COMPANIES_IN_USE + 1, vehicles);
    } finally {
      await closeDb(db);
    }
    out(`\n[${engine}] ${scenario.name}: seeded ${world.totalVehicles.toLocaleString('en')} vehicles in 100 companies in ${seedSeconds.toFixed(1)} s`);

    // One after the other: the first start creates the super admin.
    for (let i = 0; i < processes; i++) servers.push(await startServer(database.url));
    memory = sampleMemory(servers);
    const specs = scenario.connections(world);
    targets = servers.map((s) => targetAt(s.port, specs.length + 1));
    const users = await signIn(specs, targets, world);
    shareOutVehicles(users, world);
    out(
      `${scenario.describe(specs)}; ${processes === 1 ? '1 server process' : `${processes} server processes, requests alternating between them (round-robin in the client, one request each)`}`,
    );

    const ledger = new Ledger();
    const warm = new Recorder();
    await runClosedLoop(users, scenario.operations, world, ledger, warm, warmup);
    const run = new Recorder();
    const clientCpu = process.cpuUsage();
    await runClosedLoop(users, scenario.operations, world, ledger, run, seconds);
    const { user: clientUs, system: clientSys } = process.cpuUsage(clientCpu);
    const seq = await sequential(targets, world, ledger, sequentialSeconds);
    if (interruption.requested) throw new Error('interrupted');
    const memoryRows = memory.stop();
    for (const s of servers) await stopServer(s);

    // Every acknowledged write must be in the rows.
    const check = createDb(database.url);
    let lost: string[];
    let checked: number;
    try {
      ({ lost, checked } = await ledger.check(check));
    } finally {
      await closeDb(check);
    }

    out(`closed loop, keep-alive, ${seconds} s after a ${warmup} s warm-up:`);
    const rows = routeRows(run);
    printRoutes(rows, run.seconds);
    printMemory(memoryRows);
    out(`load generator (this process) CPU: ${((clientUs + clientSys) / 1e4 / run.seconds).toFixed(0)}% of one core`);
    out(`sequential: one shipper connection, one request at a time, ${sequentialSeconds} s each:`);
    printRoutes([seq.page, seq.status], sequentialSeconds, false);
    const failures = warm.errorCount + run.errorCount + seq.failures;
    if (warm.errorCount || seq.failures) out(`errors outside the measured run: ${warm.errorCount} in the warm-up, ${seq.failures} in the sequential part`);
    const samples = [...new Set([...warm.errorSamples, ...run.errorSamples, ...seq.samples])].slice(0, 5);
    if (samples.length) out(`first errors:\n  ${samples.join('\n  ')}`);
    out(`lost writes: ${lost.length} (${ledger.acknowledged} acknowledged writes, ${checked} vehicles and new VINs checked)`);
    for (const line of lost.slice(0, 5)) out(`  ${line}`);

    const shipperRows = routeRows(run, ['SHIPPER']);
    const worstShipperRoute = shipperRows.reduce<RouteRow | undefined>((worst, r) => (!worst || r.p99 > worst.p99 ? r : worst), undefined);
    const atAimSize = totalVehicles === AIM_VEHICLES && specs.length === AIM_CONNECTIONS && scenario === companyScenario;
    const aims: Aim[] = [
      { label: '0 errors and 0 lost writes', met: failures === 0 && lost.length === 0 },
      {
        label: 'status change p50 ≤ page read p50 (sequential, SQLite)',
        met: engine === 'sqlite' ? seq.status.p50 <= seq.page.p50 : null,
        note: engine === 'sqlite' ? `${seq.status.p50.toFixed(1)} vs ${seq.page.p50.toFixed(1)} ms` : 'an aim on SQLite',
      },
      {
        label: `p99 ≤ ${SHIPPER_P99_MS} ms on every shipper route (MariaDB, 2 processes, 50 connections, 100,000 vehicles)`,
        met: engine === 'mysql' && shipperRows.length ? shipperRows.every((r) => r.p99 <= SHIPPER_P99_MS) : null,
        note:
          engine !== 'mysql'
            ? 'an aim on MariaDB/MySQL'
            : `shippers' worst: ${worstShipperRoute?.name ?? '-'} at p99 ${worstShipperRoute?.p99.toFixed(1) ?? '-'} ms${atAimSize ? '' : `; measured at ${totalVehicles.toLocaleString('en')} vehicles, ${specs.length} connections`}`,
      },
    ];
    printAims(aims);
    return { engine, failures, lost: lost.length, aims };
  } finally {
    process.off('SIGINT', interrupt);
    memory?.stop();
    for (const s of servers) await stopServer(s);
    for (const t of targets) t.agent.destroy();
    await database.drop();
  }
}
