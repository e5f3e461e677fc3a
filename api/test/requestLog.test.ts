import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/http/logger';
import { startTestApp, type TestApp } from './support/testApp';

/** The request log: one JSON line per request, with what an operator needs and no secrets. */
describe('request log', () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { TRUST_PROXY: 'true' }, { logger: createLogger('info', sink) });
  });
  afterAll(() => t.close());

  const lineFor = (id: string) => lines.find((line) => (line.request as { id?: string })?.id === id);

  it('does not log health checks, which a load balancer makes every few seconds', async () => {
    for (let i = 0; i < 3; i++) expect((await t.anon().get('/api/health').set('X-Request-Id', `health-${i}`)).status).toBe(200);
    await t.anon().get('/api/me').set('X-Request-Id', 'after-health');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lineFor('after-health')).toBeDefined();
    expect(lines.filter((line) => (line.request as { path?: string })?.path === '/api/health')).toEqual([]);
  });

  it('writes request id, method, path, status, ms, user id and client address, without headers or bodies', async () => {
    const company = await t.company();
    const user = await t.user({ role: 'SHIPPER', companyId: company.id });
    const agent = await t.signedIn(user.username);
    const res = await agent.get('/api/vehicles?range=[0,9]').set('X-Request-Id', 'trace-42').set('X-Forwarded-For', '203.0.113.7');
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('trace-42');
    await new Promise((resolve) => setImmediate(resolve));
    const line = lineFor('trace-42');
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      request: { id: 'trace-42', method: 'GET', path: '/api/vehicles' },
      response: { status: 200 },
      userId: user.id,
      ip: '203.0.113.7',
    });
    expect(typeof line!.ms).toBe('number');
    expect(typeof line!.time).toBe('string');
    const signIn = lines.find((l) => (l.request as { path?: string })?.path === '/api/login');
    expect(JSON.stringify(signIn)).not.toContain('correct horse');
    expect(JSON.stringify(lines)).not.toMatch(/sid=|cookie/i);
  });

  it('never writes a tracking link\u2019s token: the public page, its API, its thumbnails and a revocation by token', async () => {
    const token = 'Zm9vYmFyLXRyYWNraW5nLXRva2VuLXRoYXQtaXMtbG9uZw';
    await t.anon().get(`/api/track/${token}`).set('X-Request-Id', 'track-api');
    await t.anon().get(`/api/track/${token}/images/12/thumbnail`).set('X-Request-Id', 'track-thumb');
    await t.anon().get(`/track/${token}`).set('X-Request-Id', 'track-page');
    await t.anon().delete(`/api/vehicles/7/tracking-links/${token}`).set('X-Request-Id', 'track-revoke');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lineFor('track-api')).toMatchObject({ request: { path: '/api/track/[token]' } });
    expect(lineFor('track-thumb')).toMatchObject({ request: { path: '/api/track/[token]/images/12/thumbnail' } });
    expect(lineFor('track-page')).toMatchObject({ request: { path: '/track/[token]' } });
    expect(lineFor('track-revoke')).toMatchObject({ request: { path: '/api/vehicles/7/tracking-links/[token]' } });
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('gives each request its own id when the caller sends none or a malformed one, and logs refusals', async () => {
    const res = await t.anon().get('/api/vehicles').set('X-Request-Id', 'bad id with spaces');
    expect(res.status).toBe(401);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lineFor(id)).toMatchObject({ level: 'info', response: { status: 401 } });
    expect(lineFor(id)!.userId).toBeUndefined();
  });
});
