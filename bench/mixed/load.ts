import { setImmediate as nextTurn } from 'node:timers/promises';
import { isOk, textOf, type Answer } from './http';
import type { Ledger } from './ledger';
import { chooseOperation, type Operation, type Role, type VirtualUser } from './scenario';
import type { World } from './world';

/** Set on Ctrl-C: the loops end early so the bench still stops its servers and drops its database. */
export const interruption = { requested: false };
const goOn = (until: number) => !interruption.requested && performance.now() < until;

/** Latencies and failures per operation and role; error bodies kept for the first few. */
export class Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly failures = new Map<string, number>();
  readonly kinds = new Map<string, 'read' | 'write'>();
  readonly errorSamples: string[] = [];
  private started = performance.now();
  private stopped?: number;

  static key = (op: string, role: Role) => `${op}\u0000${role}`;

  record(op: Operation, role: Role, answer: Answer, failure?: string) {
    const key = Recorder.key(op.name, role);
    this.kinds.set(op.name, op.kind);
    let list = this.latencies.get(key);
    if (!list) this.latencies.set(key, (list = []));
    list.push(answer.ms);
    if (isOk(answer) && !failure) return;
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
    // The first few different errors: one repeated error says all it has to say once.
    const sample = `${op.name} (${role}): ${failure ?? `${answer.status || 'network error'} ${textOf(answer).slice(0, 300)}`}`;
    if (this.errorSamples.length < 5 && !this.errorSamples.includes(sample)) this.errorSamples.push(sample);
  }

  begin() {
    this.started = performance.now();
  }
  end() {
    this.stopped = performance.now();
  }
  get seconds() {
    return ((this.stopped ?? performance.now()) - this.started) / 1000;
  }
  get errorCount() {
    return [...this.failures.values()].reduce((a, b) => a + b, 0);
  }
}

/** Sends one operation and records it; false when the user had nothing to do it on. */
export async function perform(user: VirtualUser, op: Operation, world: World, ledger: Ledger, recorder: Recorder): Promise<boolean> {
  const planned = op.plan(user, world, ledger);
  if (!planned) return false;
  const answer = await user.session.request(planned.method, planned.path, planned.body);
  let failure: string | undefined;
  if (isOk(answer)) {
    try {
      planned.acknowledged?.(answer);
    } catch (error) {
      failure = `answer not understood: ${(error as Error).message}`;
    }
  } else {
    planned.failed?.();
  }
  recorder.record(op, user.role, answer, failure);
  return true;
}

/**
 * The closed loop: every user sends its next request when the previous one has answered, until
 * the time is up. Load then follows the server's speed, as real users' clicks do.
 */
export async function runClosedLoop(users: VirtualUser[], operations: Operation[], world: World, ledger: Ledger, recorder: Recorder, seconds: number) {
  const until = performance.now() + seconds * 1000;
  recorder.begin();
  await Promise.all(
    users.map(async (user) => {
      while (goOn(until)) {
        const op = chooseOperation(operations, user.role);
        if (!op || !(await perform(user, op, world, ledger, recorder))) await nextTurn();
      }
    }),
  );
  recorder.end();
}

/** One user repeating one operation for a while (the sequential table). */
export async function runOne(user: VirtualUser, op: Operation, world: World, ledger: Ledger, recorder: Recorder, seconds: number) {
  const until = performance.now() + seconds * 1000;
  recorder.begin();
  while (goOn(until)) if (!(await perform(user, op, world, ledger, recorder))) await nextTurn();
  recorder.end();
}

export function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export type RouteRow = { name: string; kind: 'read' | 'write'; requests: number; rps: number; p50: number; p99: number; errors: number };

/** One row per operation, over the roles given (all by default). */
export function routeRows(recorder: Recorder, roles?: Role[]): RouteRow[] {
  const byOp = new Map<string, { ms: number[]; errors: number }>();
  for (const [key, ms] of recorder.latencies) {
    const [name, role] = key.split('\u0000') as [string, Role];
    if (roles && !roles.includes(role)) continue;
    const row = byOp.get(name) ?? { ms: [], errors: 0 };
    for (const v of ms) row.ms.push(v);
    row.errors += recorder.failures.get(key) ?? 0;
    byOp.set(name, row);
  }
  return [...byOp].map(([name, { ms, errors }]) => {
    const sorted = ms.sort((a, b) => a - b);
    return { name, kind: recorder.kinds.get(name)!, requests: sorted.length, rps: sorted.length / recorder.seconds, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), errors };
  });
}
