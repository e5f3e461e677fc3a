import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { checkStartupConfig } from '../src/startup';

/** An install made by an earlier version, whose data others could read, is closed at the next start. */
describe('the data folder of an earlier install', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vx-modes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is made readable by the service user only: the folder, the database and the secret', () => {
    const dataDir = path.join(dir, 'data');
    mkdirSync(path.join(dataDir, 'backups'), { recursive: true });
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, 'backups'), 0o755);
    for (const file of ['app.sqlite', 'app.sqlite-wal', 'session-secret']) {
      writeFileSync(path.join(dataDir, file), 'saved');
      chmodSync(path.join(dataDir, file), 0o644);
    }
    checkStartupConfig(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, 'app.sqlite')}`, SESSION_SECRET: 'x'.repeat(32) }));
    const mode = (name: string) => statSync(path.join(dataDir, name)).mode & 0o777;
    expect(mode('')).toBe(0o700);
    expect(mode('backups')).toBe(0o700);
    expect(mode('app.sqlite')).toBe(0o600);
    expect(mode('app.sqlite-wal')).toBe(0o600);
    expect(mode('session-secret')).toBe(0o600);
  });
});
