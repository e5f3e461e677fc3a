import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isRunning } from '../../api/src/services/processRunning';

/**
 * The port a test or benchmark server listens on: 0 (any free one, the default), or, when
 * TEST_PORT_RANGE is set (`4300-4399`, on a machine shared by several checkouts that were each
 * given a range), the first port of that range free on 127.0.0.1, never one already taken.
 *
 * A run's processes (vitest's workers, its global setups, the servers they start) share the range:
 * each port is claimed by one process (a file under the temporary directory naming its pid) before
 * it is probed, so two workers never pick the same free port and start two servers on it. A claim
 * lasts as long as the process that made it runs; then another process may take it over.
 */
let nextInRange: number | null = null;

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

const CLAIMS = path.join(tmpdir(), 'test-port-claims');

/** Claims `port` for this process; false when a running process (this one included) holds it. */
function claim(port: number): boolean {
  mkdirSync(CLAIMS, { recursive: true });
  const file = path.join(CLAIMS, String(port));
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // No pid yet: its process is writing it.
  if (!heldByEnded(file)) return false;
  // A claim of a process that has ended: taken over under a lock (a folder, made atomically), its
  // owner read again inside it, so that two processes never both take over the same claim.
  const lock = `${file}.takeover`;
  try {
    mkdirSync(lock);
  } catch {
    return false;
  }
  try {
    if (!heldByEnded(file)) return false;
    writeFileSync(file, String(process.pid));
    return true;
  } finally {
    rmdirSync(lock);
  }
}

/** Whether the claim in `file` names a process that has ended (not one writing it, nor a running one). */
function heldByEnded(file: string): boolean {
  try {
    const owner = Number(readFileSync(file, 'utf8').trim());
    return owner > 0 && !isRunning(owner);
  } catch {
    return false;
  }
}

export async function portToListenOn(): Promise<number> {
  const range = process.env.TEST_PORT_RANGE?.match(/^(\d+)-(\d+)$/);
  if (!range) return 0;
  const [first, last] = [Number(range[1]), Number(range[2])];
  for (let port = nextInRange ?? first; port <= last; port++) {
    if (claim(port) && (await isFree(port))) {
      nextInRange = port + 1;
      return port;
    }
  }
  throw new Error(`No free port left in TEST_PORT_RANGE ${process.env.TEST_PORT_RANGE}`);
}
