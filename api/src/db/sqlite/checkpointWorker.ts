/*
 * The checkpoint worker thread (checkpointer.ts starts it): its own connection to the SQLite
 * file, a PASSIVE checkpoint every `everyMs`, which never waits for, nor blocks, the app's
 * readers and writer; any message stops it after a last checkpoint.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

export type CheckpointWorkerData = { filename: string; everyMs: number };

const { filename, everyMs } = workerData as CheckpointWorkerData;
const port = parentPort!;
const db = new Database(filename);
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or not yet in WAL mode: the next turn tries again.
  }
};
const timer = setInterval(checkpoint, everyMs);
port.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  port.close();
});
