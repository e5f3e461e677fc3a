// npm start: builds the console when it is missing or older than its sources (a fresh clone),
// then runs the server in this process, compiled (dist/api) when built, else from its sources.
// The server migrates the database and makes sure a super admin exists.
import cluster from 'node:cluster';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { newestMtime, root, runApiEntry } from './apiEntry.mjs';

const distIndex = path.join(root, 'admin/dist', 'index.html');
const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
const stale = builtAt === 0 || ['admin', 'api/src/domain'].some((dir) => newestMtime(path.join(root, dir)) > builtAt);
// With ADMIN_DIST set, the operator serves a console built elsewhere: nothing to build here.
const canBuild = existsSync(path.join(root, 'node_modules/vite'));
if (cluster.isPrimary && stale && builtAt && !canBuild) console.error('The console sources look newer than admin/dist, which is served all the same (no vite here to build it).');
// The workers of API_PROCESSES run this script too: the primary has built what was needed.
if (cluster.isPrimary && stale && canBuild && !process.env.ADMIN_DIST && existsSync(path.join(root, 'admin/index.html'))) {
  // A JSON line like every event the server writes (docs/operations.md, Log).
  const msg = builtAt ? 'The console sources changed: rebuilding it…' : 'Building the console (first start only)…';
  console.log(JSON.stringify({ level: 'info', time: new Date().toISOString(), msg }));
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), 'console'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// In this process, so signals reach the server directly.
await runApiEntry('server');
