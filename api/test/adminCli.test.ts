import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { ROOT, startServer, PROCESS_TEST_TIMEOUT_MS } from './support/serverProcess';
import { ENGINES } from './support/engines';
import { startTestApp } from './support/testApp';

/** `npm run admin -- …` on the server, from another working directory. */
function admin(env: Record<string, string>, ...args: string[]) {
  return spawnSync(process.execPath, [path.join(ROOT, 'scripts/apiEntry.mjs'), 'admin', ...args], { cwd: tmpdir(), env: { ...process.env, ...env }, encoding: 'utf8' });
}

describe.each(ENGINES)('npm run admin on %s', (engine) => {
  it('gives a lost super admin a one-time password that must be changed, and ends their sessions', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const t = await startTestApp(engine);
    try {
      const { username } = await t.user({ role: 'SUPER_ADMIN' });
      const before = await t.signedIn(username);
      const env = { DATABASE_URL: t.config.databaseUrl, SESSION_SECRET: t.config.sessionSecret };
      const reset = admin(env, 'reset-password', username.toUpperCase());
      expect(reset.status, reset.stderr).toBe(0);
      const password = /New password for .*: (\S+)\n/.exec(reset.stdout)![1];
      expect(reset.stdout).toMatch(/shown once and must be changed at the first sign-in/);
      // The old session is over; the new password signs in, and only the password change is open.
      expect((await before.get('/api/companies')).status).toBe(401);
      const agent = await t.signedIn(username, password);
      expect((await agent.get('/api/companies')).status).toBe(403);
      expect((await agent.get('/api/companies')).body.code).toBe('auth.mustChangePassword');

      const created = admin(env, 'create', 'second.admin@example.com');
      expect(created.status, created.stderr).toBe(0);
      const second = /password: (\S+)\n/.exec(created.stdout)![1];
      const res = await t.anon().post('/api/login').send({ username: 'second.admin@example.com', password: second });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ role: 'SUPER_ADMIN', mustChangePassword: true });
      // Both in the record of events, by no one (the server's command line), without the passwords.
      const events = await t.db('audit_events').whereIn('entity', ['users']).whereNull('userId').whereIn('action', ['create', 'update']).orderBy('id');
      expect(events.map((e) => e.action)).toEqual(['update', 'create']);
      expect(JSON.parse(events[0].changes)).toEqual({ password: { from: '[redacted]', to: '[redacted]' }, mustChangePassword: { from: false, to: true } });
      expect(JSON.parse(events[1].changes)).toMatchObject({ username: { from: null, to: 'second.admin@example.com' }, role: { from: null, to: 'SUPER_ADMIN' } });
      for (const secret of [password, second]) expect(JSON.stringify(events)).not.toContain(secret);

      expect(admin(env, 'create', 'second.admin@example.com').stderr).toMatch(/^Refused: second.admin@example.com exists already/m);
      expect(admin(env, 'reset-password', 'nobody@example.com').stderr).toMatch(/^Refused: No account nobody@example.com/m);
      expect(admin(env, 'sideways').stderr).toMatch(/^Refused: Use: npm run admin -- reset-password <username>/m);
    } finally {
      await t.close();
    }
  });
});

describe('a start with ADMIN_PASSWORD and a super admin already there', () => {
  it('says it ignored ADMIN_PASSWORD', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vx-admin-'));
    const env = { DATABASE_URL: `sqlite:${dir}/app.sqlite`, DATA_DIR: dir, ADMIN_DIST: './test-results/no-console', LOG_LEVEL: 'info', ADMIN_USERNAME: 'first@example.com', ADMIN_PASSWORD: 'the first admin password' };
    try {
      const first = await startServer(env);
      first.child.kill('SIGTERM');
      await first.exited;
      expect(first.output()).not.toMatch(/ADMIN_PASSWORD is ignored/);
      const second = await startServer({ ...env, ADMIN_PASSWORD: 'another admin password' });
      try {
        expect(second.output()).toMatch(/ADMIN_PASSWORD is ignored: a super admin exists already/);
        const login = await supertest(`http://127.0.0.1:${second.port}`).post('/api/login').send({ username: 'first@example.com', password: 'the first admin password' });
        expect(login.status).toBe(200);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
