import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startFakeOllama } from '../test/support/fakeOllama';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminUsername: string;
    adminPassword: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_USERNAME = 'admin@e2e.test';
const ADMIN_PASSWORD = 'e2e-admin-password-123';

function freePort(): Promise<number> {
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

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The API exited with code ${server.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok && (await res.json()).status === 'ok') return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The API did not become healthy within 60 s:\n${output()}`);
}

/**
 * Builds the console (production mode, as it ships), starts the API on a free port against a
 * fresh SQLite file, and hands the base URL and the first super admin to the tests.
 * E2E_SKIP_BUILD=1 reuses an existing admin/dist while iterating on tests.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'vehicle-export-e2e-'));
  const port = await freePort();
  // The local AI is a fake with fixed answers (a colour, a bilingual damage report): test/support/fakeOllama.ts.
  const ollama = await startFakeOllama();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, [path.join(root, 'e2e/api-server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'e2e.sqlite')}`,
      DATA_DIR: dir,
      ADMIN_DIST: path.join(root, 'admin/dist'),
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      SESSION_SECRET: 'e2e-session-secret-0123456789abcdef',
      // A closed port: the public vehicle database is "unreachable" at once, so VINs and makes come
      // from the bundled offline data, the same on every machine and without network access.
      VPIC_URL: 'http://127.0.0.1:9/api',
      VPIC_TIMEOUT_MS: '1000',
      OLLAMA_HOST: ollama.url,
      OLLAMA_VISION_MODEL: 'qwen2.5vl:7b',
      OLLAMA_TIMEOUT_MS: '10000',
      LOG_LEVEL: process.env.E2E_API_LOG ?? 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk) => (log += chunk));
  server.stderr!.on('data', (chunk) => (log += chunk));
  let stopping = false;
  // An API that dies under the tests fails them all: say why.
  server.once('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`\nThe API stopped during the tests (${signal ?? `code ${code}`}):\n${log}\n`);
  });

  try {
    await waitForHealth(baseUrl, server, () => log);
  } catch (error) {
    server.kill('SIGKILL');
    await ollama.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('adminUsername', ADMIN_USERNAME);
  project.provide('adminPassword', ADMIN_PASSWORD);

  return async () => {
    stopping = true;
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timeout = setTimeout(() => server.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timeout);
    }
    await ollama.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
