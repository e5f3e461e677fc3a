import type { Knex } from 'knex';
import { DomainError } from '../../domain/errors';
import type { SheetLanguage } from '../../domain/sheetColumns';
import { isContentionVictim, writeTransaction } from '../writeTransaction';
import { importMessage } from './messages';

/**
 * One import, all or nothing: every row of the file goes through its resource's operations
 * (createVehicle, updateVehicle, …) inside one writeTransaction. Each row runs in a savepoint of
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
   * The step of one row, through the operations, in its own savepoint. Called at the start of
   * each run of the transaction, so what the step keeps across rows (names looked up) is anew.
   */
  prepare: () => (trx: Knex.Transaction, row: Row, report: RowReport) => Promise<RowOutcome>;
  /** Turns an operation's refusal into a row problem (its field, its code). */
  explain: (error: DomainError) => RowProblem;
};
export type RowProblemAt = { line: number; problem: RowProblem };

/** Longest run of rows before the event loop is given back to other requests. */
const STEP_MS = 20;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

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
    return await writeTransaction(db, async (trx) => {
      const summary: ImportSummary = { rows: plan.rows.length, created: 0, updated: 0, unchanged: 0, errors: [], warnings: [], applied: false };
      for (const { line, problem } of plan.early?.errors ?? []) summary.errors.push(issue(line, problem));
      for (const { line, problem } of plan.early?.warnings ?? []) summary.warnings.push(issue(line, problem));
      const failedEarly = new Set(summary.errors.map((e) => e.line));
      const step = plan.prepare();
      let since = performance.now();
      for (const row of plan.rows) {
        const line = plan.lineOf(row);
        if (failedEarly.has(line)) continue;
        const warnings: ImportIssue[] = [];
        const report: RowReport = { warn: (field, code, params) => warnings.push(issue(line, new RowProblem(field, code, params))) };
        try {
          const outcome = await trx.transaction((savepoint) => step(savepoint, row, report));
          summary[outcome]++;
          summary.warnings.push(...warnings);
        } catch (error) {
          // Lost to another writer: the whole transaction runs again (writeTransaction).
          if (isContentionVictim(error)) throw error;
          if (error instanceof RowProblem) summary.errors.push(issue(line, error));
          else if (error instanceof DomainError) summary.errors.push(issue(line, plan.explain(error)));
          else throw error;
        }
        // Bounded steps: other requests are answered between them.
        if (performance.now() - since > STEP_MS) {
          await yieldToOthers();
          since = performance.now();
        }
      }
      summary.errors.sort((a, b) => a.line - b.line);
      summary.warnings.sort((a, b) => a.line - b.line);
      if (options.dryRun || summary.errors.length) throw new RolledBack(summary);
      summary.applied = true;
      return summary;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.summary;
    throw error;
  }
}
