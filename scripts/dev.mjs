// npm run dev: the API and the Vite dev server together, in one terminal.
// The API listens on $PORT (3000 by default); Vite serves the console on 5173 with hot reload and
// proxies /api to the API (vite.config.ts), so the browser sees one origin, as in production.
// Ctrl-C stops both; if either stops on its own, the other is stopped too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, PORT: process.env.PORT ?? '3000' };

const processes = [
  { name: 'api', color: 36, args: ['--import', 'tsx', 'api/src/server.ts'] },
  { name: 'web', color: 35, args: [path.join(root, 'node_modules/vite/bin/vite.js')] },
];

let stopping = false;
const children = processes.map(({ name, color, args }) => {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['inherit', 'pipe', 'pipe'] });
  const prefix = `\x1b[${color}m[${name}]\x1b[0m `;
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) (stream === child.stderr ? process.stderr : process.stdout).write(prefix + line + '\n');
    });
    stream.on('end', () => pending && process.stdout.write(prefix + pending + '\n'));
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stdout.write(`${prefix}stopped (${signal ?? `code ${code}`}); stopping the other process\n`);
      stop(code ?? 1);
    }
  });
  return child;
});

function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  let left = running.length;
  if (left === 0) process.exit(exitCode);
  for (const child of running) child.once('exit', () => --left === 0 && process.exit(exitCode));
  setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
    process.exit(exitCode);
  }, 12_000).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
