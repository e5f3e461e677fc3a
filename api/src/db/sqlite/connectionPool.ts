import Database from 'better-sqlite3';
import knex from 'knex';
import { KeptStatements } from './keptStatements';
import type { LoopReader } from './loopReader';
import type { ReaderPool } from './readerPool';

type Connection = Database.Database;
type Waiter = { lease: Lease; resolve: () => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

export type SqliteConnectionsOptions = {
  filename: string;
  /** Settings of the writer connection (PRAGMAs), run once it is open. */
  setupWriter: (writer: Connection) => void;
  /** Where plain reads run; null runs everything on the writer connection. */
  readers: ReaderPool | null;
  /** Where a short plain read runs while a transaction holds the writer (null: on a reader). */
  loopReader: LoopReader | null;
  /** How long a lease waits for the writer connection (held by a write or a transaction). */
  writerWaitMs: number;
  /** A plain read known to take less (and to answer little) runs on the event loop, where it costs less than the trip to a reader. */
  shortReadMs: number;
};

/**
 * Statements that must run on the writer connection although they only read: PRAGMAs read and
 * set that connection's own settings, and these functions report its own last statement.
 */
const WRITER_ONLY = /^\s*pragma\b|\b(last_insert_rowid|changes|total_changes)\s*\(/i;

/**
 * What a SQL text is: whether it answers rows, whether it is a plain read a reader may run, and
 * for a plain read what it cost lately: SQLite's time (a moving average, ms) and the bytes of
 * text and BLOB of its last answer.
 */
type Kind = { reader: boolean; plainRead: boolean; ms?: number; bytes: number };
/** Kinds remembered, by SQL text (knex sends the same few texts again and again). */
const KINDS_KEPT = 500;
/** An answer this large (a file chunk is 1 MiB) is read on a reader, however fast SQLite finds it. */
const BULKY_BYTES = 64 * 1024;
/** How much the last run moves the average: a slow run sends the next ones to a reader at once. */
const LATEST_WEIGHT = 0.3;

/** The bytes of text and BLOB in rows read on the event loop. */
function bytesOf(rows: unknown[]): number {
  let bytes = 0;
  for (const row of rows as Record<string, unknown>[]) {
    for (const key in row) {
      const value = row[key];
      if (typeof value === 'string') bytes += value.length;
      else if (value instanceof Uint8Array) bytes += value.byteLength;
    }
  }
  return bytes;
}

/**
 * The connections of the embedded database, as knex's better-sqlite3 dialect sees them, given
 * to knex through its public `connectionPool` option. knex takes a connection from this pool for
 * each query, or for a whole transaction, and gives it back after; here each is a lease of the
 * one writer connection, which one lease at a time holds: a lease takes it at once when it is
 * free, and otherwise only when a statement needs it (in the order they asked), so reads never
 * queue behind a transaction. A lease has better-sqlite3's own surface (prepare, then the
 * statement's reader flag, all, run), and knex awaits what all and run answer, so the lease
 * decides where a statement runs:
 *
 * - a plain read (a SELECT that is the lease's first statement, or follows only other reads)
 *   gives the writer back if it held it and runs on a reader thread (ReaderPool) at once, even
 *   while another lease's transaction is open: the event loop never runs it, and the next write
 *   need not wait for it. In WAL mode it sees every commit made before it starts, a write just
 *   acknowledged to the same request included. A read known to be short (under shortReadMs,
 *   answering little) runs on the writer connection instead, on the event loop as before,
 *   whenever no transaction is open on it: the trip to a reader and back costs more than such a
 *   read, and on two cores the mixed load lost a quarter of its throughput when every read made
 *   it. What each SQL text costs is learnt as it runs, so a search that scans every vehicle, or a
 *   file chunk, always goes to a reader;
 * - everything else (writes, DDL, PRAGMAs, BEGIN, and every statement after them in the same
 *   lease) runs on the writer, synchronously as before: a transaction's reads see its writes.
 *
 * knex still builds every statement and shapes every answer (first, pluck, count, returning).
 * Code that uses a connection as better-sqlite3's Database directly (rate-limiter-flexible's
 * SQLite store: prepare().run().changes, transaction()) takes it with acquireWriter, which answers
 * once the lease holds the writer (directWriterClient.ts).
 */
export class SqliteConnections {
  private writer?: Connection;
  private holder?: Lease;
  private readonly waiting: Waiter[] = [];
  private lent = 0;
  private closed = false;
  private readonly kinds = new Map<string, Kind>();
  /** The writer's prepared statements (a reopened writer prepares afresh). */
  private statements?: KeptStatements;
  /** How many statements ran where (tests check the routing with it). */
  readonly counts = { onReaders: 0, onWriter: 0, onLoopReader: 0 };

  constructor(private readonly options: SqliteConnectionsOptions) {}

  // knex's external-pool interface, the shape of a tarn pool.

  acquire(): { promise: Promise<Lease> } {
    const lease = async () => {
      if (this.closed) throw new Error('The database is closed');
      // Opened on first use, as knex's own pool does: the file and its WAL mode exist before any reader opens it.
      this.openWriter();
      const lease = new Lease(this);
      // The writer when it is free, for the statement that follows at once; otherwise nothing
      // yet: a plain read then runs on a reader without waiting, and a write waits for its turn
      // (onWriter). Reads never queue behind a transaction.
      if (!this.holder && this.waiting.length === 0) this.holder = lease;
      else lease.state = 'none';
      this.lent++;
      return lease;
    };
    return { promise: lease() };
  }

  /**
   * A lease that holds the writer when it is answered (after the leases that asked before it; a
   * KnexTimeoutError past writerWaitMs): for code that uses the connection as better-sqlite3's
   * Database and reads a write's result at once (directWriterClient.ts), which a lease that
   * waits for the writer statement by statement would answer with a promise.
   */
  async acquireWriter(): Promise<Lease> {
    const lease = await this.acquire().promise;
    const wait = this.takeWriter(lease, () => new knex.KnexTimeoutError(`Knex: Timeout acquiring a connection: the SQLite writer was busy for ${this.writerWaitMs} ms`));
    try {
      await wait;
    } catch (error) {
      this.release(lease);
      throw error;
    }
    lease.state = 'lent';
    return lease;
  }

  release(lease: Lease): boolean {
    lease.end();
    this.lent--;
    return true;
  }

  /** knex calls this only for pools it owns; closeDb closes this one with close(). */
  async destroy(): Promise<void> {
    await this.close();
  }

  numUsed() {
    return this.lent;
  }
  numFree() {
    return this.holder ? 0 : 1;
  }
  numPendingAcquires() {
    return this.waiting.length;
  }

  // Our own.

  get writerWaitMs(): number {
    return this.options.writerWaitMs;
  }

  get readers(): ReaderPool | null {
    return this.options.readers;
  }

  /** Runs fn on the writer connection if it is open (a change of its settings). */
  withWriter(fn: (writer: Connection) => void) {
    if (this.writer?.open) fn(this.writer);
  }

  /** Closes the readers, then the writer: the last connection to close checkpoints the log. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error('The database is closed'));
    }
    await this.options.readers?.close();
    this.options.loopReader?.close();
    if (this.writer?.open) this.writer.close();
  }

  writerConnection(): Connection {
    return this.openWriter();
  }

  /**
   * What sql is, told by preparing it on the writer the first time (which also checks it, and
   * throws as knex expects), then remembered: a plain read seen before is not prepared on the
   * event loop at all. The statement is answered when it was prepared now.
   */
  kindOf(sql: string): { kind: Kind; statement?: Database.Statement } {
    const known = this.kinds.get(sql);
    if (known) {
      this.kinds.delete(sql);
      this.kinds.set(sql, known);
      return { kind: known };
    }
    const statement = this.writerStatement(sql);
    const kind: Kind = { reader: statement.reader, plainRead: this.options.readers !== null && statement.reader && statement.readonly && !WRITER_ONLY.test(sql), bytes: 0 };
    this.kinds.set(sql, kind);
    if (this.kinds.size > KINDS_KEPT) this.kinds.delete(this.kinds.keys().next().value!);
    return { kind, statement };
  }

  /** The writer's prepared statement for sql (KeptStatements), answering rows as arrays or objects. */
  writerStatement(sql: string, arrays = false): Database.Statement {
    const writer = this.openWriter();
    if (this.statements?.connection !== writer) this.statements = new KeptStatements(writer);
    return this.statements.get(sql, arrays);
  }

  /**
   * Whether a plain read is short enough for the event loop: it ran before (a SQL text never seen
   * goes to a reader), SQLite took less than shortReadMs on average, and it answered little.
   */
  isShort(kind: Kind): boolean {
    return kind.ms !== undefined && kind.ms < this.options.shortReadMs && kind.bytes < BULKY_BYTES;
  }

  /**
   * A plain read of a constant SQL text run at once, without knex, where knex's way would run it
   * on the event loop too: it is known to be short (isShort); on the writer connection when no
   * transaction is open there, else on the loop's read-only connection (readOnLoopReader). Its
   * rows, or undefined when it must go knex's way (a reader thread). The statement is a kept one
   * (KeptStatements): prepared once per text, so a
   * hot read (a session, a page's rows) costs its SQLite time and little more; through knex a
   * query also costs its builder, a lease and the answer's processing (tens of microseconds).
   * `arrays`: each row an array of its values in the SELECT's order (selectArrays).
   */
  readNow(sql: string, params: readonly unknown[], arrays = false): unknown[] | undefined {
    if (this.closed) return undefined;
    const { kind } = this.kindOf(sql);
    if (!kind.plainRead || !this.isShort(kind)) return undefined;
    if (!this.writerIdle()) return this.readOnLoopReader(kind, sql, params, arrays, false);
    this.counts.onWriter++;
    const statement = this.writerStatement(sql, arrays).safeIntegers(false);
    const started = performance.now();
    const rows = statement.all(params);
    this.learn(kind, performance.now() - started, bytesOf(rows));
    return rows;
  }

  /**
   * A short plain read while a transaction holds the writer, on the event loop's own read-only
   * connection (LoopReader): it reads the last commit, as a reader thread would, at a fraction of
   * the trip's cost. Undefined when that connection cannot read now: a reader thread then does.
   */
  readOnLoopReader(kind: Kind, sql: string, params: readonly unknown[], arrays: boolean, safeIntegers: boolean): unknown[] | undefined {
    if (!this.options.loopReader) return undefined;
    const started = performance.now();
    const rows = this.options.loopReader.read(sql, params, arrays, safeIntegers);
    if (!rows) return undefined;
    this.counts.onLoopReader++;
    this.learn(kind, performance.now() - started, bytesOf(rows));
    return rows;
  }

  /** Remembers what a plain read just cost, wherever it ran. */
  learn(kind: Kind, ms: number, bytes: number) {
    kind.ms = kind.ms === undefined ? ms : kind.ms * (1 - LATEST_WEIGHT) + ms * LATEST_WEIGHT;
    kind.bytes = bytes;
  }

  /** Whether this lease holds the writer now. */
  holds(lease: Lease): boolean {
    return this.holder === lease;
  }

  /**
   * Whether a plain read may run on the writer connection now, whichever lease holds it: no
   * transaction is open on it (statements run synchronously, so none starts meanwhile).
   */
  writerIdle(): boolean {
    return !!this.writer?.open && !this.writer.inTransaction;
  }

  /**
   * Runs work (one statement, or a whole better-sqlite3 transaction) on the writer, which lease
   * holds. Another process may hold SQLite's write lock (API_PROCESSES): the writer does not wait
   * for it inside SQLite (busy_timeout 0, a wait that would hold the event loop) but tries again
   * on timers until writerWaitMs, then fails with SQLITE_BUSY (a 503). Only work that starts
   * outside a transaction is tried again: a statement refused there changed nothing, and a
   * better-sqlite3 transaction that fails is rolled back. Inside a transaction, BEGIN IMMEDIATE
   * took the lock already, so no statement meets it.
   */
  runWriting<T>(lease: Lease, work: () => T): T | Promise<T> {
    const writer = this.openWriter();
    if (writer.inTransaction) return work();
    try {
      return work();
    } catch (error) {
      if (!isBusy(error)) throw error;
      return this.retryBusy(lease, work);
    }
  }

  private async retryBusy<T>(lease: Lease, work: () => T): Promise<T> {
    const deadline = Date.now() + this.options.writerWaitMs;
    // Short pauses: the other process hands its lock from one transaction to its next at once, so
    // a waiter that looks seldom may miss every gap between them.
    for (let pause = 1; ; pause = Math.min(pause * 2, 4)) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      if (this.closed || !this.holds(lease)) throw new Database.SqliteError('The SQLite writer was given back while waiting for the write lock', 'SQLITE_BUSY');
      try {
        return work();
      } catch (error) {
        if (!isBusy(error) || Date.now() >= deadline) throw error;
      }
    }
  }

  /** The writer for this lease: undefined when it has it now, else a wait behind the leases before it (FIFO). */
  takeWriter(lease: Lease, late: () => Error): Promise<void> | undefined {
    if (this.holder === lease) return undefined;
    if (!this.holder) {
      this.holder = lease;
      return undefined;
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        lease,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(late());
        }, this.options.writerWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  giveBackWriter(lease: Lease) {
    if (this.holder !== lease) return;
    // A transaction knex could not end (a failed COMMIT and ROLLBACK) must not pass to the next lease.
    if (this.writer?.open && this.writer.inTransaction) {
      try {
        this.writer.exec('ROLLBACK');
      } catch {
        // Nothing more to undo.
      }
    }
    const next = this.waiting.shift();
    this.holder = next?.lease;
    if (next) {
      clearTimeout(next.timer);
      next.resolve();
    }
  }

  private openWriter(): Connection {
    if (this.writer?.open) return this.writer;
    if (this.closed) throw new Error('The database is closed');
    const writer = new Database(this.options.filename);
    try {
      this.options.setupWriter(writer);
    } catch (error) {
      writer.close();
      throw error;
    }
    this.writer = writer;
    return writer;
  }
}

/**
 * One connection as knex sees it, for one query or one transaction. It holds the writer from
 * the start when the writer was free (`lent`), else nothing (`none`); a plain read gives the
 * writer back (`none`) and runs on a reader; a statement on the writer takes it if need be and
 * keeps it to the end (`used`).
 */
export class Lease {
  state: 'lent' | 'none' | 'used' = 'lent';
  /** Released by knex (or the code that borrowed it) while a statement of it still waits or retries. */
  private ended = false;
  private pending = 0;

  constructor(private readonly pool: SqliteConnections) {}

  prepare(sql: string): LeaseStatement {
    return new LeaseStatement(this.pool, this, sql);
  }

  // better-sqlite3's Database, for code that uses the connection directly.

  transaction(fn: (...args: unknown[]) => unknown) {
    const run = this.pool.writerConnection().transaction(fn);
    // IMMEDIATE: the write lock at BEGIN, so another process's writer is met (and waited for) there.
    return (...args: unknown[]) => this.onWriter(() => run.immediate(...args));
  }

  exec(sql: string) {
    return this.onWriter(() => this.pool.writerConnection().exec(sql));
  }

  pragma(sql: string, options?: Database.PragmaOptions) {
    return this.onWriter(() => this.pool.writerConnection().pragma(sql, options));
  }

  /**
   * Runs work on the writer: at once while this lease holds it (so code using the connection
   * directly stays synchronous, as with better-sqlite3), else once it is this lease's (a
   * KnexTimeoutError past the deadline, a 503). A lease released meanwhile gives the writer
   * back once its work is done.
   */
  onWriter<T>(work: () => T): T | Promise<T> {
    if (this.pool.holds(this)) {
      this.state = 'used';
      this.pool.counts.onWriter++;
      return this.settled(this.pool.runWriting(this, work));
    }
    const wait = this.pool.takeWriter(this, () => new knex.KnexTimeoutError(`Knex: Timeout acquiring a connection: the SQLite writer was busy for ${this.pool.writerWaitMs} ms`));
    if (!wait) return this.onWriter(work);
    this.pending++;
    return this.settled(
      wait.then(
        () => {
          this.pending--;
          return this.onWriter(work);
        },
        (error: Error) => {
          this.pending--;
          throw error;
        },
      ),
    );
  }

  /** Keeps count of work that answers later, so the writer goes back only after it. */
  private settled<T>(result: T | Promise<T>): T | Promise<T> {
    if (!(result instanceof Promise)) {
      if (this.ended && this.pending === 0) this.pool.giveBackWriter(this);
      return result;
    }
    this.pending++;
    return result.finally(() => {
      this.pending--;
      if (this.ended && this.pending === 0) this.pool.giveBackWriter(this);
    });
  }

  /** Before a plain read: the writer goes back to the pool, unless a statement of this lease ran on it. */
  readsElsewhere(): boolean {
    if (this.state === 'used') return false;
    if (this.state === 'lent') this.pool.giveBackWriter(this);
    this.state = 'none';
    return true;
  }

  end() {
    this.ended = true;
    if (this.pending === 0) this.pool.giveBackWriter(this);
    this.state = 'none';
  }
}

/** SQLite's answer when another connection (another process) holds the lock. */
const isBusy = (error: unknown) => (error as { code?: string } | null)?.code === 'SQLITE_BUSY';

/** knex's BEGIN of a transaction, which the writer runs as BEGIN IMMEDIATE (see Lease.transaction). */
const KNEX_BEGIN = /^\s*begin\s*;?\s*$/i;

/** A prepared statement as knex's better-sqlite3 dialect uses one (reader, safeIntegers, all, run), and get for direct use. */
class LeaseStatement {
  /** Whether it answers rows (knex then calls all, else run). */
  readonly reader: boolean;
  private readonly kind: Kind;
  private prepared?: Database.Statement;
  private safe?: boolean;
  private readonly sql: string;

  constructor(
    private readonly pool: SqliteConnections,
    private readonly lease: Lease,
    sql: string,
  ) {
    this.sql = KNEX_BEGIN.test(sql) ? 'BEGIN IMMEDIATE' : sql;
    const kind = pool.kindOf(this.sql);
    this.kind = kind.kind;
    this.reader = kind.kind.reader;
    this.prepared = kind.statement;
  }

  safeIntegers(flag = true) {
    this.safe = flag;
    return this;
  }

  all(...params: unknown[]) {
    const { kind, pool } = this;
    if (kind.plainRead && pool.isShort(kind) && pool.writerIdle()) {
      // Here, on the writer, synchronously as before the readers: no transaction is open on it,
      // whichever lease holds it, so the read sees only commits, and it runs to its end before
      // any other statement can.
      pool.counts.onWriter++;
      const started = performance.now();
      const rows = this.writerStatement().all(...params);
      pool.learn(kind, performance.now() - started, bytesOf(rows));
      return rows;
    }
    if (kind.plainRead && this.lease.readsElsewhere()) {
      // A transaction (another lease's) holds the writer: a short read still runs here, on the
      // event loop's read-only connection, which sees the last commit as a reader would.
      const rows = pool.isShort(kind) ? pool.readOnLoopReader(kind, this.sql, params, false, this.safe ?? false) : undefined;
      if (rows) return rows;
      pool.counts.onReaders++;
      return pool.readers!.run(this.sql, params, this.safe).then(({ rows, ms, bytes }) => {
        pool.learn(kind, ms, bytes);
        return rows;
      });
    }
    return this.lease.onWriter(() => this.writerStatement().all(...params));
  }

  run(...params: unknown[]) {
    return this.lease.onWriter(() => this.writerStatement().run(...params));
  }

  get(...params: unknown[]) {
    return this.lease.onWriter(() => this.writerStatement().get(...params));
  }

  /** The statement on the writer connection, prepared there if it was not yet. */
  private writerStatement(): Database.Statement {
    this.prepared ??= this.pool.writerStatement(this.sql);
    // A kept statement carries the setting of its last use.
    this.prepared.safeIntegers(this.safe ?? false);
    return this.prepared;
  }
}
