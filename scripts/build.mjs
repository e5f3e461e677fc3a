// npm run build: the console (Vite, into admin/dist) and the API compiled to JavaScript (esbuild,
// into dist/api), so that a production install runs without TypeScript tools
// (`npm ci --omit=dev` on a built tree, docs/operations.md).
import { spawnSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2]; // 'api' or 'console' builds one of them

if (only !== 'api') {
  const vite = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (vite.status !== 0) process.exit(vite.status ?? 1);
}

if (only !== 'console') {
  const outdir = path.join(root, 'dist/api');
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
  console.log(`API compiled to ${path.relative(root, outdir)} in ${Math.round(performance.now() - started)} ms`);
}
