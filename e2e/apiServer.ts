import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portToListenOn } from '../test/support/ports';
import { saysItListens } from '../api/test/support/serverProcess';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type ApiServer = { baseUrl: string; process: ChildProcess; log: () => string; stop: () => Promise<void> };

/** A free port: any (the system's choice), or the next free one of TEST_PORT_RANGE when it is set. */
async function freePort(): Promise<number> {
  const chosen = await portToListenOn();
  if (chosen) return chosen;
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The API as the browser tests run it (e2e/api-server.mjs, the built console from admin/dist), on
 * a free port with a fresh SQLite file in a folder of its own, answered healthy before this returns.
 * `stop()` ends it (SIGTERM, then SIGKILL after 15 s) and removes the folder. No outside service is
 * reached: the public vehicle database is a closed port, so VINs and makes come from the bundled
 * offline data, the same on every machine. The wait for health is an outer limit that only a hang
 * reaches: a fresh database migrates first, and on a busy two-core machine (load 25, the suite
 * beside other work) that took past the 60 s this limit once was. A server that exits is told at once.
 */
export async function startApiServer(name: string, env: Record<string, string>, healthWithinMs = 240_000): Promise<ApiServer> {
  const dir = mkdtempSync(path.join(tmpdir(), `vehicle-export-${name}-`));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, [path.join(root, 'e2e/api-server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // One process, as in development: production's default of one per core would run a primary
      // and two workers per server, each loading and warming the API, for tests that check the
      // console, not the cluster (api/test/cluster.test.ts does).
      API_PROCESSES: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, `${name}.sqlite`)}`,
      DATA_DIR: dir,
      ADMIN_DIST: path.join(root, 'admin/dist'),
      VPIC_URL: 'http://127.0.0.1:9/api',
      VPIC_TIMEOUT_MS: '1000',
      OLLAMA_HOST: 'http://127.0.0.1:9',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk) => (log += chunk));
  server.stderr!.on('data', (chunk) => (log += chunk));
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timeout = setTimeout(() => server.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timeout);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + healthWithinMs;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`The API (${name}) exited with code ${server.exitCode}:\n${log}`);
    }
    // Its own health: the port was free when chosen, and another process may have taken it since
    // (api/test/support/serverProcess.ts, saysItListens); this server then exits, told above.
    const healthy = await fetch(`${baseUrl}/api/health`).then(async (res) => res.ok && (await res.json()).status === 'ok', () => false);
    if (healthy && saysItListens(env, log)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The API (${name}) did not become healthy within ${healthWithinMs / 1000} s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, process: server, log: () => log, stop };
}
