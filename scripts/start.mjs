// npm start: builds the console when it is missing or older than its sources, then runs the server
// (which migrates the database and makes sure a super admin exists).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'admin/dist', 'index.html');
const sources = [path.join(root, 'admin'), path.join(root, 'api/src/domain')];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
const stale = builtAt === 0 || sources.some((dir) => existsSync(dir) && newestMtime(dir) > builtAt);
// With ADMIN_DIST set, the operator serves a console built elsewhere: nothing to build here.
if (stale && !process.env.ADMIN_DIST && existsSync(path.join(root, 'admin/index.html'))) {
  console.log(builtAt ? 'The console sources changed: rebuilding it…' : 'Building the console (first start only)…');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs in this process (tsx compiles TypeScript on the fly), so signals reach it directly.
const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'api/src/server.ts'));
