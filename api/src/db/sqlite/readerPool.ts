import Database from 'better-sqlite3';
import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from '../workerThread';
import type { ErrorShape, ReaderReply, ReaderRequest, ReaderWorkerData } from './readerWorker';

export type ReaderPoolOptions = {
  filename: string;
  /** How many reader threads at most. */
  size: number;
  /** PRAGMA statements each reader connection runs once opened. */
  pragmas: string[];
  /** How long a query may wait for a free reader before it fails (SQLITE_BUSY, a 503). */
  waitTimeoutMs: number;
};

type Job = {
  sql: string;
  params: unknown[];
  safeIntegers?: boolean;
  resolve: (answer: ReaderAnswer) => void;
  reject: (error: Error) => void;
  /** Runs started: a read whose reader stopped under it is run once more on another. */
  runs: number;
  timer?: NodeJS.Timeout;
};

/** A reader's rows, how long SQLite took on it (ms), and how many bytes of text and BLOB they hold. */
export type ReaderAnswer = { rows: unknown[]; ms: number; bytes: number };

type Reader = { worker: Worker; ready: boolean; job?: Job; jobId: number; stopping: boolean };


/** A query runs at most this often: once, and once more if its reader stopped under it. */
const RUNS_PER_QUERY = 2;

/**
 * The error a query gets from a reader: better-sqlite3's own SqliteError when SQLite raised it,
 * so its code (SQLITE_BUSY, ...) maps to the same answer as on the main thread.
 */
function errorFrom(shape: ErrorShape): Error {
  if (shape.code) return new Database.SqliteError(shape.message, shape.code);
  const error = new Error(shape.message);
  if (shape.name) error.name = shape.name;
  return error;
}

/** A reader that cannot serve: SQLITE_BUSY, which the app answers with 503 (try again). */
const busy = (message: string) => new Database.SqliteError(message, 'SQLITE_BUSY');

/** Moved BLOBs arrive as plain Uint8Arrays: the same memory, as the Buffers knex's callers expect. */
function withBuffers(rows: Record<string, unknown>[]) {
  for (const row of rows) {
    for (const key in row) {
      const value = row[key];
      if (value instanceof Uint8Array && !Buffer.isBuffer(value)) row[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
  return rows;
}

/**
 * Threads that each hold a read-only connection to the SQLite file and run SELECTs there, so a
 * slow read (a substring search over every vehicle, a file chunk) never holds the event loop.
 * Queries wait in one queue and go to whichever reader is free, so a slow one occupies one
 * reader and the others keep serving. A reader that stops (a crash, an exit) is replaced; the
 * query it was running is run once more on another, and fails cleanly the second time.
 */
export class ReaderPool {
  private readonly readers = new Set<Reader>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Why the last reader could not open its connection, while none is serving. */
  private openFailure?: Error;

  constructor(private readonly options: ReaderPoolOptions) {}

  /** The rows of a read-only statement, run on a reader thread; params as better-sqlite3's statement.all takes them. */
  run(sql: string, params: unknown[], safeIntegers?: boolean): Promise<ReaderAnswer> {
    if (this.closed) return Promise.reject(new Error('The database readers are closed'));
    return new Promise((resolve, reject) => {
      this.enqueue({ sql, params, safeIntegers, resolve, reject, runs: 0 });
      this.dispatch();
    });
  }

  /** Waits for the readers to close their connections; queries still waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.fail(job, new Error('The database readers are closed'));
    await Promise.all(
      [...this.readers].map((reader) => {
        reader.stopping = true;
        reader.worker.ref();
        const exited = new Promise<void>((resolve) => reader.worker.once('exit', () => resolve()));
        reader.worker.postMessage('close');
        return exited;
      }),
    );
  }

  /** The reader threads now running (tests stop one to check that the pool recovers). */
  threads(): { worker: Worker; busy: boolean }[] {
    return [...this.readers].filter((r) => !r.stopping).map((r) => ({ worker: r.worker, busy: r.job !== undefined }));
  }

  private enqueue(job: Job, first = false) {
    if (first) this.queue.unshift(job);
    else this.queue.push(job);
    job.timer = setTimeout(() => {
      const at = this.queue.indexOf(job);
      if (at < 0) return;
      this.queue.splice(at, 1);
      this.fail(job, busy(`No database reader was free within ${this.options.waitTimeoutMs} ms`));
    }, this.options.waitTimeoutMs);
  }

  private fail(job: Job, error: Error) {
    clearTimeout(job.timer);
    job.reject(error);
  }

  /** Gives waiting queries to free readers, starting readers while there are fewer than asked for. */
  private dispatch() {
    while (this.queue.length) {
      const free = [...this.readers].find((r) => r.ready && !r.job && !r.stopping);
      if (!free) break;
      const job = this.queue.shift()!;
      clearTimeout(job.timer);
      job.runs++;
      free.job = job;
      free.jobId = this.nextId++;
      // A thread with work keeps the process alive until the answer is in; an idle one does not.
      free.worker.ref();
      const request: ReaderRequest = { id: free.jobId, sql: job.sql, params: job.params, safeIntegers: job.safeIntegers };
      free.worker.postMessage(request);
    }
    let starting = [...this.readers].filter((r) => !r.ready).length;
    while (this.readers.size < this.options.size && this.queue.length > starting) {
      this.start();
      starting++;
    }
  }

  private start() {
    const workerData: ReaderWorkerData = { filename: this.options.filename, pragmas: this.options.pragmas };
    const worker = startWorkerThread(import.meta.url, 'readerWorker', { workerData });
    worker.unref();
    const reader: Reader = { worker, ready: false, jobId: 0, stopping: false };
    this.readers.add(reader);
    worker.on('message', (message: ReaderReply) => this.onMessage(reader, message));
    // An uncaught error ends the thread; 'exit' follows and does the recovery.
    worker.on('error', () => {});
    worker.once('exit', (code) => this.onExit(reader, code));
  }

  private onMessage(reader: Reader, message: ReaderReply) {
    if (message === 'ready') {
      reader.ready = true;
      this.openFailure = undefined;
    } else if ('failed' in message) {
      this.openFailure = errorFrom(message.failed);
    } else if (reader.job && message.id === reader.jobId) {
      const job = reader.job;
      reader.job = undefined;
      reader.worker.unref();
      clearTimeout(job.timer);
      if ('error' in message) job.reject(errorFrom(message.error));
      else job.resolve({ rows: message.blobs ? withBuffers(message.rows) : message.rows, ms: message.ms, bytes: message.bytes });
    }
    this.dispatch();
  }

  private onExit(reader: Reader, code: number) {
    this.readers.delete(reader);
    const job = reader.job;
    reader.job = undefined;
    if (job) {
      if (this.closed) this.fail(job, new Error('The database readers are closed'));
      else if (job.runs < RUNS_PER_QUERY) this.enqueue(job, true);
      else this.fail(job, busy(`The database reader running this query stopped (exit code ${code}), twice`));
    }
    if (this.closed) return;
    if (!reader.ready) {
      // It could not open the database: the queries waiting learn why, unless a reader serves.
      if (![...this.readers].some((r) => r.ready)) {
        const error = this.openFailure ?? busy(`A database reader could not start (exit code ${code})`);
        for (const waiting of this.queue.splice(0)) this.fail(waiting, error);
      }
      return;
    }
    process.emitWarning(`A SQLite reader thread stopped (exit code ${code}); another takes its place`);
    // A replacement starts now, so the pool is whole again before the next query needs it.
    this.start();
    this.dispatch();
  }
}
