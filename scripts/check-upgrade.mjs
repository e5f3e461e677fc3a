// The upgrade from the 2026-11-21 version to this one, as an operator makes it: that version
// (checked out with `git worktree`) creates data with photos, a document and an invoice, on
// SQLite and, with MYSQL_URL, on MySQL/MariaDB; then this version starts on the same database and
// data folder (migrating it), and every file, photo version and invoice is compared byte for byte,
// the records field by field, and the old session still signs its requests. Slow (two servers per
// engine): CI runs it once (.ci/run). Needs the registry once, for three packages the old version
// used and this one no longer has.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './apiEntry.mjs';

const OLD_COMMIT = spawnSync('git', ['log', '--before=2026-11-22T00:00:00Z', '-1', '--format=%H'], { cwd: root, encoding: 'utf8' }).stdout.trim();
/** Packages the old version imports that this one dropped (exact versions of its package.json). */
const OLD_ONLY = ['pdfmake@0.3.11', 'koa-static@5.0.0', 'arabic-persian-reshaper@1.0.1'];

const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.stdout}`);
  return result.stdout;
};
const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const work = mkdtempSync(path.join(tmpdir(), 'vx-upgrade-'));
const oldTree = path.join(work, 'old');
let failed = false;
try {
  run('git', ['worktree', 'add', '--detach', oldTree, OLD_COMMIT]);
  // The old tree's packages: this tree's (the same exact versions, native addons built), and the
  // few it used that this one dropped, installed beside.
  const extra = path.join(work, 'extra');
  mkdirSync(extra);
  writeFileSync(path.join(extra, 'package.json'), '{"private":true}');
  run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', ...OLD_ONLY], { cwd: extra });
  const modules = path.join(oldTree, 'node_modules');
  mkdirSync(modules);
  for (const source of [path.join(root, 'node_modules'), path.join(extra, 'node_modules')]) {
    for (const name of readdirSync(source)) {
      if (!existsSync(path.join(modules, name))) symlinkSync(path.join(source, name), path.join(modules, name));
    }
  }

  const engines = [{ name: 'sqlite' }, ...(process.env.MYSQL_URL ? [{ name: 'mysql' }] : [])];
  for (const engine of engines) await upgradeOn(engine.name);
  console.log(`upgrade check: ok (${OLD_COMMIT.slice(0, 8)} to this version on ${engines.map((e) => e.name).join(' and ')}: files, photo versions, document and invoice identical, records kept, old session signed in)`);
} catch (error) {
  failed = true;
  console.error(`upgrade check: FAILED: ${error.stack ?? error}`);
} finally {
  spawnSync('git', ['worktree', 'remove', '--force', oldTree], { cwd: root });
  rmSync(work, { recursive: true, force: true });
  process.exitCode = failed ? 1 : 0;
}

async function upgradeOn(engine) {
  const dataDir = path.join(work, `data-${engine}`);
  mkdirSync(dataDir, { recursive: true });
  let databaseUrl = `sqlite:${path.join(dataDir, 'app.sqlite')}`;
  let dropDatabase = async () => {};
  if (engine === 'mysql') {
    const { default: mysql } = await import('mysql2/promise');
    const server = new URL(process.env.MYSQL_URL);
    const login = { host: server.hostname, port: Number(server.port || 3306), user: decodeURIComponent(server.username), password: decodeURIComponent(server.password) };
    const name = `vx_test_upgrade_${randomBytes(4).toString('hex')}`;
    const admin = await mysql.createConnection(login);
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const url = new URL(server.toString());
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    };
  }
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'upgrade-check-secret-upgrade-check-secret',
    ADMIN_USERNAME: 'owner@upgrade.example',
    ADMIN_PASSWORD: 'upgrade owner password',
    ADMIN_DIST: path.join(work, 'no-console'),
    VPIC_URL: 'http://127.0.0.1:9/api',
    VPIC_TIMEOUT_MS: '500',
    LOG_LEVEL: 'error',
  };
  try {
    const old = await startServer([process.execPath, '--import', 'tsx', path.join(oldTree, 'api/src/server.ts')], oldTree, env);
    let before;
    try {
      before = await createData(old);
    } finally {
      await old.stop();
    }
    // This version, started from its install folder: it migrates the old schema.
    const current = await startServer([process.execPath, path.join(root, 'scripts/start.mjs')], root, env);
    try {
      const after = await readBack(current, before);
      for (const [what, digest] of Object.entries(before.digests)) {
        if (after.digests[what] !== digest) throw new Error(`${engine}: ${what} changed in the upgrade`);
      }
      for (const [what, record] of Object.entries(before.records)) {
        for (const [field, value] of Object.entries(record)) {
          if (JSON.stringify(after.records[what]?.[field]) !== JSON.stringify(value)) throw new Error(`${engine}: ${what}.${field} was ${JSON.stringify(value)}, is ${JSON.stringify(after.records[what]?.[field])}`);
        }
      }
      console.log(`${engine}: ${Object.keys(before.digests).length} downloads identical after the upgrade`);
    } finally {
      await current.stop();
    }
  } finally {
    await dropDatabase();
  }
}

async function startServer(command, cwd, env) {
  const port = await freePort();
  const child = spawn(command[0], command.slice(1), { cwd, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not answer:\n${output}`);
    const up = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function call(server, cookie, method, url, body) {
  const headers = { cookie };
  let payload = body;
  if (body && !(body instanceof FormData)) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${server.base}/api/${url}`, { method, headers, body: payload });
  if (!response.ok) throw new Error(`${method} /api/${url}: ${response.status} ${await response.text()}`);
  return response;
}

async function photo(color) {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).jpeg({ quality: 90 }).toBuffer();
}

/** Data made through the old version's API, and what it answered. */
async function createData(server) {
  const signIn = await fetch(`${server.base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'owner@upgrade.example', password: 'upgrade owner password' }) });
  if (!signIn.ok) throw new Error(`old sign-in: ${signIn.status}`);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const json = async (method, url, body) => (await call(server, cookie, method, url, body)).json();
  const company = await json('POST', 'companies', { name: 'شركة الترقية Upgrade Traders', code: 'UPG' });
  const shipper = await json('POST', 'users', { username: 'shipper@upgrade.example', password: 'shipper password 123', role: 'SHIPPER', companyId: company.id });
  const container = await json('POST', 'containers', { number: 'MSCU1234565', companyId: company.id, shipperId: shipper.id });
  const vehicle = await json('POST', 'vehicles', { vin: '1HGCM82633A004352', companyId: company.id, containerId: container.id, make: 'Honda', model: 'Accord', year: 2003 });
  const form = new FormData();
  form.append('file', new Blob([await photo('#1f618d')], { type: 'image/jpeg' }), 'front.jpg');
  form.append('file', new Blob([await photo('#b03a2e')], { type: 'image/jpeg' }), 'back.jpg');
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n% title deed\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }), 'title.pdf');
  const files = await json('POST', `vehicles/${vehicle.id}/files`, form);
  await call(server, cookie, 'POST', 'invoice', { containerIds: [container.id], paymentMethod: 'cash', date: '2026-11-21', buyerName: 'معرض 77 للسيارات', companyName: 'Upgrade Traders', companyCity: 'جدة', salePrice: '1500' });
  const invoices = await json('GET', 'invoices');
  const data = { cookie, company, vehicle, container, files, invoices };
  return { ...data, ...(await readBack(server, data)) };
}

/** Every download and record the data has, as this server answers them. */
async function readBack(server, { cookie, company, vehicle, container, files, invoices }) {
  const bytes = async (url) => sha(Buffer.from(await (await call(server, cookie, 'GET', url)).arrayBuffer()));
  const digests = {};
  for (const file of files) {
    digests[`${file.fileName} original`] = await bytes(`vehicles/${vehicle.id}/files/${file.id}/download`);
    if (file.fileType === 'IMAGE') {
      for (const variant of ['compressed', 'thumbnail']) digests[`${file.fileName} ${variant}`] = await bytes(`vehicles/${vehicle.id}/files/${file.id}/download?variant=${variant}`);
    }
  }
  for (const invoice of invoices) digests[`invoice ${invoice.invoiceNumber}`] = await bytes(`invoices/${invoice.id}/download`);
  const pick = (record, fields) => Object.fromEntries(fields.map((field) => [field, record[field]]));
  const records = {
    company: pick(await (await call(server, cookie, 'GET', `companies/${company.id}`)).json(), ['name', 'code', 'active']),
    vehicle: pick(await (await call(server, cookie, 'GET', `vehicles/${vehicle.id}`)).json(), ['vin', 'make', 'model', 'year', 'status', 'containerId', 'companyId']),
    container: pick(await (await call(server, cookie, 'GET', `containers/${container.id}`)).json(), ['number', 'companyId', 'shipperId']),
  };
  return { digests, records };
}
