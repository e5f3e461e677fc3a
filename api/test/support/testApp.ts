import type { Knex } from 'knex';
import supertest from 'supertest';
import { createApp, type App } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Logger } from '../../src/http/logger';
import { closeDb, createDb, migrateLatest } from '../../src/db';
import { hashPassword } from '../../src/services/passwords';
import type { Role } from '../../src/domain/roles';
import type { EngineName, TestDatabase } from './engines';
import { createMigratedTestDatabase } from './migratedDatabase';

export const PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;
/** One hash for every seeded user: scrypt is slow on purpose. */
const sharedHash = () => (passwordHash ??= hashPassword(PASSWORD));

export type TestApp = {
  engine: EngineName;
  app: App;
  db: Knex;
  config: Config;
  /** A client without cookies. */
  anon: () => supertest.Agent;
  /** A client signed in as the given user (cookie jar kept). */
  signedIn: (username: string, password?: string) => Promise<supertest.Agent>;
  company: (fields?: Partial<{ name: string; code: string; active: boolean }>) => Promise<{ id: number; name: string; code: string }>;
  user: (fields: { role: Role | null; companyId?: number | null; pendingApproval?: boolean; active?: boolean; username?: string }) => Promise<{ id: number; username: string }>;
  close: () => Promise<void>;
};

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function startTestApp(engine: EngineName, env: Record<string, string> = {}, { logger }: { logger?: Logger } = {}): Promise<TestApp> {
  const database: TestDatabase = await createMigratedTestDatabase(engine);
  const config = loadConfig({
    DATABASE_URL: database.url,
    SESSION_SECRET: 'test-secret-test-secret-test-secret',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ADMIN_DIST: './test-results/no-console',
    // Tests send one user's requests at once to check concurrent writes: the per-user bound
    // (http/fairShare.ts, 1 by default) would queue them. Its own test sets it.
    REQUESTS_PER_USER: '64',
    // Cheap hashes for the suite's thousands of sign-ins (vite.config.ts); passwords.test.ts checks the default.
    PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST,
    ...env,
  });
  const db = createDb(config.databaseUrl);
  await migrateLatest(db); // nothing left to apply on a copy of the template: this only checks it is current
  const app = createApp({ db, config, logger });

  const anon = () => supertest.agent(app.callback());
  const signedIn = async (username: string, password = PASSWORD) => {
    const agent = anon();
    const res = await agent.post('/api/login').send({ username, password });
    if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return agent;
  };
  const company: TestApp['company'] = async (fields = {}) => {
    const row = { name: fields.name ?? unique('Company '), code: fields.code ?? unique('C').toUpperCase(), active: fields.active ?? true, createdAt: new Date().toISOString() };
    const [id] = await db('companies').insert(row);
    return { id: Number(id), name: row.name, code: row.code };
  };
  const user: TestApp['user'] = async (fields) => {
    const username = fields.username ?? `${unique('user')}@example.com`;
    const [id] = await db('users').insert({
      username,
      passwordHash: await sharedHash(),
      role: fields.role,
      companyId: fields.companyId ?? null,
      active: fields.active ?? true,
      pendingApproval: fields.pendingApproval ?? false,
      createdAt: new Date().toISOString(),
    });
    return { id: Number(id), username };
  };
  const close = async () => {
    await app.closeResources();
    await closeDb(db);
    await database.drop();
  };
  return { engine, app, db, config, anon, signedIn, company, user, close };
}
