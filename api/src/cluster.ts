import cluster, { type Worker } from 'node:cluster';

/** A worker that stops this soon after it started listening is not started again (it would fail again). */
const HEALTHY_AFTER_MS = 10_000;

/**
 * The primary process with API_PROCESSES above 1 (server.ts): it has done the start-up work, then
 * runs `count` workers of this same program, which share the port through node:cluster (the
 * primary accepts connections and hands them to the workers in turn), and serves nothing itself.
 *
 * - `onListening` runs once every worker listens (with the port), to print the addresses once.
 * - A worker that fails before listening (a port in use) stops the others: the start fails, with
 *   the worker's own message on standard error, and this process exits 1.
 * - A worker that ends later, unasked, is replaced, so one crash costs its requests in flight and
 *   not a core; one that ends again within HEALTHY_AFTER_MS of its start stops everything (exit 1),
 *   for the service manager to restart or report.
 * - SIGTERM or SIGINT is passed to every worker, which stops cleanly as a single process does
 *   (answers what it has, gracefulStop.ts); this process exits once they all have, 0 if they all did.
 */
export function runWorkers(count: number, onListening: (port: number) => void): Promise<never> {
  return new Promise<never>(() => {
    let stopping = false;
    let failed = false;
    let announced = false;
    const listening = new Set<Worker>();
    const startedAt = new Map<Worker, number>();

    const stopAll = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      exitWhenDone();
    };
    const exitWhenDone = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
    };
    const fork = () => startedAt.set(cluster.fork(), Date.now());

    cluster.on('listening', (worker, address) => {
      listening.add(worker);
      if (!announced && listening.size === count) {
        announced = true;
        onListening(address.port);
      }
    });
    cluster.on('exit', (worker, code, signal) => {
      const wasListening = listening.delete(worker);
      const ranFor = Date.now() - (startedAt.get(worker) ?? 0);
      startedAt.delete(worker);
      if (stopping) {
        if (code !== 0) failed = true;
        exitWhenDone();
        return;
      }
      if (!wasListening || ranFor < HEALTHY_AFTER_MS) {
        // Its own "Failed to start: ..." is on standard error already.
        failed = true;
        if (wasListening) process.stderr.write(`An API process stopped (${signal ?? `exit code ${code}`}) ${Math.round(ranFor / 1000)} s after it started: stopping\n`);
        stopAll('SIGTERM');
        return;
      }
      process.stderr.write(`An API process stopped (${signal ?? `exit code ${code}`}): starting another\n`);
      fork();
    });
    process.on('SIGTERM', () => stopAll('SIGTERM'));
    process.on('SIGINT', () => stopAll('SIGINT'));
    for (let i = 0; i < count; i++) fork();
  });
}
