import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/http/logger';
import { frameParentOrigins } from '../src/http/origins';
import { ENGINES } from './support/engines';
import { expectError } from './support/lists';
import { startTestApp, type TestApp } from './support/testApp';

/**
 * The server's part of intranet embedding (docs/embedding.md): the parent origins the console may
 * post its messages to, and a same-origin check that works behind a proxy and says why it refuses.
 */

/** The app's log lines as objects, for the refusal line. */
function capturedLog() {
  const lines: Record<string, any>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger('info', sink) };
}

describe('the parent origins named by FRAME_ANCESTORS', () => {
  it("keeps concrete http(s) origins, resolves 'self', and drops what names no single origin", () => {
    expect(
      frameParentOrigins("'self' https://intranet.example/portal/ http://10.0.0.5:8080 https://*.example.com https: intranet.example 'none' https://intranet.example", 'https://console.example:8443'),
    ).toEqual(['https://console.example:8443', 'https://intranet.example', 'http://10.0.0.5:8080']);
    expect(frameParentOrigins("'none'", 'http://console.example')).toEqual([]);
  });
});

describe.each(ENGINES)('embedding behind a proxy on %s', (engine) => {
  let t: TestApp;
  const log = capturedLog();

  beforeAll(async () => {
    t = await startTestApp(engine, { TRUST_PROXY: 'true', FRAME_ANCESTORS: "'self' https://intranet.example" }, { logger: log.logger });
  });
  afterAll(() => t.close());

  it('tells the console, without signing in, which parent origins it may post to', async () => {
    const res = await t.anon().get('/api/about').set('X-Forwarded-Proto', 'https').set('Host', 'console.example').set('X-Forwarded-Port', '8443');
    expect(res.status).toBe(200);
    expect(res.body.parentOrigins).toEqual(['https://console.example:8443', 'https://intranet.example']);
  });

  it('takes the port from X-Forwarded-Host, else X-Forwarded-Port, when the proxy passes Host without it', async () => {
    const user = await t.user({ role: 'SUPER_ADMIN' });
    const login = (headers: Record<string, string>, origin: string) => t.anon().post('/api/login').set(headers).set('Origin', origin).send({ username: user.username, password: 'correct horse battery' });
    // nginx `proxy_set_header Host $host;` on port 8443, with X-Forwarded-Port: the port is put back.
    expect((await login({ 'X-Forwarded-Proto': 'https', Host: 'console.example', 'X-Forwarded-Port': '8443' }, 'https://console.example:8443')).status).toBe(200);
    // X-Forwarded-Host with its port.
    expect((await login({ 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'console.example:8443' }, 'https://console.example:8443')).status).toBe(200);
    // The default port is not part of an origin.
    expect((await login({ 'X-Forwarded-Proto': 'https', Host: 'console.example', 'X-Forwarded-Port': '443' }, 'https://console.example')).status).toBe(200);
    // Another port than the forwarded one is still another origin.
    expectError(await login({ 'X-Forwarded-Proto': 'https', Host: 'console.example', 'X-Forwarded-Port': '8443' }, 'https://console.example:9443'), 403, 'auth.crossSite');
  });

  it('logs one line per refusal naming the origin, the host it was compared with, and the settings to change', async () => {
    const before = log.lines.length;
    // Host lost its port and the proxy sends no X-Forwarded-Port: refused, and the line says why.
    const res = await t.anon().post('/api/login').set('X-Forwarded-Proto', 'https').set('Host', 'console.example').set('Origin', 'https://console.example:8443').send({ username: 'nobody@example.com', password: 'x' });
    expectError(res, 403, 'auth.crossSite');
    await new Promise((resolve) => setImmediate(resolve));
    const refusals = log.lines.slice(before).filter((line) => String(line.msg).startsWith('cross-site request refused'));
    expect(refusals).toHaveLength(1);
    const [line] = refusals;
    expect(line).toMatchObject({ origin: 'https://console.example:8443', ownOrigin: 'https://console.example', hostFrom: 'Host' });
    for (const named of ['https://console.example:8443', 'https://console.example ', 'X-Forwarded-Port', 'X-Forwarded-Host', 'ALLOWED_ORIGINS', 'TRUST_PROXY on']) expect(line.msg).toContain(named);
  });
});

describe.each(ENGINES)('without a proxy on %s', (engine) => {
  it('ignores X-Forwarded-* and names TRUST_PROXY in the refusal', async () => {
    const log = capturedLog();
    const t = await startTestApp(engine, {}, { logger: log.logger });
    try {
      const res = await t.anon().post('/api/login').set('Host', 'console.example').set('X-Forwarded-Port', '8443').set('Origin', 'http://console.example:8443').send({ username: 'nobody@example.com', password: 'x' });
      expectError(res, 403, 'auth.crossSite');
      await new Promise((resolve) => setImmediate(resolve));
      const line = log.lines.find((entry) => String(entry.msg).startsWith('cross-site request refused'));
      expect(line?.msg).toContain('set TRUST_PROXY');
      expect((await t.anon().get('/api/about').set('Host', 'console.example')).body.parentOrigins).toEqual(['http://console.example']);
    } finally {
      await t.close();
    }
  });
});
