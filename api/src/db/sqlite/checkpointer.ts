import { startWorkerThread } from '../workerThread';
import type { CheckpointWorkerData } from './checkpointWorker';

/** How often the worker moves committed pages from the write-ahead log into the database file. */
const CHECKPOINT_EVERY_MS = 200;

/** Stops the worker after a last checkpoint. */
export type Checkpointer = { stop(): Promise<void> };

/**
 * SQLite checkpoints the write-ahead log inside the commit that makes it pass 1,000 pages, on the
 * thread that commits. For the app that is the event loop: committing a 12 MP photo and its copies
 * (about 15 MB) then copied them into the database file and synced it, stalling every request for
 * 40 ms or more. The app's connections turn automatic checkpoints off and this worker thread, with
 * its own connection (checkpointWorker.ts), does them instead. Should the worker fail, onFailure gives the checkpoints
 * back to the app's connections, so the log never grows without end.
 */
export function startCheckpointer(filename: string, onFailure: (error: Error) => void): Checkpointer {
  const workerData: CheckpointWorkerData = { filename, everyMs: CHECKPOINT_EVERY_MS };
  const worker = startWorkerThread(import.meta.url, 'checkpointWorker', { workerData });
  // It never keeps a process alive on its own, except while it stops (see stop).
  worker.unref();
  let stopping = false;
  let failed = false;
  const fail = (error: Error) => {
    if (failed) return;
    failed = true;
    onFailure(error);
  };
  worker.on('error', fail);
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      if (!stopping) fail(new Error(`The SQLite checkpoint worker stopped (exit code ${code})`));
      resolve();
    }),
  );
  return {
    async stop() {
      stopping = true;
      // Held until it has exited: a shutting-down process has nothing else left to wait for.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
