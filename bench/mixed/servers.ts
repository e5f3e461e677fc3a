import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, ROOT } from '../../api/test/support/serverProcess';

export const BENCH_ADMIN_PASSWORD = 'bench admin password';
export type ServerProcess = { child: ChildProcess; port: number; pid: number; exited: Promise<unknown> };

/** The real server in a process of its own, as bench/run.ts starts it; resolves once /api/health answers. */
export async function startServer(databaseUrl: string, timeoutMs = 60_000, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  // BENCH_PORT: a fixed port (a shared machine's own range), else any free one.
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the servers.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, 'api/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      // The same secret on every process: a session cookie works on either.
      SESSION_SECRET: 'bench-secret-bench-secret',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      // Nothing listens there: VIN decoding falls back to the bundled decoder at once.
      VPIC_URL: 'http://127.0.0.1:9/api',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const server = { child, port, pid: child.pid!, exited };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stopServer(server);
  throw new Error(`server did not answer within ${timeoutMs} ms`);
}

export async function stopServer(server: ServerProcess) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const killed = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await server.exited;
  clearTimeout(killed);
}

/**
 * CPU seconds a process has used so far, all its threads (the reader threads, zlib's pool)
 * included, from Linux /proc (user and system time, in clock ticks of 1/100 s), or NaN elsewhere.
 */
export function cpuSeconds(pid: number): number {
  return withWorkers(pid).reduce((sum, each) => sum + ticksOf(`/proc/${each}/stat`), 0);
}

/** The database server's process (mariadbd or mysqld) on this machine, if any. */
export function databasePid(): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (comm === 'mariadbd' || comm === 'mysqld') return Number(entry);
    } catch {
      // gone
    }
  }
  return undefined;
}

/**
 * CPU seconds of each main thread of a server (a JavaScript event loop), the server's process
 * first, then its workers': near one second a second, a loop is the bottleneck however idle the
 * other core is. With API_PROCESSES above 1 the server's own process only hands out connections.
 */
export function mainThreadCpuSeconds(pid: number): number[] {
  return withWorkers(pid).map((each) => ticksOf(`/proc/${each}/task/${each}/stat`));
}

/**
 * The process and the Node processes it started (node:cluster's workers): a cluster's CPU is
 * theirs. Not tsx's esbuild service, which the server's `--import tsx` starts and which idles at
 * a few milliseconds a second of its own. Linux lists a thread's children in
 * /proc/<pid>/task/<tid>/children; elsewhere, the process alone.
 */
function withWorkers(pid: number): number[] {
  const workers: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (!listed) continue;
      for (const child of listed.split(' ').map(Number)) {
        if (readFileSync(`/proc/${child}/comm`, 'utf8').trim() === 'node') workers.push(child);
      }
    }
  } catch {
    // Not Linux, or the process ended: the process alone.
  }
  return [pid, ...workers];
}

function ticksOf(statFile: string): number {
  try {
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const fields = readFileSync(statFile, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Resident memory of a process in MB (Linux /proc), or NaN elsewhere. */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Samples each server's RSS every 250 ms: the peak over the run, and the last sample. */
export function sampleMemory(servers: ServerProcess[]) {
  const peak = servers.map(() => 0);
  const last = servers.map(() => NaN);
  const sample = () =>
    servers.forEach((s, i) => {
      const mb = rssMb(s.pid);
      if (!Number.isNaN(mb)) {
        last[i] = mb;
        peak[i] = Math.max(peak[i], mb);
      }
    });
  sample();
  const timer = setInterval(sample, 250);
  return {
    stop() {
      sample();
      clearInterval(timer);
      return servers.map((s, i) => ({ pid: s.pid, port: s.port, peakMb: peak[i], endMb: last[i] }));
    },
  };
}
