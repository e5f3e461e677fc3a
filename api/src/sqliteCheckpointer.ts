import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker moves committed pages from the write-ahead log into the database file. */
const CHECKPOINT_EVERY_MS = 200;

/*
 * The worker is a few lines of plain JavaScript, evaluated as they are: it starts in milliseconds,
 * with no TypeScript loader, in the server, in tests and in the command-line tools alike.
 * PASSIVE never waits for, nor blocks, the app's readers and writer.
 */
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename);
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or not yet in WAL mode: the next turn tries again.
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/** Stops the worker after a last checkpoint. */
export type Checkpointer = { stop(): Promise<void> };

/**
 * SQLite checkpoints the write-ahead log inside the commit that makes it pass 1,000 pages, on the
 * thread that commits. For the app that is the event loop: committing a 12 MP photo and its copies
 * (about 15 MB) then copied them into the database file and synced it, stalling every request for
 * 40 ms or more. The app's connections turn automatic checkpoints off and this worker thread, with
 * its own connection, does them instead. Should the worker fail, onFailure gives the checkpoints
 * back to the app's connections, so the log never grows without end.
 */
export function startCheckpointer(filename: string, onFailure: (error: Error) => void): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { filename, driver, everyMs: CHECKPOINT_EVERY_MS } });
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
