/**
 * The benchmark of real use (npm run bench -- mixed): many companies' data, 50 signed-in users of
 * 20 companies reading and writing at once against the real server over HTTP, then a check that
 * every acknowledged write is in the database. See README.md, Benchmark.
 */
import { closeDb, createDb, migrateLatest, mysqlUrlStartingAt } from '../../api/src/db';
import { createTestDatabase, type EngineName } from '../../api/test/support/engines';
import { seedBenchData, sizesFor } from '../seed';
import { AIM_CONNECTIONS, AIM_VEHICLES, judgeAims } from './aims';
import { companyScenario, COMPANIES_IN_USE, pagesScenario } from './companyMix';
import { targetAt, type Target } from './http';
import { Ledger } from './ledger';
import { interruption, Recorder, routeRows, runClosedLoop } from './load';
import { out, printAims, printMemory, printRoutes, type Aim } from './report';
import type { Scenario } from './scenario';
import { sequential } from './sequential';
import { openLoopTable } from './openLoop';
import { cpuSeconds, databasePid, mainThreadCpuSeconds, sampleMemory, startServer, stopServer, type ServerProcess } from './servers';
import { superAdminScenario } from './superAdminMix';
import { shareOutVehicles, signIn } from './users';
import { loadWorld, type World } from './world';

const SCENARIOS: Record<string, Scenario> = { mixed: companyScenario, pages: pagesScenario, superadmin: superAdminScenario };
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);


export type MixedResult = { engine: EngineName; failures: number; lost: number; aims: Aim[] };

export async function benchMixed(engine: EngineName): Promise<MixedResult> {
  const scenario = SCENARIOS[process.env.BENCH_SCENARIO ?? 'mixed'];
  if (!scenario) throw new Error(`BENCH_SCENARIO: one of ${Object.keys(SCENARIOS).join(', ')}`);
  const totalVehicles = env('BENCH_VEHICLES', AIM_VEHICLES);
  const seconds = env('BENCH_SECONDS', 20);
  const warmup = env('BENCH_WARMUP_SECONDS', 3);
  const sequentialSeconds = env('BENCH_SEQUENTIAL_SECONDS', 4);
  // MySQL/MariaDB: two processes on one database, as a load-balanced install runs.
  const processes = Number(process.env.BENCH_PROCESSES ?? (engine === 'mysql' ? 2 : 1));

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
    // With several hosts (a Galera cluster), each process starts on its own node.
    for (let i = 0; i < processes; i++) servers.push(await startServer(engine === 'mysql' ? mysqlUrlStartingAt(database.url, i) : database.url));
    memory = sampleMemory(servers);
    const specs = scenario.connections(world);
    // Sockets enough for the open loop, whose requests do not wait for each other.
    targets = servers.map((s) => targetAt(s.port, Math.max(specs.length + 1, 256)));
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
    const serverCpu = servers.map((s) => cpuSeconds(s.pid));
    // MySQL/MariaDB on this machine: its CPU is a request's cost too, and on two cores it competes with ours.
    const databaseServer = engine === 'mysql' ? databasePid() : undefined;
    const databaseCpu = databaseServer ? cpuSeconds(databaseServer) : 0;
    const loopCpu = servers.map((s) => mainThreadCpuSeconds(s.pid));
    await runClosedLoop(users, scenario.operations, world, ledger, run, seconds);
    const serverCpuUsed = servers.reduce((sum, s, i) => sum + cpuSeconds(s.pid) - serverCpu[i], 0);
    const databaseCpuUsed = databaseServer ? cpuSeconds(databaseServer) - databaseCpu : undefined;
    const busiestLoop = Math.max(...servers.flatMap((s, i) => mainThreadCpuSeconds(s.pid).map((seconds, k) => seconds - loopCpu[i][k])));
    const { user: clientUs, system: clientSys } = process.cpuUsage(clientCpu);
    const seq = await sequential(targets, world, ledger, sequentialSeconds);
    // The open loop (bench/mixed/openLoop.ts): BENCH_OPEN_RATES="100,200,400,800" by default, "none" to skip it.
    const openRates = (process.env.BENCH_OPEN_RATES ?? '100,200,400,800').split(',').map(Number).filter((rate) => rate > 0);
    // Its table is printed after the closed loop's.
    const openLoopLines: string[] = [];
    if (openRates.length) await openLoopTable(users, scenario.operations, world, ledger, openRates, env('BENCH_OPEN_SECONDS', 10), (line) => openLoopLines.push(line));
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
    // The server's cost of a request, steadier than the throughput on a machine shared with others.
    const answered = rows.reduce((sum, r) => sum + r.requests, 0);
    out(
      `server CPU: ${((serverCpuUsed / run.seconds) * 100).toFixed(0)}% of one core, ${((serverCpuUsed * 1000) / answered).toFixed(2)} ms per request; ` +
        `busiest event loop (a process's main thread) ${((busiestLoop / run.seconds) * 100).toFixed(0)}% busy`,
    );
    if (databaseCpuUsed !== undefined) {
      out(`database server (mariadbd/mysqld) CPU: ${((databaseCpuUsed / run.seconds) * 100).toFixed(0)}% of one core, ${((databaseCpuUsed * 1000) / answered).toFixed(2)} ms per request`);
    }
    out(`sequential: one shipper connection, one request at a time, ${sequentialSeconds} s each:`);
    printRoutes([seq.page, seq.status], sequentialSeconds, false);
    const failures = warm.errorCount + run.errorCount + seq.failures;
    if (warm.errorCount || seq.failures) out(`errors outside the measured run: ${warm.errorCount} in the warm-up, ${seq.failures} in the sequential part`);
    const samples = [...new Set([...warm.errorSamples, ...run.errorSamples, ...seq.samples])].slice(0, 5);
    if (samples.length) out(`first errors:\n  ${samples.join('\n  ')}`);
    for (const line of openLoopLines) out(line);
    out(`lost writes: ${lost.length} (${ledger.acknowledged} acknowledged writes, ${checked} vehicles and new VINs checked)`);
    for (const line of lost.slice(0, 5)) out(`  ${line}`);

    const aims = judgeAims({
      engine,
      failures,
      lost: lost.length,
      sequential: seq,
      shipperRows: routeRows(run, ['SHIPPER']),
      atAimSize: totalVehicles === AIM_VEHICLES && specs.length === AIM_CONNECTIONS && scenario === companyScenario,
      size: `${totalVehicles.toLocaleString('en')} vehicles, ${specs.length} connections`,
    });
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
