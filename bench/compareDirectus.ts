/**
 * `npx tsx bench/compareDirectus.ts`: our API side by side with Directus (a generic headless CMS an
 * exporter might use instead) on the same 100,000 cars (bench/seed.ts, 100 companies × 1,000), both
 * on one engine: one MariaDB/MySQL server, or each its own SQLite file. Directus is an outside install this script points at; it is never a
 * dependency of ours:
 *
 *   mkdir /some/dir && cd /some/dir && npm init -y && npm install directus@11.3.5
 *   DIRECTUS_DIR=/some/dir npx tsx bench/compareDirectus.ts
 *
 * Environment:
 * - DIRECTUS_DIR (required): the folder whose node_modules holds directus.
 * - COMPARE_ENGINE: mysql (default) or sqlite. SQLite: both files in COMPARE_SQLITE_DIR (default
 *   $TMPDIR/dcmp-sqlite), removed at the end; Directus keeps its own SQLite settings (the sqlite3
 *   driver, one connection, SQLite's default journal), ours its own (WAL, reader threads).
 * - MYSQL_URL: the server, default mysql://root@127.0.0.1:3306/. Two databases are made on it,
 *   COMPARE_DB_PREFIX + "ours" and + "directus" (prefix default dcmp_), and dropped at the end.
 * - COMPARE_PORTS: our server's port and Directus's, default 47110,47120.
 * - BENCH_SECONDS: the measured seconds of each run (default 8, after a 2 s warm-up).
 * - COMPARE_ROUNDS: how many times each scenario alternates ours, Directus (default 3).
 * - COMPARE_SCENARIOS: a comma list of page, search, searchfields, last, mixed (default all five).
 * - COMPARE_KEEP=1: keep both databases at the end; COMPARE_REUSE=1: use the databases kept by an
 *   earlier run (each one found seeded) instead of seeding them again.
 *
 * What is compared, one company's user (company 50's), 10 keep-alive connections, closed loop:
 * 1. page: the first 25 cars by createdAt, newest first, with the total count.
 * 2. search: the same page of the cars matching "toyota" (ours: filter {"q":"toyota"}; Directus:
 *    ?search=toyota, its generic search, a LIKE over every text field the user may read).
 *    searchfields: the same with Directus given what our q means instead, any part of the VIN, make
 *    or model: filter {"_or": [{"vin": {"_icontains": "toyota"}}, make…, model…]}.
 * 3. last: the company's last page of 25 in the same order.
 * 4. mixed: 10 first-page reads to 1 status change (PATCH of one car's status).
 *
 * Directus: production mode, response cache off, log level warn, one process. Its `vehicles`
 * collection is a copy of our table (the same columns and indexes, CREATE TABLE … LIKE) plus the
 * values our list row joins in (container number, company and buyer names, file counts) as plain
 * columns, so Directus reads no relation (an advantage to it). Its user sees only its company
 * through a policy whose permission filter is companyId = $CURRENT_USER.companyId (a field added
 * to directus_users), the like-for-like of our shipper; it may read the list's fields and update
 * the status alone. It signs in with a JWT (access token) as a browser would.
 *
 * For each run: req/s, p50 and p99 (autocannon), each server's CPU per request (its process and
 * all its descendants, all threads, from /proc) and the database server's (mariadbd/mysqld, shared
 * with whatever else the machine runs), and the machine's load average.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import knexFactory, { type Knex } from 'knex';
import { closeDb, createDb, DEFAULT_DEADLINES, migrateLatest } from '../api/src/db';
import { mysqlLogin, mysqlUrlWithDatabase, parseMysqlUrl } from '../api/src/db';
import { VEHICLE_STATUSES } from '../api/src/domain/statuses';
import { BENCH_PASSWORD, benchUsers, seedBenchData } from './seed';
import { listPath } from './mixed/scenario';
import { cpuSeconds, databasePid, startServer, stopServer, type ServerProcess } from './mixed/servers';

const DIRECTUS_DIR = process.env.DIRECTUS_DIR;
if (!DIRECTUS_DIR) throw new Error('DIRECTUS_DIR: the folder where directus is installed (npm install directus@11.3.5)');
const DIRECTUS_CLI = path.join(DIRECTUS_DIR, 'node_modules/directus/cli.js');
if (!existsSync(DIRECTUS_CLI)) throw new Error(`no Directus at ${DIRECTUS_CLI}`);
const MYSQL_URL = process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/';
const PREFIX = process.env.COMPARE_DB_PREFIX ?? 'dcmp_';
const [OUR_PORT, DIRECTUS_PORT] = (process.env.COMPARE_PORTS ?? '47110,47120').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 3);
const SCENARIOS = (process.env.COMPARE_SCENARIOS ?? 'page,search,searchfields,last,mixed').split(',');
const KEEP = process.env.COMPARE_KEEP === '1';
const REUSE = process.env.COMPARE_REUSE === '1';
const CONNECTIONS = 10;
const COMPANY = 50;
// Directus refuses addresses at .example: its users are at example.com.
const DIRECTUS_ADMIN = { email: 'admin@example.com', password: 'bench directus admin 123' };
const DIRECTUS_SHIPPER = `shipper${COMPANY}@example.com`;
const out = (line = '') => process.stdout.write(line + '\n');

const ENGINE = process.env.COMPARE_ENGINE ?? 'mysql';
if (ENGINE !== 'mysql' && ENGINE !== 'sqlite') throw new Error('COMPARE_ENGINE: mysql or sqlite');
const SQLITE_DIR = process.env.COMPARE_SQLITE_DIR ?? path.join(tmpdir(), 'dcmp-sqlite');
const OURS_FILE = path.join(SQLITE_DIR, 'ours.sqlite');
const DIRECTUS_FILE = path.join(SQLITE_DIR, 'directus.sqlite');
const OURS_DB = `${PREFIX}ours`;
const DIRECTUS_DB = `${PREFIX}directus`;

/** The fields our list row answers, asked of Directus by name. */
const LIST_FIELDS = [
  'id', 'vin', 'make', 'model', 'year', 'status', 'containerId', 'fromPortId', 'toPortId', 'shipperId', 'buyerId',
  'companyId', 'vehicleInfo', 'createdAt', 'updatedAt', 'documentsDueAt',
  'containerNumber', 'companyName', 'buyerName', 'imageCount', 'documentCount', 'thumbnailFileId',
];

// ---------------------------------------------------------------- processes and CPU from /proc

function statFields(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return undefined;
  }
}

/** CPU seconds of a process and all its descendants (every thread: /proc/<pid>/stat sums them). */
function treeCpuSeconds(root: number): number {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields) parentOf.set(Number(entry), Number(fields[1]));
  }
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parentOf) {
      if (!tree.has(pid) && tree.has(parent)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let seconds = 0;
  for (const pid of tree) {
    const own = cpuSeconds(pid);
    if (!Number.isNaN(own)) seconds += own; // NaN: ended meanwhile
  }
  return seconds;
}

async function untilQuiet(pids: number[], maxMs = 60_000) {
  const deadline = Date.now() + maxMs;
  let before = pids.map(treeCpuSeconds);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = pids.map(treeCpuSeconds);
    if (now.every((cpu, i) => cpu - before[i] <= 0.03)) return;
    before = now;
  }
}

// ---------------------------------------------------------------- databases

function adminDb(): Knex {
  return knexFactory({ client: 'mysql2', connection: mysqlLogin(parseMysqlUrl(MYSQL_URL).url), pool: { min: 0, max: 1 } });
}

const oursUrl = () => (ENGINE === 'sqlite' ? `sqlite:${OURS_FILE}` : mysqlUrlWithDatabase(MYSQL_URL, OURS_DB));

function sqliteOf(filename: string): Knex {
  return knexFactory({ client: 'better-sqlite3', connection: { filename }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
}

async function seedOurs(admin: Knex) {
  if (ENGINE === 'sqlite') {
    rmSync(SQLITE_DIR, { recursive: true, force: true });
    mkdirSync(SQLITE_DIR, { recursive: true });
  } else {
    await admin.raw(`DROP DATABASE IF EXISTS \`${OURS_DB}\``);
    await admin.raw(`CREATE DATABASE \`${OURS_DB}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  }
  const db = createDb(oursUrl(), { ...DEFAULT_DEADLINES, queryTimeoutMs: 0 });
  try {
    await migrateLatest(db);
    const started = performance.now();
    const { vehicles } = await seedBenchData(db);
    out(`ours: seeded ${vehicles.toLocaleString('en')} vehicles in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await closeDb(db);
  }
}

function directusDbEnv(): Record<string, string> {
  if (ENGINE === 'sqlite') return { DB_CLIENT: 'sqlite3', DB_FILENAME: DIRECTUS_FILE };
  const login = mysqlLogin(parseMysqlUrl(MYSQL_URL).url);
  if (!('host' in login)) throw new Error('MYSQL_URL: Directus is given a host and port, not a socket');
  return { DB_CLIENT: 'mysql', DB_HOST: login.host, DB_PORT: String(login.port), DB_DATABASE: DIRECTUS_DB, DB_USER: login.user, DB_PASSWORD: login.password };
}

function directusEnv(): Record<string, string> {
  return {
    ...directusDbEnv(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(DIRECTUS_PORT),
    PUBLIC_URL: `http://127.0.0.1:${DIRECTUS_PORT}`,
    KEY: 'bench-directus-key',
    SECRET: 'bench-directus-secret-bench-directus-secret',
    ADMIN_EMAIL: DIRECTUS_ADMIN.email,
    ADMIN_PASSWORD: DIRECTUS_ADMIN.password,
    CACHE_ENABLED: 'false',
    RATE_LIMITER_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    LOG_STYLE: 'raw',
    TELEMETRY: 'false',
    // A JWT outlives the whole run.
    ACCESS_TOKEN_TTL: '6h',
    WEBSOCKETS_ENABLED: 'false',
  };
}

function runDirectus(args: string[], stdio: 'inherit' | 'ignore' = 'ignore'): ChildProcess {
  return spawn(process.execPath, [DIRECTUS_CLI, ...args], {
    cwd: DIRECTUS_DIR,
    // Not our server's environment (NODE_OPTIONS of tsx and the like): Directus's own, and PATH.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...directusEnv() },
    stdio: ['ignore', stdio, 'inherit'],
  });
}

/**
 * Directus's database: its system tables (directus bootstrap), then our vehicles copied into a
 * table made LIKE ours (the same columns and indexes, no foreign keys), with the list row's joined
 * values as plain columns, and a companyId field on its users.
 */
async function seedDirectus(admin: Knex) {
  if (ENGINE === 'sqlite') rmSync(DIRECTUS_FILE, { force: true });
  else {
    await admin.raw(`DROP DATABASE IF EXISTS \`${DIRECTUS_DB}\``);
    await admin.raw(`CREATE DATABASE \`${DIRECTUS_DB}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  }
  const bootstrap = runDirectus(['bootstrap'], 'inherit');
  const code = await new Promise((resolve) => bootstrap.once('exit', resolve));
  if (code !== 0) throw new Error(`directus bootstrap exited ${code}`);
  if (ENGINE === 'sqlite') return copyToDirectusSqlite();
  const o = `\`${OURS_DB}\``;
  const d = `\`${DIRECTUS_DB}\``;
  await admin.raw(`CREATE TABLE ${d}.vehicles LIKE ${o}.vehicles`);
  await admin.raw(`ALTER TABLE ${d}.vehicles
    ADD containerNumber varchar(255) NULL, ADD companyName varchar(255) NULL, ADD buyerName varchar(255) NULL,
    ADD imageCount int NOT NULL DEFAULT 0, ADD documentCount int NOT NULL DEFAULT 0, ADD thumbnailFileId int unsigned NULL`);
  const columns = (await admin.raw(`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = ? AND table_name = 'vehicles' ORDER BY ordinal_position`, [OURS_DB]))[0].map((r: { name: string }) => `\`${r.name}\``);
  const started = performance.now();
  await admin.raw(`INSERT INTO ${d}.vehicles (${columns.join(', ')}, containerNumber, companyName, buyerName, imageCount, documentCount, thumbnailFileId)
    SELECT ${columns.map((c: string) => `v.${c}`).join(', ')}, c.number, co.name, b.username,
      (SELECT count(*) FROM ${o}.vehicle_files f WHERE f.vehicleId = v.id AND f.fileType = 'IMAGE'),
      (SELECT count(*) FROM ${o}.vehicle_files f WHERE f.vehicleId = v.id AND f.fileType = 'DOCUMENT'),
      (SELECT min(f.id) FROM ${o}.vehicle_files f WHERE f.vehicleId = v.id AND f.fileType = 'IMAGE')
    FROM ${o}.vehicles v
    LEFT JOIN ${o}.containers c ON c.id = v.containerId
    LEFT JOIN ${o}.companies co ON co.id = v.companyId
    LEFT JOIN ${o}.users b ON b.id = v.buyerId`);
  await admin.raw(`ANALYZE TABLE ${d}.vehicles`);
  await admin.raw(`ALTER TABLE ${d}.directus_users ADD companyId int unsigned NULL`);
  out(`directus: copied the vehicles in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** The same copy on SQLite: our table's own CREATE text less its foreign keys, and its indexes. */
async function copyToDirectusSqlite() {
  const db = sqliteOf(DIRECTUS_FILE);
  try {
    await db.raw('ATTACH DATABASE ? AS o', [OURS_FILE]);
    const [{ sql }] = await db.raw(`SELECT sql FROM o.sqlite_master WHERE type = 'table' AND name = 'vehicles'`);
    const withoutKeys = String(sql).replace(/,\s*foreign key\s*\([^)]*\)\s*references\s*[^(]+\([^)]*\)(\s+on\s+(delete|update)\s+(set null|cascade|restrict|no action|set default))*/gi, '');
    await db.raw(withoutKeys);
    for (const column of ['containerNumber varchar(255)', 'companyName varchar(255)', 'buyerName varchar(255)', 'imageCount integer not null default 0', 'documentCount integer not null default 0', 'thumbnailFileId integer']) {
      await db.raw(`ALTER TABLE vehicles ADD COLUMN ${column}`);
    }
    const columns = (await db.raw(`SELECT name FROM pragma_table_info('vehicles', 'o')`)).map((r: { name: string }) => `"${r.name}"`);
    const started = performance.now();
    await db.raw(`INSERT INTO main.vehicles (${columns.join(', ')}, containerNumber, companyName, buyerName, imageCount, documentCount, thumbnailFileId)
      SELECT ${columns.map((c: string) => `v.${c}`).join(', ')}, c.number, co.name, b.username,
        (SELECT count(*) FROM o.vehicle_files f WHERE f.vehicleId = v.id AND f.fileType = 'IMAGE'),
        (SELECT count(*) FROM o.vehicle_files f WHERE f.vehicleId = v.id AND f.fileType = 'DOCUMENT'),
        (SELECT min(f.id) FROM o.vehicle_files f WHERE f.vehicleId = v.id AND f.fileType = 'IMAGE')
      FROM o.vehicles v
      LEFT JOIN o.containers c ON c.id = v.containerId
      LEFT JOIN o.companies co ON co.id = v.companyId
      LEFT JOIN o.users b ON b.id = v.buyerId`);
    const indexes = await db.raw(`SELECT sql FROM o.sqlite_master WHERE type = 'index' AND tbl_name = 'vehicles' AND sql IS NOT NULL`);
    for (const { sql: index } of indexes) await db.raw(index);
    await db.raw('ANALYZE main');
    await db.raw('DETACH DATABASE o');
    await db.raw('ALTER TABLE directus_users ADD COLUMN companyId integer');
    out(`directus: copied the vehicles and ${indexes.length} indexes in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await db.destroy();
  }
}

async function startDirectus(): Promise<ServerProcess> {
  const child = runDirectus(['start']);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const server = { child, port: DIRECTUS_PORT, pid: child.pid!, exited };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`directus exited early (${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${DIRECTUS_PORT}/server/ping`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stopServer(server);
  throw new Error('directus did not answer within 120 s');
}

async function directusCall(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${DIRECTUS_PORT}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`directus ${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text).data : undefined;
}

async function directusLogin(email: string, password: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${DIRECTUS_PORT}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`directus sign-in of ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()).data.access_token;
}

/**
 * The shipper's like-for-like: a policy reading the list's fields and updating the status of its
 * company's cars alone, a role holding it, and company 50's shipper in that role.
 */
async function configureDirectus(companyId: number) {
  const admin = await directusLogin(DIRECTUS_ADMIN.email, DIRECTUS_ADMIN.password);
  const existing = await directusCall(admin, 'GET', `/users?filter=${encodeURIComponent(JSON.stringify({ email: { _eq: DIRECTUS_SHIPPER } }))}`);
  if (existing.length) return;
  await directusCall(admin, 'POST', '/collections', { collection: 'vehicles', meta: { icon: 'directions_car' } }).catch(async (error) => {
    // An existing table is registered by its meta alone on some versions.
    if (!(await directusCall(admin, 'GET', '/collections/vehicles').catch(() => undefined))) throw error;
  });
  const sameCompany = { companyId: { _eq: '$CURRENT_USER.companyId' } };
  const policy = await directusCall(admin, 'POST', '/policies', { name: 'Shipper', icon: 'local_shipping', app_access: true, admin_access: false });
  await directusCall(admin, 'POST', '/permissions', { policy: policy.id, collection: 'vehicles', action: 'read', fields: LIST_FIELDS, permissions: sameCompany });
  await directusCall(admin, 'POST', '/permissions', { policy: policy.id, collection: 'vehicles', action: 'update', fields: ['status'], permissions: sameCompany });
  const role = await directusCall(admin, 'POST', '/roles', { name: 'Shipper', policies: { create: [{ policy: policy.id }], update: [], delete: [] } });
  await directusCall(admin, 'POST', '/users', { email: DIRECTUS_SHIPPER, password: BENCH_PASSWORD, role: role.id, companyId });
}

// ---------------------------------------------------------------- load

type Request = { method: 'GET' | 'PATCH'; path: string; body?: unknown };
type Run = { rps: number; p50: number; p99: number; mean: number; max: number; cpuMs: number; dbCpuMs: number; load: string };

async function load(pid: number, headers: Record<string, string>, base: string, next: (k: number) => Request, dbPid: number | undefined): Promise<Run> {
  let sent = 0;
  const all = { ...headers, 'content-type': 'application/json' };
  const run = (duration: number) =>
    autocannon({
      url: base,
      connections: CONNECTIONS,
      duration,
      headers: all,
      requests: [
        {
          // Fresh headers each time: autocannon writes a body's Content-Length into the headers it is
          // given, and a GET sent after a PATCH with them would keep it and hang for a body.
          setupRequest: (request) => {
            const r = next(sent++);
            return { ...request, headers: { ...all }, method: r.method, path: r.path, body: r.body === undefined ? undefined : JSON.stringify(r.body) };
          },
        },
      ],
    });
  await run(2);
  const cpuBefore = treeCpuSeconds(pid);
  const dbBefore = dbPid ? treeCpuSeconds(dbPid) : NaN;
  const result = await run(SECONDS);
  const cpu = treeCpuSeconds(pid) - cpuBefore;
  const dbCpu = dbPid ? treeCpuSeconds(dbPid) - dbBefore : NaN;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${base}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const total = result.requests.total;
  return {
    rps: total / SECONDS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    max: result.latency.max,
    cpuMs: (cpu * 1000) / total,
    dbCpuMs: (dbCpu * 1000) / total,
    load: loadavg().map((l) => l.toFixed(2)).join(' '),
  };
}

// ---------------------------------------------------------------- main

const admin = adminDb();
let ours: ServerProcess | undefined;
let directus: ServerProcess | undefined;
try {
  const has = async (database: string, file: string) => {
    if (ENGINE === 'mysql') return (await admin.raw(`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = ? AND table_name = 'vehicles'`, [database]))[0][0].n > 0;
    if (!existsSync(file)) return false;
    const db = sqliteOf(file);
    try {
      return (await db.raw(`SELECT count(*) AS n FROM sqlite_master WHERE name = 'vehicles'`))[0].n > 0;
    } finally {
      await db.destroy();
    }
  };
  if (!(REUSE && (await has(OURS_DB, OURS_FILE)))) await seedOurs(admin);
  if (!(REUSE && (await has(DIRECTUS_DB, DIRECTUS_FILE)))) await seedDirectus(admin);
  const ourDb = createDb(oursUrl());
  let companyId: number;
  let vehicleIds: number[];
  try {
    companyId = Number((await ourDb('companies').where({ code: `EXP${COMPANY}` }).first('id')).id);
    vehicleIds = (await ourDb('vehicles').where({ companyId }).orderBy('id').pluck('id')).map(Number);
  } finally {
    await closeDb(ourDb);
  }
  const total = vehicleIds.length;

  process.env.BENCH_PORT = String(OUR_PORT);
  ours = await startServer(oursUrl());
  directus = await startDirectus();
  await configureDirectus(companyId);

  const ourBase = `http://127.0.0.1:${OUR_PORT}`;
  const login = await fetch(`${ourBase}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: benchUsers.shipper(COMPANY), password: BENCH_PASSWORD }) });
  if (!login.ok) throw new Error(`our sign-in failed: ${login.status}`);
  const ourHeaders = { cookie: login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
  const directusHeaders = { authorization: `Bearer ${await directusLogin(DIRECTUS_SHIPPER, BENCH_PASSWORD)}` };

  const fields = `fields=${LIST_FIELDS.join(',')}`;
  const directusList = (extra: string, offset = 0) => `/items/vehicles?${fields}&limit=25&offset=${offset}&sort=-createdAt&meta=filter_count${extra}`;
  const pick = (k: number) => vehicleIds[(k * 7919) % vehicleIds.length];
  const mixed = (read: string, patch: (id: number) => string) => (k: number): Request =>
    k % 11 === 10 ? { method: 'PATCH', path: patch(pick(k)), body: { status: VEHICLE_STATUSES[k % VEHICLE_STATUSES.length] } } : { method: 'GET', path: read };
  const scenarios: Record<string, { label: string; ours: (k: number) => Request; directus: (k: number) => Request }> = {
    page: { label: 'first page of 25 + count', ours: () => ({ method: 'GET', path: listPath('vehicles') }), directus: () => ({ method: 'GET', path: directusList('') }) },
    search: { label: 'search "toyota"', ours: () => ({ method: 'GET', path: listPath('vehicles', { filter: { q: 'toyota' } }) }), directus: () => ({ method: 'GET', path: directusList('&search=toyota') }) },
    searchfields: {
      label: 'search, Directus vin/make/model',
      ours: () => ({ method: 'GET', path: listPath('vehicles', { filter: { q: 'toyota' } }) }),
      directus: () => ({ method: 'GET', path: directusList(`&filter=${encodeURIComponent(JSON.stringify({ _or: ['vin', 'make', 'model'].map((f) => ({ [f]: { _icontains: 'toyota' } })) }))}`) }),
    },
    last: { label: 'last page', ours: () => ({ method: 'GET', path: listPath('vehicles', { from: total - 25 }) }), directus: () => ({ method: 'GET', path: directusList('', total - 25) }) },
    mixed: {
      label: '10 reads : 1 status change',
      ours: mixed(listPath('vehicles'), (id) => `/api/vehicles/${id}/status`),
      directus: mixed(directusList(''), (id) => `/items/vehicles/${id}`),
    },
  };

  // Both answer the same rows: counts and first ids compared once per read scenario.
  for (const name of ['page', 'search', 'searchfields', 'last']) {
    const a = await fetch(ourBase + scenarios[name].ours(0).path, { headers: ourHeaders });
    const b = await fetch(`http://127.0.0.1:${DIRECTUS_PORT}${scenarios[name].directus(0).path}`, { headers: directusHeaders });
    const ourBody = await a.text();
    const theirBody = await b.text();
    const ourRows = JSON.parse(ourBody) as { id: number }[];
    const theirs = JSON.parse(theirBody) as { data: { id: number }[]; meta: { filter_count: number } };
    out(`${name}: ours ${ourRows.length} rows of ${a.headers.get('content-range')?.split('/')[1]} (${ourBody.length} bytes), Directus ${theirs.data.length} rows of ${theirs.meta.filter_count} (${theirBody.length} bytes); same ids: ${JSON.stringify(ourRows.map((r) => r.id)) === JSON.stringify(theirs.data.map((r) => r.id))}`);
  }

  const dbPid = ENGINE === 'mysql' ? databasePid() : undefined;
  await untilQuiet([ours.pid, directus.pid]);
  out(`\n[${ENGINE}] ${CONNECTIONS} connections, ${SECONDS} s per run after a 2 s warm-up, company ${COMPANY} (${total} cars) of 100,000; CPU per request: the server's process tree (/proc), and the database server's (shared)`);
  const results: { name: string; ours: Run[]; directus: Run[] }[] = [];
  const fmt = (r: Run) => `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  mean ${r.mean.toFixed(0).padStart(4)} max ${String(r.max).padStart(5)} ms  cpu ${r.cpuMs.toFixed(2).padStart(6)} ms/req  db ${r.dbCpuMs.toFixed(2).padStart(6)} ms/req  load ${r.load}`;
  for (const name of SCENARIOS) {
    const s = scenarios[name];
    const row = { name: s.label, ours: [] as Run[], directus: [] as Run[] };
    results.push(row);
    for (let round = 1; round <= ROUNDS; round++) {
      const a = await load(ours.pid, ourHeaders, ourBase, s.ours, dbPid);
      out(`${s.label.padEnd(31)} #${round} ours     ${fmt(a)}`);
      row.ours.push(a);
      const b = await load(directus.pid, directusHeaders, `http://127.0.0.1:${DIRECTUS_PORT}`, s.directus, dbPid);
      out(`${s.label.padEnd(31)} #${round} Directus ${fmt(b)}   ratio ${(a.rps / b.rps).toFixed(1)}×`);
      row.directus.push(b);
    }
  }

  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  const summary = (runs: Run[]) => ({ rps: median(runs.map((r) => r.rps)), p50: median(runs.map((r) => r.p50)), p99: median(runs.map((r) => r.p99)), cpuMs: median(runs.map((r) => r.cpuMs)), dbCpuMs: median(runs.map((r) => r.dbCpuMs)) });
  out(`\nmedians of ${ROUNDS} alternated runs (ratio: each round's ours/Directus, min–max; p99 lower: in how many rounds ours was)`);
  out(`${'scenario'.padEnd(31)} ${'ours req/s p50 p99 cpu/req'.padEnd(34)} ${'Directus req/s p50 p99 cpu/req'.padEnd(34)} ratio          p99 lower`);
  for (const row of results) {
    const a = summary(row.ours);
    const b = summary(row.directus);
    const ratios = row.ours.map((r, i) => r.rps / row.directus[i].rps);
    const oursLower = row.ours.filter((r, i) => r.p99 < row.directus[i].p99).length;
    const cell = (s: ReturnType<typeof summary>) => `${s.rps.toFixed(0).padStart(6)} ${String(s.p50).padStart(4)} ${String(s.p99).padStart(4)} ms ${s.cpuMs.toFixed(2).padStart(6)} ms`;
    out(`${row.name.padEnd(31)} ${cell(a).padEnd(34)} ${cell(b).padEnd(34)} ${(a.rps / b.rps).toFixed(1)}× (${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)})  ${a.p99 < b.p99 ? 'ours' : a.p99 > b.p99 ? 'Directus' : 'equal'} (ours lower in ${oursLower}/${ROUNDS})`);
  }
} finally {
  if (ours) await stopServer(ours);
  if (directus) await stopServer(directus);
  if (!KEEP && ENGINE === 'mysql') for (const name of [OURS_DB, DIRECTUS_DB]) await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
  if (!KEEP && ENGINE === 'sqlite') rmSync(SQLITE_DIR, { recursive: true, force: true });
  await admin.destroy();
}
