import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, PROCESS_TEST_TIMEOUT_MS, ROOT, startServer } from './support/serverProcess';

type Ended = { code: number | null; stdout: string; stderr: string; ms: number };

/** Runs the server as npm start does and waits for it to give up. */
function startExpectingFailure(env: Record<string, string>, timeoutMs = 120_000): Promise<Ended> {
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/apiEntry.mjs'), 'server'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'error', ADMIN_DIST: './test-results/no-console', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    }),
  );
}

/** One line that names the setting, and no stack trace. */
function expectOneLine(ended: Ended, setting: RegExp) {
  expect(ended.code, ended.stderr).toBe(1);
  const lines = ended.stderr.trim().split('\n');
  expect(lines, ended.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^Failed to start: /);
  expect(lines[0]).toMatch(setting);
  expect(ended.stderr).not.toMatch(/\n\s+at /);
}

/** Start-up that explains itself: each way it cannot start says what to change. */
describe('server start-up', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vx-startup-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const sqlite = (name: string) => ({ DATABASE_URL: `sqlite:${path.join(dir, name, 'app.sqlite')}`, DATA_DIR: path.join(dir, name) });

  it('names PORT when the port is in use', async () => {
    const port = await freePort();
    const taken: Server = createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    try {
      const ended = await startExpectingFailure({ ...sqlite('port'), PORT: String(port) });
      expectOneLine(ended, new RegExp(`Port ${port} is already in use: set PORT`));
    } finally {
      taken.close();
    }
  });

  it('waits for a database that does not answer, saying so, then names DATABASE_URL', async () => {
    const deadPort = await freePort();
    const ended = await startExpectingFailure({ DATABASE_URL: `mysql://app:secret@127.0.0.1:${deadPort}/vehicles`, DATABASE_WAIT_SECONDS: '2', PORT: String(await freePort()) });
    expect(ended.stdout).toMatch(/does not answer \(ECONNREFUSED\); trying again for up to 2 s/);
    expectOneLine(ended, /does not answer \(ECONNREFUSED\): check DATABASE_URL/);
    expect(ended.ms).toBeGreaterThanOrEqual(2000);
    // The password never shows.
    expect(ended.stdout + ended.stderr).not.toContain('secret');
  });

  it('names DATABASE_URL when a MySQL URL has no database, or a SQLite file cannot be made', async () => {
    expectOneLine(await startExpectingFailure({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/', PORT: String(await freePort()) }), /DATABASE_URL names no database/);
    expectOneLine(await startExpectingFailure({ DATABASE_URL: 'sqlite:/etc/hostname/not-a-dir/app.sqlite', DATA_DIR: dir, PORT: String(await freePort()) }), /database file cannot be opened .*check DATABASE_URL/);
  });

  it('refuses EMBED_CROSS_SITE without TLS in front (TRUST_PROXY), and starts with it', async () => {
    expectOneLine(await startExpectingFailure({ ...sqlite('embed'), EMBED_CROSS_SITE: 'true', PORT: String(await freePort()) }), /EMBED_CROSS_SITE=true needs HTTPS.*TRUST_PROXY=true/);
    const server = await startServer({ ...sqlite('embed'), EMBED_CROSS_SITE: 'true', TRUST_PROXY: 'true', ADMIN_DIST: './test-results/no-console' });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('names DATABASE_URL when a reserved character in the password is not encoded, and DATA_DIR when it cannot be written', async () => {
    const port = String(await freePort());
    expectOneLine(await startExpectingFailure({ ...sqlite('hash'), DATABASE_URL: 'mysql://app:pa#ss@127.0.0.1:3306/vehicles', PORT: port }), /DATABASE_URL .*# as %23/);
    expectOneLine(await startExpectingFailure({ ...sqlite('at'), DATABASE_URL: 'mysql://app:p@ss@127.0.0.1:3306/vehicles', PORT: port }), /DATABASE_URL reads differently than written.*@ as %40/);
    // Under a file: no user can make it (this suite may run as root, who can write anywhere else).
    const unwritable = '/etc/hostname/data';
    expectOneLine(await startExpectingFailure({ DATABASE_URL: `sqlite:${dir}/dd/app.sqlite`, DATA_DIR: unwritable, PORT: port }), /DATA_DIR \/etc\/hostname\/data cannot be written by this user \(ENOTDIR\)/);
    expectOneLine(await startExpectingFailure({ DATABASE_URL: `sqlite:${dir}/dd/app.sqlite`, DATA_DIR: unwritable, SESSION_SECRET: 'x'.repeat(32), PORT: port }), /DATA_DIR \/etc\/hostname\/data cannot be written/);
  });

  it.runIf(process.env.MYSQL_URL)('tells a wrong password or database name from a server that does not answer, at once', async () => {
    const server = new URL(process.env.MYSQL_URL!);
    const wrongLogin = new URL(server.toString());
    wrongLogin.username = 'vx_nobody';
    wrongLogin.password = 'wrong';
    wrongLogin.pathname = '/vehicles';
    const denied = await startExpectingFailure({ ...sqlite('login'), DATABASE_URL: wrongLogin.toString(), PORT: String(await freePort()) });
    expectOneLine(denied, /refused the user name or password \(ER_ACCESS_DENIED_ERROR\): check DATABASE_URL/);
    // No 30 s of retries (DATABASE_WAIT_SECONDS): the server answered, and said no.
    expect(denied.stdout).not.toMatch(/trying again/);
    const noDatabase = new URL(server.toString());
    // A name within the tests' grant pattern (vx_test_%): to a user without rights on a name, MySQL answers 'access denied' whether or not it exists.
    noDatabase.pathname = '/vx_test_no_such_database';
    expectOneLine(await startExpectingFailure({ ...sqlite('nodb'), DATABASE_URL: noDatabase.toString(), PORT: String(await freePort()) }), /has no database of that name \(ER_BAD_DB_ERROR\)/);
  });

  it('names an invalid setting in one line', async () => {
    expectOneLine(await startExpectingFailure({ ...sqlite('bad'), PORT: 'eighty' }), /Invalid configuration: PORT: /);
  });

  it('prints the addresses people can open: every address of the machine when HOST is 0.0.0.0', async () => {
    const server = await startServer({ ...sqlite('urls'), HOST: '0.0.0.0', ADMIN_DIST: './test-results/no-console' });
    try {
      const line = /The console and API are on ([^"]*)"/.exec(server.output())?.[1] ?? '';
      expect(line).toContain(`http://localhost:${server.port}`);
      for (const info of Object.values(networkInterfaces()).flat()) {
        if (info && info.family === 'IPv4' && !info.internal) expect(line).toContain(`http://${info.address}:${server.port}`);
      }
      expect(line).not.toContain('0.0.0.0');
      // A first start says which migrations it applied.
      expect(server.output()).toMatch(/Applied \d+ database migration\(s\): 20261121000000_initial_schema, .*20261124000100_drop_data_version/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    const again = await startServer({ ...sqlite('urls'), ADMIN_DIST: './test-results/no-console' });
    again.child.kill('SIGTERM');
    await again.exited;
    expect(again.output()).not.toMatch(/Applied \d+ database migration/);
  });
});
