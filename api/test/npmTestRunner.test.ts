import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, ROOT } from './support/serverProcess';

/**
 * npm test (scripts/test.mjs) on a project of three lines: a test file whose worker process is
 * killed in the middle is run once more, alone, and npm test passes only when that second run does
 * and nothing else went wrong.
 */
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function project(files: Record<string, string>) {
  dir = mkdtempSync(path.join(tmpdir(), 'npm-test-runner-'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  const reporters = ['countReporter.ts', 'stoppedWorkerReporter.ts'].map((file) => path.join(ROOT, 'test', file));
  writeFileSync(path.join(dir, 'vitest.config.ts'), `import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { reporters: ['default', ${reporters.map((r) => JSON.stringify(r)).join(', ')}] } });\n`);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
}

/** A test that kills its own worker process: every time, or only the first time (a marker file). */
const killsItsWorker = (once: boolean) => `import { it, expect } from 'vitest';
import { existsSync, writeFileSync } from 'node:fs';
it('runs before', () => expect(1).toBe(1));
it('is cut short', () => {
  ${once ? `if (existsSync('killed-once')) return;\n  writeFileSync('killed-once', '');` : ''}
  process.kill(process.pid, 'SIGKILL');
});
it('runs after', () => expect(1).toBe(1));
`;

function npmTest(): Promise<{ code: number | null; output: string }> {
  // The test's own vitest settings stay out of the runs it starts.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'TEST_RUN_SUMMARY'));
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/test.mjs')], { cwd: dir, env: { ...env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('npm test when a worker process stops', () => {
  it('runs the file again and passes when it passes then', async () => {
    project({ 'cut.test.ts': killsItsWorker(true), 'whole.test.ts': "import { it } from 'vitest';\nit('passes', () => {});\n" });
    const { code, output } = await npmTest();
    expect(output).toContain('A test worker process stopped before these files finished (their tests that did not run are counted as not run): cut.test.ts');
    expect(output).toMatch(/\d+ passed, 0 failed, 0 skipped, \d+ not run/);
    expect(output).toContain('Running them once more');
    expect(output).toContain('the file(s) passed on their second run: cut.test.ts');
    // The second run is the file alone: its three tests.
    expect(output).toMatch(/^3 passed, 0 failed, 0 skipped$/m);
    expect(code).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('fails when the file stops its worker again', async () => {
    project({ 'cut.test.ts': killsItsWorker(false) });
    const { code, output } = await npmTest();
    expect(output).toContain('the file(s) failed on their second run: cut.test.ts');
    expect(code).toBe(1);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('runs nothing again when a test failed as well', async () => {
    project({ 'cut.test.ts': killsItsWorker(true), 'wrong.test.ts': "import { it, expect } from 'vitest';\nit('fails', () => expect(1).toBe(2));\n" });
    const { code, output } = await npmTest();
    expect(output).toContain('A test worker process stopped before these files finished');
    expect(output).not.toContain('Running them once more');
    expect(code).toBe(1);
  }, PROCESS_TEST_TIMEOUT_MS);
});
