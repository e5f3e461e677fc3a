import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES } from './support/engines';
import { startServer } from './support/serverProcess';

type Outcome = { status?: number; error?: string; connection?: string };

const get = (port: number, agent: http.Agent | false, cookie: string, urlPath = '/api/companies?range=[0,24]') =>
  new Promise<Outcome>((resolve) => {
    const req = http.get({ port, host: '127.0.0.1', path: urlPath, agent, headers: { cookie } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });

/**
 * SIGTERM under load, on a real server process: clients keep sending over keep-alive connections,
 * and more requests come, on new and on idle kept connections, during the documented window after
 * the signal (SHUTDOWN_DRAIN_MS). Every request sent before the window ends is answered; none is
 * reset; the process exits 0.
 */
describe.each(ENGINES)('a clean stop under load on %s', (engine) => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vx-stop-'));
    mkdirSync(path.join(dir, 'dist'), { recursive: true });
    writeFileSync(path.join(dir, 'dist/index.html'), '<!doctype html><title>console</title>');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers everything it accepted before and during the window after SIGTERM, resets none, and exits 0', async () => {
    const database = await createTestDatabase(engine);
    const owner = { username: 'owner@exporter.example', password: 'a strong first password' };
    // A window long enough that the burst sent 100 ms after the signal is inside it even when this
    // machine is busy (a refused connection would then be one sent after the window: allowed, but
    // not what this test is about).
    const server = await startServer({
      DATABASE_URL: database.url, DATA_DIR: dir, ADMIN_DIST: path.join(dir, 'dist'), ADMIN_USERNAME: owner.username, ADMIN_PASSWORD: owner.password,
      LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: '2000',
      // 96 requests at once in one session stand for many users here: the per-user bound
      // (REQUESTS_PER_USER) would queue them one after the other.
      REQUESTS_PER_USER: '64',
    }, 60_000);
    const loadAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 40 });
    try {
      const login = await fetch(`http://127.0.0.1:${server.port}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(owner) });
      const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      // 20 kept connections, idle when the signal comes (a load balancer's pool).
      expect((await Promise.all(Array.from({ length: 40 }, () => get(server.port, idleAgent, cookie)))).map((o) => o.status)).toEqual(Array(40).fill(200));

      // The load: 8 clients sending one request after another until told to close.
      const loadOutcomes: Outcome[] = [];
      let warmed!: () => void;
      const warm = new Promise<void>((resolve) => (warmed = resolve));
      const client = async () => {
        for (;;) {
          const outcome = await get(server.port, loadAgent, cookie);
          loadOutcomes.push(outcome);
          if (loadOutcomes.length === 40) warmed();
          // A client stops once told the server is closing (or once it fails).
          if (outcome.error || outcome.connection === 'close') return;
        }
      };
      const load = Promise.all(Array.from({ length: 16 }, client));
      await warm;

      server.child.kill('SIGTERM');
      while (!server.output().includes('shutting down')) await new Promise((resolve) => setTimeout(resolve, 5));
      // As the probe did: a burst a little after the signal, well inside the window.
      await new Promise((resolve) => setTimeout(resolve, 100));
      // During the window: requests on new connections and on the idle kept ones.
      const during = await Promise.all([
        ...Array.from({ length: 40 }, () => get(server.port, false, cookie)),
        ...Array.from({ length: 40 }, () => get(server.port, idleAgent, cookie)),
      ]);
      await load;
      const failed = [...loadOutcomes, ...during].filter((o) => o.error);
      console.log(`${engine}: ${loadOutcomes.length} requests under load, ${during.length} during the window; failed: ${failed.map((o) => o.error).join(', ') || 'none'}`);
      expect(failed).toEqual([]);
      expect(during.map((o) => o.status)).toEqual(Array(80).fill(200));
      expect(loadOutcomes.every((o) => o.status === 200)).toBe(true);
      expect(await server.exited).toBe(0);
    } finally {
      loadAgent.destroy();
      idleAgent.destroy();
      server.child.kill('SIGKILL');
      await server.exited;
      await database.drop();
    }
  }, 120_000);
});
