import { setTimeout as sleep } from 'node:timers/promises';
import type { Ledger } from './ledger';
import { interruption, percentile, perform, Recorder } from './load';
import { chooseOperation, type Operation, type VirtualUser } from './scenario';
import type { World } from './world';

/**
 * The open loop: requests arrive at a fixed rate, as users arrive, whether or not the earlier ones
 * have been answered (the closed loop slows its users down with the server, which hides how long
 * a queue grows). Arrivals are paced one by one at their scheduled times, not sent in bursts once
 * a second as autocannon's -R does, and each latency is counted from the arrival's scheduled time,
 * so a generator or server that falls behind shows in the figures rather than lowering the rate.
 */

export type OpenLoopRow = { rate: number; sent: number; achieved: number; p50: number; p99: number; errors: number; held: boolean };

/** p99 at or under this, every request answered, and the rate reached: the rate is held. */
export const HELD_P99_MS = 100;

/**
 * The next user for an arrival: round-robin, except that a write never goes to a user with a write
 * still in flight (each vehicle has one writer at a time, which the ledger's check relies on).
 */
function nextUser(users: VirtualUser[], turn: number, writing: Set<VirtualUser>, operations: Operation[]) {
  for (let k = 0; k < users.length; k++) {
    const user = users[(turn + k) % users.length];
    const op = chooseOperation(operations, user.role);
    if (op && (op.kind === 'read' || !writing.has(user))) return { user, op };
  }
  return undefined;
}

/** Sends arrivals at `rate` a second for `seconds`; the latencies counted from each arrival's scheduled time. */
export async function runOpenLoop(users: VirtualUser[], operations: Operation[], world: World, ledger: Ledger, rate: number, seconds: number): Promise<OpenLoopRow> {
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const writing = new Set<VirtualUser>();
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const count = Math.round(rate * seconds);
  for (let k = 0; k < count && !interruption.requested; k++) {
    const due = started + (k * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const chosen = nextUser(users, k, writing, operations);
    if (!chosen) continue;
    const { user, op } = chosen;
    if (op.kind === 'write') writing.add(user);
    // A recorder of its own: its latency is replaced by the one from the scheduled time.
    const recorder = new Recorder();
    const request = perform(user, op, world, ledger, recorder).then((done) => {
      if (op.kind === 'write') writing.delete(user);
      if (!done) return;
      sent++;
      latencies.push(performance.now() - due);
      errors += recorder.errorCount;
    });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const achieved = sent / Math.max(elapsed, seconds);
  const p99 = percentile(sorted, 0.99);
  return { rate, sent, achieved, p50: percentile(sorted, 0.5), p99, errors, held: errors === 0 && p99 <= HELD_P99_MS && achieved >= rate * 0.95 };
}

const fixed = (v: number, width = 8) => (Number.isNaN(v) ? '-' : v.toFixed(1)).padStart(width);

const rowLine = (r: OpenLoopRow) =>
  (`${String(r.rate).padStart(8)} ${fixed(r.achieved, 9)} ${String(r.sent).padStart(8)} ${fixed(r.p50)} ${fixed(r.p99)} ${String(r.errors).padStart(7)}  ${r.held ? 'held' : 'not held'}`);

/**
 * The open-loop table: each of `rates` for `seconds`, then the highest rate held (p99 ≤ 100 ms):
 * past the highest of them while it holds (×1.25 a step), else halfway between the last rate held
 * and the first not held, three times.
 */
export async function openLoopTable(users: VirtualUser[], operations: Operation[], world: World, ledger: Ledger, rates: number[], seconds: number, out: (line: string) => void) {
  out(`open loop, paced arrivals, ${seconds} s a rate; latency from each arrival's scheduled time:`);
  out(`${'req/s'.padStart(8)} ${'achieved'.padStart(9)} ${'requests'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`);
  const rows: OpenLoopRow[] = [];
  const run = async (rate: number) => {
    const row = await runOpenLoop(users, operations, world, ledger, rate, seconds);
    rows.push(row);
    out(rowLine(row));
    return row;
  };
  for (const rate of rates) await run(rate);
  let held = Math.max(0, ...rows.filter((r) => r.held).map((r) => r.rate));
  let failed = Math.min(Infinity, ...rows.filter((r) => !r.held && r.rate > held).map((r) => r.rate));
  for (let step = 0; step < 3 && !interruption.requested; step++) {
    const rate = Number.isFinite(failed) ? Math.round((held + failed) / 2) : Math.round(Math.max(held, 1) * 1.25);
    if (rate <= held || rate >= failed) break;
    if ((await run(rate)).held) held = rate;
    else failed = rate;
  }
  out(`highest rate held with p99 ≤ ${HELD_P99_MS} ms: ${held ? `${held} req/s` : 'none of the rates tried'}`);
  return { rows, held };
}
