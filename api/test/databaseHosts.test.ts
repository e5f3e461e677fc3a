import type { Knex } from 'knex';
import net from 'node:net';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { closeDb, createDb, mysqlLogin, parseMysqlUrl } from '../src/db';
import { freePort } from './support/serverProcess';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';
import { validVin } from './support/vins';

const withUrl = (DATABASE_URL: string) => () => loadConfig({ DATABASE_URL, SESSION_SECRET: 'test-secret-test-secret' });

describe('DATABASE_URL listing several MySQL/MariaDB hosts (a Galera cluster)', () => {
  it('reads every host in order, with 3306 where no port is given', () => {
    expect(parseMysqlUrl('mysql://app:s%23cret@db1:3307,db2,[::1]:3309/vehicles?ssl=1').hosts).toEqual([
      { host: 'db1', port: 3307 },
      { host: 'db2', port: 3306 },
      { host: '::1', port: 3309 },
    ]);
    const { url } = parseMysqlUrl('mysql://app:s%23cret@db1:3307,db2/vehicles');
    expect([url.hostname, url.port, url.password, url.pathname]).toEqual(['db1', '3307', 's%23cret', '/vehicles']);
    expect(withUrl('mysql://app:pw@db1:3306,db2:3307,db3:3308/vehicles')().databaseUrl).toBe('mysql://app:pw@db1:3306,db2:3307,db3:3308/vehicles');
  });

  it('refuses a list it cannot read, naming DATABASE_URL and the host', () => {
    expect(withUrl('mysql://app@db1:3306,db2:port/vehicles')).toThrow(/DATABASE_URL.*"db2:port" is not a host or host:port/);
    expect(withUrl('mysql://app@db1:3306,,db2/vehicles')).toThrow(/DATABASE_URL.*an empty host/);
    expect(withUrl('mysql://app@db1:3306,db1:3306/vehicles')).toThrow(/DATABASE_URL.*listed twice/);
    expect(withUrl('mysql://app@db1,db2/vehicles?socket=/run/mysqld/mysqld.sock')).toThrow(/DATABASE_URL.*Unix socket/);
  });
});

/** A TCP relay to the test MariaDB: a "node" of the cluster that a test can stop. */
async function relayTo(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((client) => {
    accepted++;
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => (client.destroy(), upstream.destroy()));
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${port}`,
    accepted: () => accepted,
    /** The node goes away: no new connections, and those open are cut. */
    stop: () => new Promise<void>((resolve) => (server.close(() => resolve()), sockets.forEach((socket) => socket.destroy()))),
  };
}

// The relays lead to the first host of MYSQL_URL (which may list a cluster's nodes).
const server = process.env.MYSQL_URL ? mysqlLogin(parseMysqlUrl(process.env.MYSQL_URL).url) : undefined;

describe.runIf(server && 'host' in server)('the API on a DATABASE_URL with several hosts (mysql)', () => {
  let t: TestApp;
  let shipper: string;
  beforeAll(async () => {
    t = await startTestApp('mysql');
    const companyId = (await t.company()).id;
    shipper = (await t.user({ role: 'SHIPPER', companyId })).username;
  });
  afterAll(() => t?.close());

  /** A second API process's app on the same database, reached through the hosts given. */
  async function appThrough(hosts: string[]): Promise<{ agent: supertest.Agent; close: () => Promise<void> }> {
    const url = parseMysqlUrl(t.config.databaseUrl).url;
    const listed = url.toString().replace(`@${url.host}/`, `@${hosts.join(',')}/`);
    const config = loadConfig({ ...process.env, DATABASE_URL: listed, SESSION_SECRET: t.config.sessionSecret, LOG_LEVEL: 'silent', ADMIN_DIST: './test-results/no-console' });
    const db: Knex = createDb(config.databaseUrl, config.database);
    const app: App = createApp({ db, config });
    const agent = supertest.agent(app.callback());
    expect((await agent.post('/api/login').send({ username: shipper, password: PASSWORD })).status).toBe(200);
    return { agent, close: async () => (await app.closeResources(), await closeDb(db)) };
  }
  const addVehicle = (agent: supertest.Agent) => agent.post('/api/vehicles').send({ vin: validVin(), make: 'Toyota', status: 'LOADED' });
  const stored = async (id: number) => Boolean(await t.db('vehicles').where({ id }).first('id'));

  it('goes to the first host that answers, passing over one that refuses', async () => {
    const nothingThere = `127.0.0.1:${await freePort()}`;
    const node = await relayTo(server as { host: string; port: number });
    const api = await appThrough([nothingThere, node.host]);
    try {
      const created = await addVehicle(api.agent);
      expect(created.status).toBe(201);
      expect(await stored(created.body.id)).toBe(true);
      expect(node.accepted()).toBeGreaterThan(0);
    } finally {
      await api.close();
      await node.stop();
    }
  });

  it('moves to the next host when the one in use goes away: the next request is answered, and every acknowledged write is kept', async () => {
    const first = await relayTo(server as { host: string; port: number });
    const second = await relayTo(server as { host: string; port: number });
    const api = await appThrough([first.host, second.host]);
    try {
      const before = await addVehicle(api.agent);
      expect(before.status).toBe(201);
      expect(second.accepted()).toBe(0);

      await first.stop();
      const after = await addVehicle(api.agent);
      expect(after.status).toBe(201);
      expect(second.accepted()).toBeGreaterThan(0);
      for (const id of [before.body.id, after.body.id]) expect(await stored(id)).toBe(true);
    } finally {
      await api.close();
      await second.stop();
    }
  });
});
