import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { portToListenOn } from '../../../test/support/ports';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The time a test that starts server processes may take: their start-up (compiling TypeScript,
 * migrating) waits for CPU on a busy machine. Only a hang should reach it.
 */
export const PROCESS_TEST_TIMEOUT_MS = 240_000;

export async function freePort(): Promise<number> {
  // TEST_PORT_RANGE (test/support/ports.ts): a port of the range this checkout was given.
  const chosen = await portToListenOn();
  if (chosen) return chosen;
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export type RunningServer = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

/** Runs `npm start`'s script as a real process and waits until /api/health answers (a hang only after `timeoutMs`). */
export async function startServer(env: Record<string, string>, timeoutMs = 120_000): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return { child, port, output: () => out, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer within ${timeoutMs} ms:\n${out}`);
}

/** Resolves once the server has printed `text` (at once if it has); rejects if it exits first. */
export function untilOutput(server: RunningServer, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const streams = [server.child.stdout, server.child.stderr];
    const stopListening = () => {
      for (const stream of streams) stream?.off('data', check);
      server.child.off('exit', exited);
    };
    // Listeners run in the order added: startServer's own, which collects the output, comes first.
    function check() {
      if (!server.output().includes(text)) return;
      stopListening();
      resolve();
    }
    function exited() {
      stopListening();
      if (server.output().includes(text)) resolve();
      else reject(new Error(`the server exited before printing "${text}":\n${server.output()}`));
    }
    for (const stream of streams) stream?.on('data', check);
    server.child.on('exit', exited);
    check();
  });
}
