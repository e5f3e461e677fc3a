/**
 * `npx tsx bench/compareDashboard.ts <older checkout>`: the server CPU per GET /api/dashboard of
 * this checkout against an older one, measured side by side so that a busy machine weighs on both
 * alike (bench/dashboardCpu.ts measures one checkout at a time, which needs a quiet machine). Each
 * checkout seeds its own database of BENCH_VEHICLES (100,000) with its own seed and migrations and
 * runs its own server; then, for ROUNDS rounds, each role's dashboard is loaded on one server and
 * the other in turn (the order alternating by round) by 10 keep-alive connections for SLICE_S
 * seconds, and each server's CPU (all threads, /proc) is summed and divided by its answers. GET
 * /api/user is measured alike, so that the dashboard's own cost shows apart from what every request
 * costs in each checkout.
 * The older checkout needs bench/dashboardCpu.ts's seed (`seedBenchData`, `sizesFor`, `benchUsers`).
 */
import path from 'node:path';
import autocannon from 'autocannon';
import type { EngineName } from '../api/test/support/engines';

const older = path.resolve(process.argv[2] ?? '');
const vehicles = Number(process.env.BENCH_VEHICLES ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const SLICE_S = Number(process.env.SLICE_S ?? 3);
const engines = (process.env.BENCH_ENGINES ?? (process.env.MYSQL_URL ? 'sqlite,mysql' : 'sqlite')).split(',') as EngineName[];
const out = (line = '') => process.stdout.write(line + '\n');

type Tree = { name: string; root: string };
const trees: Tree[] = [{ name: 'this', root: path.resolve(import.meta.dirname, '..') }, { name: 'older', root: older }];

async function load(root: string) {
  const db = await import(path.join(root, 'api/src/db/index.ts'));
  const engines = await import(path.join(root, 'api/test/support/engines.ts'));
  const seed = await import(path.join(root, 'bench/seed.ts'));
  const servers = await import(path.join(root, 'bench/mixed/servers.ts'));
  return { db, engines, seed, servers };
}

async function signIn(base: string, username: string, password: string) {
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!login.ok) throw new Error(`sign-in of ${username} failed: ${login.status}`);
  return login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

for (const engine of engines) {
  const running: { tree: Tree; pid: number; base: string; cookies: string[]; stop: () => Promise<void>; drop: () => Promise<void>; cpu: () => number }[] = [];
  try {
    for (const tree of trees) {
      const m = await load(tree.root);
      const database = await m.engines.createTestDatabase(engine);
      const db = m.db.createDb(database.url);
      await m.db.migrateLatest(db);
      await m.seed.seedBenchData(db, m.seed.sizesFor(vehicles));
      await m.db.closeDb(db);
      const server = await m.servers.startServer(database.url, 240_000);
      const base = `http://127.0.0.1:${server.port}`;
      const cookies = [
        await signIn(base, m.seed.benchUsers.shipper(1), m.seed.BENCH_PASSWORD),
        await signIn(base, m.seed.benchUsers.admin(1), m.seed.BENCH_PASSWORD),
        await signIn(base, process.env.ADMIN_USERNAME ?? 'admin@example.com', m.servers.BENCH_ADMIN_PASSWORD),
      ];
      running.push({ tree, pid: server.pid, base, cookies, stop: () => m.servers.stopServer(server), drop: () => database.drop(), cpu: () => m.servers.cpuSeconds(server.pid) });
    }
    // Let start-up work (the invoice worker's warm-up) end before counting.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const roles = ['shipper', 'company admin', 'super admin'];
    // GET /api/user (the session and what every request passes through) is measured the same way:
    // less it, the dashboard's own cost, apart from what the rest of the app added since.
    const paths = ['/api/dashboard', '/api/user'];
    const sums = running.map(() => paths.map(() => roles.map(() => ({ cpu: 0, requests: 0 }))));
    for (let round = 0; round < ROUNDS; round++) {
      for (let p = 0; p < paths.length; p++) {
        for (let role = 0; role < roles.length; role++) {
          const order = round % 2 === 0 ? [0, 1] : [1, 0];
          for (const i of order) {
            const server = running[i];
            const before = server.cpu();
            const result = await autocannon({ url: `${server.base}${paths[p]}`, connections: 10, duration: SLICE_S, headers: { cookie: server.cookies[role], 'accept-encoding': 'gzip, deflate, br' } });
            if (result.non2xx > 0 || result.errors > 0) throw new Error(`${server.tree.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
            sums[i][p][role].cpu += server.cpu() - before;
            sums[i][p][role].requests += result.requests.total;
          }
        }
      }
    }
    const ms = (s: { cpu: number; requests: number }) => (s.cpu * 1000) / s.requests;
    out(`\n[${engine}] server CPU per request (ms), ${vehicles.toLocaleString('en')} vehicles, ${ROUNDS} alternating rounds of ${SLICE_S} s; load ${(await import('node:os')).loadavg().map((n) => n.toFixed(1)).join(' ')}`);
    for (let role = 0; role < roles.length; role++) {
      const [mine, theirs] = sums.map((byPath) => ({ dashboard: ms(byPath[0][role]), user: ms(byPath[1][role]) }));
      out(
        `  ${roles[role].padEnd(14)} dashboard this ${mine.dashboard.toFixed(2)} older ${theirs.dashboard.toFixed(2)} (ratio ${(mine.dashboard / theirs.dashboard).toFixed(2)}); ` +
          `/api/user this ${mine.user.toFixed(2)} older ${theirs.user.toFixed(2)}; dashboard less /api/user this ${(mine.dashboard - mine.user).toFixed(2)} older ${(theirs.dashboard - theirs.user).toFixed(2)}`,
      );
    }
  } finally {
    for (const server of running) {
      await server.stop();
      await server.drop();
    }
  }
}
process.exit(0);
