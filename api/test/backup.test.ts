import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, ROOT, startServer } from './support/serverProcess';

const ADMIN = { username: 'owner@backup.example', password: 'backup owner password' };

function backup(env: Record<string, string>, file?: string) {
  return spawnSync(process.execPath, [path.join(ROOT, 'scripts/apiEntry.mjs'), 'backup', ...(file ? [file] : [])], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

/** npm run backup: a copy of the running embedded database that a new install starts from. */
describe('backup of the embedded database', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  let dir: string;
  let dist: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vx-backup-'));
    dist = path.join(dir, 'dist');
    mkdirSync(dist);
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies a running database, and a new data directory restored from it signs in and has the data', async () => {
    const live = { DATABASE_URL: `sqlite:${path.join(dir, 'live/app.sqlite')}`, DATA_DIR: path.join(dir, 'live'), ADMIN_DIST: dist, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
    const server = await startServer(live);
    const base = `http://127.0.0.1:${server.port}`;
    let copy: string;
    try {
      const signIn = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
      const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const created = await fetch(`${base}/api/companies`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ name: 'معرض الخليج للسيارات', code: 'GULF' }),
      });
      expect(created.status).toBe(201);

      // Made while the server runs and its last change may still be in the write-ahead log.
      copy = path.join(dir, 'backups/app-copy.sqlite');
      mkdirSync(path.dirname(copy));
      const made = backup(live, copy);
      expect(made.status, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/Backed up .*app-copy\.sqlite .*integrity ok/);
      // Never overwrites an earlier backup.
      const again = backup(live, copy);
      expect(again.status).toBe(1);
      expect(again.stderr).toMatch(/exists already/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }

    const restoredDir = path.join(dir, 'restored');
    mkdirSync(restoredDir);
    copyFileSync(copy!, path.join(restoredDir, 'app.sqlite'));
    const restored = await startServer({ DATABASE_URL: `sqlite:${path.join(restoredDir, 'app.sqlite')}`, DATA_DIR: restoredDir, ADMIN_DIST: dist });
    try {
      expect(restored.output()).not.toContain('First super admin created');
      const rbase = `http://127.0.0.1:${restored.port}`;
      const signIn = await fetch(`${rbase}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const companies = await (await fetch(`${rbase}/api/companies`, { headers: { cookie } })).json();
      expect(companies.map((c: { code: string; name: string }) => [c.code, c.name])).toEqual([['GULF', 'معرض الخليج للسيارات']]);
    } finally {
      restored.child.kill('SIGTERM');
      await restored.exited;
    }
  });

  it('says what to do without a file name, and for a MySQL database', () => {
    const none = backup({ DATABASE_URL: `sqlite:${path.join(dir, 'none.sqlite')}` });
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/Name the backup file/);
    const mysql = backup({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/vehicles' }, path.join(dir, 'x.sqlite'));
    expect(mysql.status).toBe(1);
    expect(mysql.stderr).toMatch(/mysqldump/);
  });
});
