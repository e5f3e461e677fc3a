import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseProxy } from './support/databaseProxy';
import { createTestDatabase, type TestDatabase } from './support/engines';
import { PROCESS_TEST_TIMEOUT_MS, startServer, type RunningServer } from './support/serverProcess';

const timed = async <T>(work: () => Promise<T>) => {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
};

describe.runIf(process.env.MYSQL_URL)('a frozen MySQL/MariaDB database', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  let dir: string;
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof databaseProxy>>;
  let server: RunningServer;
  const base = () => `http://127.0.0.1:${server.port}`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'vx-frozen-'));
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist/index.html'), '<!doctype html><title>console</title>');
    database = await createTestDatabase('mysql');
    const url = new URL(database.url);
    proxy = await databaseProxy(new URL(database.url));
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    server = await startServer({
      DATABASE_URL: url.toString(),
      DATA_DIR: dir,
      ADMIN_DIST: path.join(dir, 'dist'),
      ADMIN_USERNAME: 'owner@exporter.example',
      ADMIN_PASSWORD: 'a strong first password',
      DB_CONNECT_TIMEOUT_MS: '1500',
      DB_QUERY_TIMEOUT_MS: '1500',
    });
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await proxy?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 on health and on a list within the deadlines, and serves again once it answers, without a restart', async () => {
    const login = await fetch(`${base()}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner@exporter.example', password: 'a strong first password' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const list = () => fetch(`${base()}/api/companies`, { headers: { cookie } });
    const health = () => fetch(`${base()}/api/health`);
    expect((await list()).status).toBe(200);

    proxy.freeze();
    const [frozenHealth, frozenList] = await Promise.all([timed(health), timed(list)]);
    expect(frozenHealth.value.status).toBe(503);
    expect(await frozenHealth.value.json()).toMatchObject({ code: 'service.unavailable' });
    // The frozen database never answers: any answer proves the deadline. The bounds only tell a
    // deadline kept (1.5 s) from none, with room for a busy machine.
    expect(frozenHealth.ms).toBeLessThan(15_000);
    expect(frozenList.value.status).toBe(503);
    expect(await frozenList.value.json()).toMatchObject({ code: 'service.unavailable' });
    expect(frozenList.ms).toBeLessThan(15_000);
    // Again, now that the stuck connections are gone: opening a new one meets its own deadline.
    const again = await timed(list);
    expect(again.value.status).toBe(503);
    expect(again.ms).toBeLessThan(15_000);
    console.log(`frozen: health 503 in ${frozenHealth.ms} ms, list 503 in ${frozenList.ms} ms, next list 503 in ${again.ms} ms`);

    proxy.thaw();
    const thawed = Date.now();
    let recoveredAfter = -1;
    while (Date.now() - thawed < 60_000) {
      const [h, l] = await Promise.all([health(), list()]);
      if (h.status === 200 && l.status === 200) {
        recoveredAfter = Date.now() - thawed;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    console.log(`thawed: health and list 200 after ${recoveredAfter} ms`);
    expect(recoveredAfter).toBeGreaterThanOrEqual(0);
    expect(recoveredAfter).toBeLessThan(30_000); // promptly, not after a restart; room for a busy machine
    expect(server.child.exitCode).toBeNull();
  });
});
