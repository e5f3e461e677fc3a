import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { closeDb, createDb } from '../src/db';
import { MIGRATION_NAMES } from '../../migrations/index';
import { ENGINES, createTestDatabase, type TestDatabase } from './support/engines';
import { ROOT, startServer, PROCESS_TEST_TIMEOUT_MS } from './support/serverProcess';

const LAST = MIGRATION_NAMES.at(-1)!;

/** `npm run migrate -- …` as an operator runs it, from another working directory. */
function migrate(env: Record<string, string>, ...args: string[]) {
  return spawnSync(process.execPath, [path.join(ROOT, 'scripts/apiEntry.mjs'), 'migrate', ...args], {
    cwd: tmpdir(),
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

describe.each(ENGINES)('npm run migrate -- rollback on %s', (engine) => {
  let database: TestDatabase;
  let db: Knex;
  let dataDir: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    dataDir = mkdtempSync(path.join(tmpdir(), 'vx-rollback-'));
    env = { DATABASE_URL: database.url, DATA_DIR: dataDir, SESSION_SECRET: 'rollback-secret-rollback-secret' };
    db = createDb(database.url);
    await db.migrate.latest();
    const [companyId] = await db('companies').insert({ name: 'Gulf Motors', code: 'GULF', active: true, createdAt: new Date().toISOString() });
    await db('users').insert({ username: 'owner@gulf.example', passwordHash: 'x', role: 'COMPANY_ADMIN', companyId: Number(companyId), active: true, pendingApproval: false, createdAt: new Date().toISOString(), mustChangePassword: true });
  });
  afterEach(async () => {
    await closeDb(db);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const applied = async () => (await db('knex_migrations').select('name').orderBy('id')).map((r: { name: string }) => r.name);

  it('undoes the last migration only, keeps every record, and on SQLite keeps a checked copy first', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    // --force: the last migration may be one whose undoing drops a column (the refusal is the next test's).
    const result = migrate(env, 'rollback', '--force');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Rolled back: \n  ${LAST}\n`);
    expect(await applied()).toEqual(MIGRATION_NAMES.slice(0, -1));
    expect(await db('companies').pluck('code')).toEqual(['GULF']);
    expect(await db('users').pluck('username')).toEqual(['owner@gulf.example']);
    if (engine === 'sqlite') {
      expect(result.stdout).toMatch(/Backed up the database to .*before-rollback-.*\.sqlite \(integrity and row counts checked\)/);
      const [backup] = readdirSync(path.join(dataDir, 'backups'));
      const file = path.join(dataDir, 'backups', backup);
      // Password hashes inside: readable by the service user only.
      expect(statSync(file).mode & 0o077).toBe(0);
      const copy = new Database(file, { readonly: true });
      expect(copy.prepare('select count(*) from knex_migrations').pluck().get()).toBe(MIGRATION_NAMES.length);
      expect(copy.prepare('select code from companies').pluck().all()).toEqual(['GULF']);
      copy.close();
    } else {
      expect(result.stdout).toMatch(/makes no backup.*mysqldump/);
    }
    // The server's next start applies it again.
    expect(migrate(env, 'latest').stdout).toContain(LAST);
  });

  it('refuses a rollback that drops saved data unless --force, and then goes as far as --to says', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const to = '20261124400100_company_invoice_profile';
    const refused = migrate(env, 'rollback', '--to', to);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^Refused: Rolling back loses data: .*20261124600100_analysis_image_count drops how many images each stored damage check looked at; 20261124500100_user_account drops every user's language and whether they must change their password \(a generated one would stay usable\)\. Back up first, then add --force/m);
    expect(await applied()).toEqual(MIGRATION_NAMES);
    expect(existsSync(path.join(dataDir, 'backups'))).toBe(false);

    const forced = migrate(env, 'rollback', '--to', to, '--force');
    expect(forced.status, forced.stderr).toBe(0);
    expect(await applied()).toEqual(MIGRATION_NAMES.slice(0, MIGRATION_NAMES.indexOf(to) + 1));
    expect(await db('companies').pluck('code')).toEqual(['GULF']);
    expect(await db.schema.hasColumn('vehicles', 'accidentAnalysisImageCount')).toBe(false);

    const unknown = migrate(env, 'rollback', '--to', 'not_a_migration');
    expect(unknown.stderr).toMatch(/--to not_a_migration is not an applied migration/);
  });

  it('refuses while a server has said it runs within the last 30 s, not for one that stopped saying so', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const row = { id: 'other', host: 'app-2', pid: 4242, version: '1.0.0', startedAt: Date.now() };
    await db('server_heartbeats').insert({ ...row, seenAt: Date.now() });
    const refused = migrate(env, 'rollback');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^Refused: A server uses this database \(app-2 \(pid 4242, version 1\.0\.0\)\): stop it first/m);
    expect(await applied()).toEqual(MIGRATION_NAMES);

    await db('server_heartbeats').where({ id: 'other' }).update({ seenAt: Date.now() - 60_000 });
    expect(migrate(env, 'rollback', '--force').status).toBe(0);
  });

  it('refuses while a real server runs on the database, and goes ahead once it stopped', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const server = await startServer({ ...env, ADMIN_DIST: './test-results/no-console', ADMIN_PASSWORD: 'rollback admin password' });
    try {
      const refused = migrate(env, 'rollback');
      expect(refused.stderr).toMatch(/^Refused: A server uses this database/m);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    // It removed its row when it stopped.
    const result = migrate(env, 'rollback', '--force');
    expect(result.status, result.stderr).toBe(0);
  });
});

describe.each(ENGINES)('a database this version does not know, on %s', (engine) => {
  it('refuses to start, saying so in one line, and the migrate tool refuses to touch it', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const database = await createTestDatabase(engine);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vx-unknown-'));
    const db = createDb(database.url);
    try {
      await db.migrate.latest();
      await db('knex_migrations').insert({ name: '20270101000000_from_the_future', batch: 9, migration_time: new Date() });
      const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, SESSION_SECRET: 'unknown-secret-unknown-secret', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'error', ADMIN_DIST: './test-results/no-console' };
      const child = spawn(process.execPath, [path.join(ROOT, 'scripts/apiEntry.mjs'), 'server'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const code = await new Promise((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([
        'Failed to start: The database has 1 migration(s) this version does not know (20270101000000_from_the_future): a newer version migrated it; run that version, or restore the backup made before the upgrade',
      ]);
      const rollback = migrate(env, 'rollback');
      expect(rollback.stderr).toMatch(/^Refused: The database has 1 migration\(s\) this version does not know.*Roll back with the version that made them/m);
      const status = migrate(env, 'status');
      expect(status.stdout).toMatch(/Unknown to this version: \n {2}20270101000000_from_the_future/);
    } finally {
      await closeDb(db);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
