import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, ROOT } from './support/serverProcess';

/**
 * TEST_PORT_RANGE (test/support/ports.ts) shared by several processes of one run, as vitest's
 * workers share it: each port goes to one process only, though all start probing at the range's
 * first port. (Before, two workers could both find a port free and start two servers on it: the
 * second failed with "Port … is already in use".)
 */
const start = 47_000 + Math.floor(Math.random() * 1_800);
const range = `${start}-${start + 99}`;

/** A process that takes `count` ports and keeps running (its claims with it) until `release`. */
function portsOfAProcess(count: number, release: Promise<void>): Promise<number[]> {
  const script = `const { portToListenOn } = await import(${JSON.stringify(path.join(ROOT, 'test/support/ports.ts'))});
const ports = [];
for (let i = 0; i < ${count}; i++) ports.push(await portToListenOn());
console.log(JSON.stringify(ports));
process.stdin.resume();`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, env: { ...process.env, TEST_PORT_RANGE: range }, stdio: ['pipe', 'pipe', 'inherit'] });
  void release.then(() => child.stdin.end());
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(JSON.parse(String(chunk))));
    child.on('exit', (code) => reject(new Error(`exited ${code} before answering`)));
  });
}

describe('TEST_PORT_RANGE across processes', () => {
  it('gives each port of the range to one process only, claims of ended processes included', async () => {
    // Every port of the range claimed by a process that has ended (as an earlier run leaves them):
    // the three take them over, each port once.
    const ended = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => ended.on('exit', resolve));
    const claims = path.join(tmpdir(), 'test-port-claims');
    mkdirSync(claims, { recursive: true });
    for (let port = start; port <= start + 99; port++) writeFileSync(path.join(claims, String(port)), String(ended.pid));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const [a, b, c] = await Promise.all([portsOfAProcess(12, released), portsOfAProcess(12, released), portsOfAProcess(12, released)]).finally(release);
    const all = [...a, ...b, ...c];
    expect(all).toHaveLength(36);
    expect(new Set(all).size).toBe(36);
    const [first, last] = range.split('-').map(Number);
    for (const port of all) expect(port >= first && port <= last).toBe(true);
  }, PROCESS_TEST_TIMEOUT_MS);
});
