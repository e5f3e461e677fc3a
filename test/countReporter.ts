import type { Reporter, TestModule } from 'vitest/node';

type Counts = { passed: number; failed: number; skipped: number; notRun: number };

const zero = (): Counts => ({ passed: 0, failed: 0, skipped: 0, notRun: 0 });

/** "N passed, N failed, N skipped", and ", N not run" when a stopped worker left tests unrun. */
const line = (c: Counts) => `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${c.notRun ? `, ${c.notRun} not run` : ''}`;

/**
 * Ends the run with one plain line per project and a total, "N passed, N failed, N skipped",
 * so CI and people read the counts for each engine and suite at a glance. Tests that never ran
 * because their worker process stopped (test/stoppedWorkerReporter.ts) are "not run", not skipped.
 */
export default class CountReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const byProject = new Map<string, Counts>();
    for (const mod of testModules) {
      const project = mod.project.name || 'tests';
      for (const test of mod.children.allTests()) {
        // API tests name their engine ("… on sqlite", "… on mysql"): count each engine apart.
        const engine = /\bon (sqlite|mysql)\b/.exec(test.fullName)?.[1];
        const name = engine ? `${project} (${engine})` : project;
        const counts = byProject.get(name) ?? zero();
        byProject.set(name, counts);
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else if (state === 'skipped') counts.skipped++;
        else counts.notRun++;
      }
      // A module that failed to load has no tests but is a failure all the same.
      if (mod.state() === 'failed' && ![...mod.children.allTests()].length) {
        const counts = byProject.get(project) ?? zero();
        counts.failed++;
        byProject.set(project, counts);
      }
    }
    const total = zero();
    for (const [name, c] of byProject) {
      process.stdout.write(`${name}: ${line(c)}\n`);
      total.passed += c.passed;
      total.failed += c.failed;
      total.skipped += c.skipped;
      total.notRun += c.notRun;
    }
    process.stdout.write(`${line(total)}\n`);
  }
}
