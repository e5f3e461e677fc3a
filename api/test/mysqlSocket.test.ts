import { VERSION } from '../src/install';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { closeDb, createDb, migrateLatest } from '../src/db';
import { createTestDatabase, type TestDatabase } from './support/engines';

/** The app on DATABASE_URL, with the shortest deadlines, for one test. */
async function appOn(databaseUrl: string) {
  const config = loadConfig({ DATABASE_URL: databaseUrl, SESSION_SECRET: 'test-secret-test-secret', LOG_LEVEL: 'silent', ADMIN_DIST: './test-results/no-console', DB_CONNECT_TIMEOUT_MS: '1000' });
  const db = createDb(config.databaseUrl, config.database);
  const app = createApp({ db, config });
  return { db, request: supertest(app.callback()), close: async () => (await app.closeResources(), await closeDb(db)) };
}

describe.runIf(process.env.MYSQL_URL)('DATABASE_URL with ?socket= (MySQL/MariaDB on the same machine)', () => {
  let database: TestDatabase;
  let socket: string;

  beforeAll(async () => {
    database = await createTestDatabase('mysql');
    const db = createDb(database.url);
    try {
      await migrateLatest(db);
      const [[row]] = (await db.raw('select @@socket as socket')) as [{ socket: string }[]];
      socket = row.socket;
    } finally {
      await closeDb(db);
    }
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("connects through the server's Unix socket, not TCP, and serves the API", async () => {
    const url = new URL(database.url);
    // A host and port that nothing listens on: only the socket can answer.
    url.hostname = '127.0.0.1';
    url.port = '9';
    url.searchParams.set('socket', socket);
    const app = await appOn(url.toString());
    try {
      const health = await app.request.get('/api/health');
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: 'ok', version: VERSION });
      // A socket connection's host is "localhost"; over TCP it is "127.0.0.1:<client port>".
      const [[me]] = (await app.db.raw('select host from information_schema.processlist where id = connection_id()')) as [{ host: string }[]];
      expect(me.host).toBe('localhost');
    } finally {
      await app.close();
    }
  });

  it('answers 503 on health, without hanging, when the socket is not there', async () => {
    const url = new URL(database.url);
    url.searchParams.set('socket', '/nonexistent/mysqld.sock');
    const app = await appOn(url.toString());
    try {
      const started = Date.now();
      const health = await app.request.get('/api/health');
      expect(health.status).toBe(503);
      expect(health.body.code).toBe('service.unavailable');
      expect(Date.now() - started).toBeLessThan(30_000); // a hang, not a slow machine, fails this
    } finally {
      await app.close();
    }
  });
});
