import Database from 'better-sqlite3';
import { KeptStatements } from './keptStatements';

/** SQLite's answer when it cannot read now (a recovery or a checkpoint holds a lock a reader needs). */
const isBusy = (error: unknown) => /^SQLITE_BUSY/.test((error as { code?: string } | null)?.code ?? '');

/**
 * A read-only connection on the event loop, for short reads while a transaction holds the writer
 * connection: outside a transaction each of its statements reads the last commit (WAL), as a
 * reader thread would, without the trip there and back (two messages, the rows copied, a turn of
 * the event loop). It never waits: busy, or unable to open, it answers undefined and the read goes
 * to a reader thread.
 */
export class LoopReader {
  private statements?: KeptStatements;
  private unusable = false;

  constructor(
    private readonly filename: string,
    private readonly pragmas: readonly string[],
  ) {}

  /** The rows (as arrays, or objects), or undefined: read it elsewhere. */
  read(sql: string, params: readonly unknown[], arrays: boolean, safeIntegers: boolean): unknown[] | undefined {
    const statements = this.open();
    if (!statements) return undefined;
    try {
      return statements.get(sql, arrays).safeIntegers(safeIntegers).all(...params);
    } catch (error) {
      if (isBusy(error)) return undefined;
      throw error;
    }
  }

  close() {
    if (this.statements?.connection.open) this.statements.connection.close();
    this.statements = undefined;
    this.unusable = true;
  }

  private open(): KeptStatements | undefined {
    if (this.statements || this.unusable) return this.statements;
    try {
      const connection = new Database(this.filename, { readonly: true, fileMustExist: true });
      for (const pragma of this.pragmas) connection.pragma(pragma);
      // Never a wait on the event loop: a busy file sends the read to a reader thread instead.
      connection.pragma('busy_timeout = 0');
      this.statements = new KeptStatements(connection);
    } catch {
      // The reader threads open the same file and report what is wrong with it.
      this.unusable = true;
    }
    return this.statements;
  }
}
