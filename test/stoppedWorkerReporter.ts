import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** What npm test's runner (scripts/test.mjs) reads back from a run: TEST_RUN_SUMMARY names the file. */
export type RunSummary = {
  /** Test files whose worker process stopped before they finished: none of their tests failed, some never ran. */
  unfinished: string[];
  /** Tests that ran and failed, and files that failed to load. */
  failed: number;
  /** Errors outside any test other than a worker stopping (those would fail the run on their own). */
  otherErrors: number;
};

const WORKER_STOPPED = /Worker exited unexpectedly/;

const isWorkerStop = (error: unknown) => {
  const { message, cause } = (error ?? {}) as { message?: string; cause?: { message?: string } };
  return WORKER_STOPPED.test(`${message ?? ''} ${cause?.message ?? ''}`);
};

/**
 * Names the test files that a worker process took down with it ("Worker exited unexpectedly": the
 * process running them ended, by a crash or a kill, with no test failing), which vitest's summary
 * shows only as one file missing from "N passed (M)". With TEST_RUN_SUMMARY set it also writes what
 * scripts/test.mjs needs to run those files once more.
 */
export default class StoppedWorkerReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const unfinished = testModules
      .filter((mod) => mod.state() === 'pending' || mod.state() === 'queued')
      .map((mod) => mod.relativeModuleId);
    let failed = 0;
    for (const mod of testModules) {
      const tests = [...mod.children.allTests()];
      failed += tests.filter((test) => test.result().state === 'failed').length;
      if (mod.state() === 'failed' && !tests.some((test) => test.result().state === 'failed')) failed++;
    }
    const summary: RunSummary = { unfinished, failed, otherErrors: unhandledErrors.filter((error) => !isWorkerStop(error)).length };
    if (unfinished.length) {
      process.stdout.write(`\nA test worker process stopped before these files finished (their tests that did not run are counted as not run): ${unfinished.join(', ')}\n`);
    }
    if (process.env.TEST_RUN_SUMMARY) writeFileSync(process.env.TEST_RUN_SUMMARY, JSON.stringify(summary));
  }
}
