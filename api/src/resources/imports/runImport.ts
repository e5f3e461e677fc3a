import type { Knex } from 'knex';
import { DomainError } from '../../domain/errors';
import type { SheetLanguage } from '../../domain/sheetColumns';
import { withWriterCache } from '../../db';
import { isContentionVictim, writeTransaction } from '../writeTransaction';
import { importMessage } from './messages';
import { pacer, yieldToOthers } from '../pace';

/**
 * One import, all or nothing: every row of the file goes through its resource's operations
 * (createVehicle, updateVehicle, …) inside one writeTransaction. Rows go in chunks, each in a
 * savepoint, through the operations' batch form where the resource has one (createVehicles);
 * a chunk with any problem is undone and its rows run again one by one, each in a savepoint of
 * its own, so a row that fails leaves nothing half-written and the rows after it are still
 * checked: the answer lists every row's error at once. A dry run, or a file with any error,
 * rolls the whole transaction back; only a file without errors is committed.
 */
export type ImportIssue = { line: number; column: string | null; code: string; message: string };
export type RowOutcome = 'created' | 'updated' | 'unchanged';
export type ImportSummary = {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportIssue[];
  warnings: ImportIssue[];
  /** Whether the rows were written (a run without dryRun and without errors). */
  applied: boolean;
};

/** A row's problem, named by its column key (the file's heading is put in the answer). */
export class RowProblem extends Error {
  constructor(
    public readonly field: string | null,
    public readonly code: string,
    public readonly params: Record<string, string | number> = {},
  ) {
    super(code);
  }
}

/**
 * An operation's refusal, said as a row problem of the column it is about: `fieldColumns` names
 * the column of an id field (buyerId: buyer), and a duplicate is the key column's `taken` code.
 */
export function explainRefusal(error: DomainError, fieldColumns: Record<string, string>, key: { column: string; takenCode: string }): RowProblem {
  const field = Object.keys(error.errors ?? {})[0];
  const column = field ? (fieldColumns[field] ?? field) : null;
  if (error.code === 'conflict.duplicate') return new RowProblem(key.column, key.takenCode);
  if (error.kind === 'forbidden') return new RowProblem(column, 'row.forbidden');
  return new RowProblem(column, 'row.refused', { detail: error.message });
}

/** What a row's step tells the runner besides its outcome. */
export type RowReport = { warn(field: string | null, code: string, params?: Record<string, string | number>): void };

export type ImportPlan<Row> = {
  rows: Row[];
  lineOf: (row: Row) => number;
  /** The file's heading of a column key (what the user sees), or the key itself. */
  headingOf: (field: string | null) => string | null;
  /** Problems found before any write (a VIN twice in the file, an unknown column). */
  early?: { errors: RowProblemAt[]; warnings: RowProblemAt[] };
  /**
   * The steps of a run, made at the start of each run of the transaction, so what they keep
   * across rows (names looked up) is anew. `row`: one row through the operations, in its own
   * savepoint. `chunk` (optional): several rows through the same operations in their batch form
   * (createVehicles for createVehicle), in one savepoint; it throws at any row's problem, and the
   * runner then undoes the chunk and runs its rows one by one to tell each row's problem.
   */
  prepare: () => { row: RowStep<Row>; chunk?: ChunkStep<Row> };
  /** Turns an operation's refusal into a row problem (its field, its code). */
  explain: (error: DomainError) => RowProblem;
};
export type RowProblemAt = { line: number; problem: RowProblem };
export type RowStep<Row> = (trx: Knex.Transaction, row: Row, report: RowReport) => Promise<RowOutcome>;
/** Answers each row's outcome, in order; `yieldToOthers` between its bounded pieces of work. */
export type ChunkStep<Row> = (trx: Knex.Transaction, rows: Row[], reports: RowReport[], yieldToOthers: () => Promise<void>) => Promise<RowOutcome[]>;

/**
 * Rows a chunk step takes at once: its few statements (a multi-row insert, the search index of
 * its vehicles) each stay well under the 50 ms the event loop may be held.
 */
const CHUNK_ROWS = 100;

/**
 * The SQLite writer's page cache while an import runs (KiB; 2,000 otherwise, connection.ts): the
 * import's changed pages beyond it go to the log between steps, and the COMMIT, which writes the
 * rest at once on the event loop, has at most this much left to write.
 */
const IMPORT_CACHE_KIB = 512;

/** Thrown to roll the transaction back once every row was tried (a dry run, or errors). */
class RolledBack extends Error {
  constructor(public readonly summary: ImportSummary) {
    super('rolled back');
  }
}

export async function runImport<Row>(db: Knex, plan: ImportPlan<Row>, options: { dryRun: boolean; language: SheetLanguage }): Promise<ImportSummary> {
  const issue = (line: number, problem: RowProblem): ImportIssue => {
    const column = plan.headingOf(problem.field);
    return { line, column, code: problem.code, message: importMessage(options.language, problem.code, { column: column ?? '', ...problem.params }) };
  };
  try {
    return await writeTransaction(db, (trx) => withWriterCache(trx, IMPORT_CACHE_KIB, async () => {
      const summary: ImportSummary = { rows: plan.rows.length, created: 0, updated: 0, unchanged: 0, errors: [], warnings: [], applied: false };
      for (const { line, problem } of plan.early?.errors ?? []) summary.errors.push(issue(line, problem));
      for (const { line, problem } of plan.early?.warnings ?? []) summary.warnings.push(issue(line, problem));
      const failedEarly = new Set(summary.errors.map((e) => e.line));
      const steps = plan.prepare();
      const rows = plan.rows.filter((row) => !failedEarly.has(plan.lineOf(row)));
      /** Bounded steps: other requests are answered between them. */
      const pause = pacer();
      const reporter = (line: number, warnings: ImportIssue[]): RowReport => ({ warn: (field, code, params) => warnings.push(issue(line, new RowProblem(field, code, params))) });

      /** One row in its own savepoint: its outcome, or its problem among the errors. */
      const oneRow = async (row: Row) => {
        const line = plan.lineOf(row);
        const warnings: ImportIssue[] = [];
        try {
          const outcome = await trx.transaction((savepoint) => steps.row(savepoint, row, reporter(line, warnings)));
          summary[outcome]++;
          summary.warnings.push(...warnings);
        } catch (error) {
          // Lost to another writer: the whole transaction runs again (writeTransaction).
          if (isContentionVictim(error)) throw error;
          if (error instanceof RowProblem) summary.errors.push(issue(line, error));
          else if (error instanceof DomainError) summary.errors.push(issue(line, plan.explain(error)));
          else throw error;
        }
        await pause();
      };

      /** Several rows in one savepoint; false (nothing kept) when one of them has a problem. */
      const chunkOfRows = async (chunk: Row[]) => {
        const warnings = chunk.map(() => [] as ImportIssue[]);
        try {
          const outcomes = await trx.transaction((savepoint) => steps.chunk!(savepoint, chunk, chunk.map((row, i) => reporter(plan.lineOf(row), warnings[i])), pause));
          for (const outcome of outcomes) summary[outcome]++;
          for (const rowWarnings of warnings) summary.warnings.push(...rowWarnings);
          return true;
        } catch (error) {
          if (isContentionVictim(error)) throw error;
          if (error instanceof RowProblem || error instanceof DomainError) return false;
          throw error;
        }
      };

      for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
        const chunk = rows.slice(start, start + CHUNK_ROWS);
        if (steps.chunk && (await chunkOfRows(chunk))) {
          await pause();
          continue;
        }
        for (const row of chunk) await oneRow(row);
      }
      // The end (and the COMMIT) in a turn of its own.
      await yieldToOthers();
      summary.errors.sort((a, b) => a.line - b.line);
      summary.warnings.sort((a, b) => a.line - b.line);
      if (options.dryRun || summary.errors.length) throw new RolledBack(summary);
      summary.applied = true;
      return summary;
    }));
  } catch (error) {
    if (error instanceof RolledBack) return error.summary;
    throw error;
  }
}
