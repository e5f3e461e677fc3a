import type Database from 'better-sqlite3';

/**
 * A connection's prepared statements, kept by SQL text, the oldest dropped past `size`: preparing
 * took a twelfth of the event loop's time under the mixed load, as the app sends the same few
 * texts again and again. Those that answer rows as arrays (raw mode, which a statement keeps once
 * set) are kept apart, so that the same text asked for objects never answers arrays. Statements
 * run synchronously, so one is never in use twice at once; each use sets its own safeIntegers.
 */
/** Statements kept per connection: the app sends a few hundred texts at most. */
const STATEMENTS_KEPT = 200;

export class KeptStatements {
  private readonly asObjects = new Map<string, Database.Statement>();
  private readonly asArrays = new Map<string, Database.Statement>();

  constructor(
    readonly connection: Database.Database,
    private readonly size = STATEMENTS_KEPT,
  ) {}

  get(sql: string, arrays = false): Database.Statement {
    const kept = arrays ? this.asArrays : this.asObjects;
    let statement = kept.get(sql);
    if (statement) kept.delete(sql);
    else statement = arrays ? this.connection.prepare(sql).raw(true) : this.connection.prepare(sql);
    kept.set(sql, statement);
    if (kept.size > this.size) kept.delete(kept.keys().next().value!);
    return statement;
  }
}
