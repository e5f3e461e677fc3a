import { Writable } from 'node:stream';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/http/logger';
import { REGISTRATIONS_PER_ADDRESS } from '../src/resources/auth/throttle';
import { ENGINES } from './support/engines';
import { startTestApp } from './support/testApp';
import { PROCESS_TEST_TIMEOUT_MS } from './support/serverProcess';

/** The client address each request was logged with, behind a proxy set up by TRUST_PROXY. */
async function loggedAddresses(trustProxy: string, requests: { forwardedFor?: string }[]): Promise<string[]> {
  const lines: { ip?: string; request?: { path?: string } }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const t = await startTestApp('sqlite', { TRUST_PROXY: trustProxy }, { logger: createLogger('info', sink) });
  try {
    for (const { forwardedFor } of requests) {
      const request = t.anon().get('/api/me');
      await (forwardedFor === undefined ? request : request.set('X-Forwarded-For', forwardedFor));
    }
    await new Promise((resolve) => setImmediate(resolve));
    return lines.filter((line) => line.request?.path === '/api/me').map((line) => line.ip ?? '');
  } finally {
    await t.close();
  }
}

describe('TRUST_PROXY: the client is the right-most address that is not a trusted proxy', () => {
  it('true (one proxy): what the client wrote before the proxy\'s own entry is never believed', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    expect(await loggedAddresses('true', [{ forwardedFor: '203.0.113.7' }, { forwardedFor: '6.6.6.6, 203.0.113.7' }, { forwardedFor: '1.1.1.1, 2.2.2.2, 203.0.113.7' }])).toEqual([
      '203.0.113.7',
      '203.0.113.7',
      '203.0.113.7',
    ]);
  });

  it('a number: that many proxies, each appending the address it was reached from', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    // The client reached the outer proxy from 203.0.113.9; the inner one was reached from 10.0.0.2.
    expect(await loggedAddresses('2', [{ forwardedFor: '203.0.113.9, 10.0.0.2' }, { forwardedFor: '6.6.6.6, 203.0.113.9, 10.0.0.2' }])).toEqual(['203.0.113.9', '203.0.113.9']);
  });

  it('addresses: hops from the right are skipped while they are trusted proxies', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    // supertest connects from 127.0.0.1: the proxy beside the server.
    const addresses = await loggedAddresses('127.0.0.1, 10.0.0.2', [
      { forwardedFor: '203.0.113.9, 10.0.0.2' },
      { forwardedFor: '6.6.6.6, 203.0.113.9, 10.0.0.2' },
      { forwardedFor: '203.0.113.9' },
      {},
    ]);
    expect(addresses).toEqual(['203.0.113.9', '203.0.113.9', '203.0.113.9', '127.0.0.1']);
  });

  it('off: X-Forwarded-For is not read at all', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    expect(await loggedAddresses('false', [{ forwardedFor: '203.0.113.7' }])).toEqual(['127.0.0.1']);
  });

  it('names TRUST_PROXY when it is neither a flag, a number nor addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example', SESSION_SECRET: 'x'.repeat(32) })).toThrow(/TRUST_PROXY: "proxy.example" is not an IP address/);
  });
});

describe.each(ENGINES)('forged X-Forwarded-For behind one proxy on %s', (engine) => {
  it('still counts registrations per real address: a new forged address each time does not help', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const t = await startTestApp(engine, { TRUST_PROXY: 'true' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= REGISTRATIONS_PER_ADDRESS; i++) {
        const res = await supertest(t.app.callback())
          .post('/api/register')
          .set('X-Forwarded-For', `198.51.${i}.${i + 1}, 203.0.113.60`)
          .send({ username: `forger${i}@example.com`, password: 'long enough password' });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, REGISTRATIONS_PER_ADDRESS).every((status) => status === 201)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });
});
