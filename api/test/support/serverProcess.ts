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

/**
 * What a server prints once it listens (api/src/server.ts, unless LOG_LEVEL=silent): its own line
 * is what tells that the /api/health answering on the port is this server's. A free port is only
 * free when asked: another process may start listening on it before this server does (the
 * benchmarks' servers, other test files' on a busy machine), and its health answer would then be
 * taken for this one's.
 */
const LISTENING_LINE = 'The console and API are on';

/** Whether a server started with `env` has said it listens in `output` (a silent one says nothing). */
export const saysItListens = (env: Record<string, string>, output: string) => env.LOG_LEVEL === 'silent' || output.includes(LISTENING_LINE);
/** What a server says when its port was taken meanwhile (api/src/startup.ts listen). */
const PORT_TAKEN = /Port \d+ is already in use/;

/**
 * Runs `npm start`'s script as a real process and waits until /api/health answers and the server
 * has said it listens (a hang only after `timeoutMs`). A port another process took between its
 * choice and the server's start is chosen anew (unless the test gave its own PORT).
 */
export async function startServer(env: Record<string, string>, timeoutMs = 120_000): Promise<RunningServer> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    const port = env.PORT ? Number(env.PORT) : await freePort();
    const started = await startOn(port, env, deadline, timeoutMs);
    if (started !== 'port taken' || env.PORT || attempt === 3) {
      if (started === 'port taken') throw new Error(`server could not listen: its port was taken ${attempt} times`);
      return started;
    }
  }
}

/** One start on `port`: the running server, or `port taken` when another process listens there. */
export async function startOn(port: number, env: Record<string, string>, deadline: number, timeoutMs: number): Promise<RunningServer | 'port taken'> {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (PORT_TAKEN.test(out)) return 'port taken';
      throw new Error(`server exited early (${child.exitCode}):\n${out}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200 && saysItListens(env, out)) return { child, port, output: () => out, exited };
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
