import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/engines';
import { PROCESS_TEST_TIMEOUT_MS, startOn } from './support/serverProcess';

/**
 * The tests' server start (support/serverProcess.ts) on a port another process took after it was
 * chosen: on a busy machine a benchmark's server did, answered /api/health, and a test then talked
 * to it and failed when it went away. The start must tell that port was taken, not take the
 * other server's health for its own.
 */
describe('starting a test server on a port another process took', () => {
  let other: Server;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    // Another program on the port, healthy by the look of its answer.
    other = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"ok"}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => other.close(resolve));
    await database.drop();
  });

  it('answers that the port was taken rather than the other program as the server', async () => {
    const port = (other.address() as AddressInfo).port;
    const started = await startOn(port, { DATABASE_URL: database.url }, Date.now() + PROCESS_TEST_TIMEOUT_MS, PROCESS_TEST_TIMEOUT_MS);
    if (started !== 'port taken') started.child.kill('SIGKILL');
    expect(started).toBe('port taken');
  }, PROCESS_TEST_TIMEOUT_MS);
});
