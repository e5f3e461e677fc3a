// npm run build: the console (Vite, into admin/dist) and the API compiled to JavaScript (esbuild,
// into dist/api), so that a production install runs without TypeScript tools
// (`npm ci --omit=dev` on a built tree, docs/operations.md).
//
// The console is built again only when what it is built from changed: its inputs (below) are
// hashed, and a build whose inputs and output files are both as the last build left them is kept
// (CI builds it once for the browser tests, and the production and release checks use that build).
// CONSOLE_REBUILD=1 builds it in any case.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2]; // 'api' or 'console' builds one of them

/** Every file under `dir` (relative to root, sorted), leaving out the folders named in `skip`. */
function filesUnder(dir, skip = []) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !skip.includes(path.join(dir, entry.name)))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name), skip) : [path.join(dir, entry.name)]))
    .sort();
}
/** One hash of the files' names and contents. */
function hashFiles(files) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(path.join(root, file))).update('\0');
  return hash.digest('hex');
}
/**
 * What the console's build depends on: its sources and public files, the API's domain rules it
 * imports (@domain), the config, the installed packages (npm's record of node_modules, rewritten
 * by every install), this script, Node's version and the VITE_ variables Vite reads.
 */
function consoleInputs() {
  const files = [
    ...filesUnder('admin', ['admin/dist', 'admin/node_modules']),
    ...filesUnder('api/src/domain'),
    ...['vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json', 'node_modules/.package-lock.json', 'scripts/build.mjs'].filter((f) => existsSync(path.join(root, f))),
  ];
  const env = Object.entries(process.env).filter(([name]) => name.startsWith('VITE_')).sort();
  return createHash('sha256').update(hashFiles(files)).update(JSON.stringify([process.version, env])).digest('hex');
}
const consoleDist = path.join(root, 'admin/dist');
const consoleRecord = path.join(root, 'node_modules/.cache/vehicle-console/console-build.json');
const consoleOutput = () => hashFiles(filesUnder('admin/dist'));

if (only !== 'api') {
  const inputs = consoleInputs();
  let last = null;
  try {
    last = JSON.parse(readFileSync(consoleRecord, 'utf8'));
  } catch {
    // no build recorded
  }
  const current = process.env.CONSOLE_REBUILD !== '1' && existsSync(path.join(consoleDist, 'index.html'))
    && last?.inputs === inputs && last?.output === consoleOutput();
  if (current) {
    // The files are as built; their time is now, so `npm start` (scripts/start.mjs) does not take
    // sources saved since then, unchanged, for a change.
    const now = new Date();
    utimesSync(path.join(consoleDist, 'index.html'), now, now);
    console.log('Console: admin/dist is already built from these sources (CONSOLE_REBUILD=1 builds it again)');
  } else {
    rmSync(consoleRecord, { force: true });
    // Production mode whatever the caller's NODE_ENV: this is the console as it ships.
    const vite = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (vite.status !== 0) process.exit(vite.status ?? 1);
    // Recorded only if no input changed while Vite worked: the build then is of these inputs.
    if (consoleInputs() === inputs) {
      mkdirSync(path.dirname(consoleRecord), { recursive: true });
      writeFileSync(consoleRecord, JSON.stringify({ inputs, output: consoleOutput() }));
    }
  }
}

if (only !== 'console') {
  // Compiled beside dist/api (same depth: the source maps' paths are the same), then put in its
  // place only if it differs: processes already running from dist/api (a check beside this
  // build, a server under test) never see it half written when the sources have not changed.
  const target = path.join(root, 'dist/api');
  const outdir = path.join(root, `dist/api-next-${process.pid}`);
  rmSync(outdir, { recursive: true, force: true });
  const started = performance.now();
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: root,
    // The server, the command-line tools, and the worker threads, each loaded by its file name
    // beside the others (services/invoices/renderer.ts, db/workerThread.ts).
    entryPoints: {
      server: 'api/src/server.ts',
      migrate: 'api/src/cli/migrate.ts',
      backup: 'api/src/cli/backup.ts',
      admin: 'api/src/cli/admin.ts',
      storage: 'api/src/cli/storage.ts',
      pdfWorker: 'api/src/services/invoices/pdfWorker.ts',
      readerWorker: 'api/src/db/sqlite/readerWorker.ts',
      checkpointWorker: 'api/src/db/sqlite/checkpointWorker.ts',
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // Libraries stay in node_modules, loaded as they are (native modules, fonts found by path).
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // The invoice template is read at run time beside the compiled code (services/invoices/pdf.ts).
  copyFileSync(path.join(root, 'api/src/services/invoices/invoice.typ'), path.join(outdir, 'invoice.typ'));
  const compiled = (dir) => filesUnder(path.relative(root, dir)).map((file) => path.relative(dir, path.join(root, file)));
  const same = existsSync(target) && JSON.stringify(compiled(outdir)) === JSON.stringify(compiled(target))
    && compiled(outdir).every((file) => readFileSync(path.join(outdir, file)).equals(readFileSync(path.join(target, file))));
  if (same) {
    rmSync(outdir, { recursive: true, force: true });
    // As if written now: scripts/apiEntry.mjs runs dist/api when it is newer than the sources.
    const now = new Date();
    for (const file of compiled(target)) utimesSync(path.join(target, file), now, now);
  } else {
    rmSync(target, { recursive: true, force: true });
    renameSync(outdir, target);
  }
  console.log(`API compiled to ${path.relative(root, target)} in ${Math.round(performance.now() - started)} ms${same ? ' (the same as it was: kept)' : ''}`);
}
