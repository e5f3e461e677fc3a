import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LANGUAGE_KEY } from './support';

/**
 * A server of a test's own, for states the shared e2e server cannot be in (an empty install,
 * which other test files fill as they run): the same entry as global-setup.ts, on a free port
 * with a fresh SQLite DATA_DIR, stopped and removed by `stop()`.
 */
export type OwnServer = { baseUrl: string; log: () => string; stop: () => Promise<void> };

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

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

export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vehicle-export-own-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, [path.join(root, 'e2e/api-server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'own.sqlite')}`,
      DATA_DIR: dir,
      ADMIN_DIST: path.join(root, 'admin/dist'),
      SESSION_SECRET: 'own-server-session-secret-0123456789',
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

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`The own server exited with code ${server.exitCode}:\n${log}`);
    }
    const healthy = await fetch(`${baseUrl}/api/health`).then((res) => res.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The own server did not become healthy within 120 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl, log: () => log, stop };
}

/** A page on `server` (as support.newPage is on the shared one), in `language`, `width` px wide. */
export async function newPageOn(browser: Browser, server: OwnServer, { language, width = 1280 }: { language: 'en' | 'ar'; width?: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width, height: 900 }, locale: 'en-US' });
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [LANGUAGE_KEY, language]);
  const page = await context.newPage();
  page.setDefaultTimeout(Number(process.env.E2E_ACTION_TIMEOUT_MS ?? 25_000));
  return { context, page };
}
