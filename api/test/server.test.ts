import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from './support/engines';
import { PROCESS_TEST_TIMEOUT_MS, startServer, untilOutput, type RunningServer } from './support/serverProcess';

/** The real process, as `npm start` runs it: configuration, first admin, console, shutdown. */
describe('the server process', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  let dir: string;
  let dist: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vx-server-'));
    dist = path.join(dir, 'dist');
    mkdirSync(dist);
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const login = (port: number, username: string, password: string) =>
    fetch(`http://127.0.0.1:${port}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });

  it('creates the first super admin with a printed random password, keeps its session secret, and serves deep links', async () => {
    const env = { DATABASE_URL: `sqlite:${path.join(dir, 'first/app.sqlite')}`, DATA_DIR: path.join(dir, 'first'), ADMIN_DIST: dist, SESSION_SECRET: '' };
    delete (env as Record<string, string>).SESSION_SECRET;
    let server: RunningServer = await startServer(env);
    try {
      const printed = /First super admin created: admin@example\.com, password: (\S+) \(shown once; it must be changed at the first sign-in\)/.exec(server.output());
      expect(printed).not.toBeNull();
      const res = await login(server.port, 'admin@example.com', printed![1]);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ role: 'SUPER_ADMIN', mustChangePassword: true });
      let cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      // A printed password may be kept in logs: nothing but the account opens until it is changed.
      const api = (path: string, init: RequestInit = {}) =>
        fetch(`http://127.0.0.1:${server.port}${path}`, { ...init, headers: { cookie, 'content-type': 'application/json', ...init.headers } });
      const refused = await api('/api/companies');
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: 'Change your password to continue', code: 'auth.mustChangePassword' });
      const changed = await api('/api/user/password', { method: 'POST', body: JSON.stringify({ currentPassword: printed![1], newPassword: 'the owner now chose this' }) });
      expect(changed.status).toBe(200);
      expect(await changed.json()).toMatchObject({ role: 'SUPER_ADMIN', mustChangePassword: false });
      // The session goes on under a new id.
      cookie = changed.headers.getSetCookie().filter((c) => !/expires=Thu, 01 Jan 1970/i.test(c)).map((c) => c.split(';')[0]).join('; ');
      expect((await api('/api/companies')).status).toBe(200);
      expect(existsSync(path.join(dir, 'first/session-secret'))).toBe(true);

      const page = await fetch(`http://127.0.0.1:${server.port}/vehicles/12/edit`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>console</title>');
      const api404 = await fetch(`http://127.0.0.1:${server.port}/api/nothing-here`);
      expect(api404.status).toBe(404);
      expect((await api404.json()).code).toBe('notFound');

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      // A second start: no new admin, and the old session still works (secret kept in DATA_DIR).
      server = await startServer(env);
      expect(server.output()).not.toContain('First super admin created');
      const me = await fetch(`http://127.0.0.1:${server.port}/api/user`, { headers: { cookie } });
      expect(me.status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it.each(ENGINES)('starts on the port and database it is given, on %s, it is given, with ADMIN_USERNAME and ADMIN_PASSWORD', async (engine) => {
    const database = await createTestDatabase(engine);
    const server = await startServer({
      DATABASE_URL: database.url,
      DATA_DIR: path.join(dir, `given-${engine}`),
      ADMIN_DIST: dist,
      ADMIN_USERNAME: 'owner@exporter.example',
      ADMIN_PASSWORD: 'a strong first password',
    });
    try {
      expect(server.output()).toContain('First super admin created: owner@exporter.example');
      expect(server.output()).not.toContain('a strong first password');
      expect(server.output()).not.toContain('must be changed');
      const res = await login(server.port, 'owner@exporter.example', 'a strong first password');
      expect(res.status).toBe(200);
      // The operator chose this password: no change is asked for.
      expect(await res.json()).toMatchObject({ role: 'SUPER_ADMIN', mustChangePassword: false });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await database.drop();
    }
  });

  it('refuses to start with an invalid configuration and says which variable is wrong', async () => {
    await expect(startServer({ DATABASE_URL: 'postgres://nope', DATA_DIR: path.join(dir, 'bad'), ADMIN_DIST: dist })).rejects.toThrow(/DATABASE_URL/);
  });

  it('on SIGTERM finishes the request in flight, closes idle keep-alive connections, and exits 0', async () => {
    // 'shutting down' is an info line: the test waits for it.
    const server = await startServer({ DATABASE_URL: `sqlite:${path.join(dir, 'stop/app.sqlite')}`, DATA_DIR: path.join(dir, 'stop'), ADMIN_DIST: dist, LOG_LEVEL: 'info' });
    const agent = new http.Agent({ keepAlive: true });
    // An idle keep-alive connection must not hold the shutdown.
    await new Promise<void>((resolve) => http.get({ port: server.port, host: '127.0.0.1', path: '/api/health', agent }, (r) => r.resume().on('end', resolve)));

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ username: 'someone@example.com', password: 'not the password' });
    const answer = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
      const req = http.request(
        { port: server.port, host: '127.0.0.1', path: '/api/login', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, body: text, connection: res.headers.connection }));
        },
      );
      req.on('error', reject);
      // Half the body once connected; the signal; the rest once the server says it is stopping.
      req.on('socket', (socket) =>
        socket.once('connect', () => {
          req.write(body.slice(0, 10), () => {
            server.child.kill('SIGTERM');
            void untilOutput(server, 'shutting down').then(() => req.end(body.slice(10)), reject);
          });
        }),
      );
    });
    const started = Date.now();
    const response = await answer;
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body).code).toBe('auth.invalidCredentials');
    // A matched route's answer, too, tells the keep-alive client to close while stopping.
    expect(response.connection).toBe('close');
    expect(await server.exited).toBe(0);
    // Only a hang fails this: an idle keep-alive connection kept open would hold the exit for good.
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(server.output()).not.toMatch(/Failed|Error/);
    agent.destroy();
  });
});

describe.each(ENGINES)('stopping on %s', { timeout: PROCESS_TEST_TIMEOUT_MS }, (engine) => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vx-stop-'));
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist/index.html'), '<!doctype html><title>console</title>');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  type Outcome = { status?: number; error?: string; connection?: string };
  const get = (port: number, agent: http.Agent, cookie: string, path = '/api/companies?range=[0,24]') =>
    new Promise<Outcome>((resolve) => {
      const req = http.get({ port, host: '127.0.0.1', path, agent, headers: { cookie } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
      });
      req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });

  const OWNER = { username: 'owner@exporter.example', password: 'a strong first password' };
  const start = (database: TestDatabase, env: Record<string, string> = {}) =>
    startServer({ DATABASE_URL: database.url, DATA_DIR: dir, ADMIN_DIST: path.join(dir, 'dist'), ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, ...env });
  /** The owner's session cookie. */
  const signIn = async (port: number) => {
    const login = await fetch(`http://127.0.0.1:${port}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(OWNER) });
    return login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  };

  /** Whatever a test left running or created, ended and removed. */
  const stop = async (server: RunningServer, database: TestDatabase, agent: http.Agent) => {
    agent.destroy();
    server.child.kill('SIGKILL');
    await server.exited;
    await database.drop();
  };

  it('answers every request already sent on keep-alive connections when SIGTERM comes, resets none, and exits 0', async () => {
    const database = await createTestDatabase(engine);
    const server = await start(database);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    try {
      expect(server.output()).toContain('First super admin created');
      const cookie = await signIn(server.port);
      // 20 keep-alive connections, open and idle, as a load balancer's pool keeps them.
      const warm = await Promise.all(Array.from({ length: 20 }, () => get(server.port, agent, cookie)));
      expect(warm.map((o) => o.status)).toEqual(Array(20).fill(200));

      const lists = Array.from({ length: 20 }, () => get(server.port, agent, cookie));
      server.child.kill('SIGTERM');
      const outcomes = await Promise.all(lists);
      const resets = outcomes.filter((o) => o.error).length;
      console.log(`${engine}: SIGTERM amid 20 keep-alive lists: ${outcomes.filter((o) => o.status === 200).length} answered 200, ${resets} failed (${outcomes.map((o) => o.error).filter(Boolean).join(', ')})`);
      expect(resets).toBe(0);
      expect(outcomes.map((o) => o.status)).toEqual(Array(20).fill(200));
      expect(await server.exited).toBe(0);
    } finally {
      await stop(server, database, agent);
    }
  });

  // A matched route answers before any middleware after the routers runs: the close must be
  // asked for whichever route answers, or keep-alive clients send their next request to a
  // process that is about to go.
  it('asks keep-alive clients to close the connection in answers to requests that arrive while it stops, from matched routes too', async () => {
    const database = await createTestDatabase(engine);
    // 'shutting down' is an info line: the test waits for it.
    const server = await start(database, { LOG_LEVEL: 'info' });
    const agent = new http.Agent({ keepAlive: true });
    try {
      const cookie = await signIn(server.port);
      const ask = () => Promise.all([get(server.port, agent, '', '/api/health'), get(server.port, agent, cookie, '/api/user')]);
      expect(await ask()).toEqual([{ status: 200, connection: 'keep-alive' }, { status: 200, connection: 'keep-alive' }]);

      server.child.kill('SIGTERM');
      // The server goes on reading for a moment after the signal (SHUTDOWN_DRAIN_MS): ask then.
      await untilOutput(server, 'shutting down');
      expect(await ask()).toEqual([{ status: 200, connection: 'close' }, { status: 200, connection: 'close' }]);
      expect(await server.exited).toBe(0);
    } finally {
      await stop(server, database, agent);
    }
  });
});

describe('the configuration', () => {
  it('documents every variable it reads in the README', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const source = readFileSync(path.resolve(import.meta.dirname, '../src/config.ts'), 'utf8');
    const variables = [...source.matchAll(/^\s+([A-Z_]+): (?:z\.|flag|commaList)/gm)].map((m) => m[1]);
    expect(variables.length).toBeGreaterThan(8);
    for (const v of variables) expect(readme, v).toContain(`\`${v}\``);
  });
});
