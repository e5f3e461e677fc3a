import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with one plain line per project and a total, "N passed, N failed, N skipped",
 * so CI and people read the counts for each engine and suite at a glance.
 */
export default class CountReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const byProject = new Map<string, { passed: number; failed: number; skipped: number }>();
    for (const mod of testModules) {
      const project = mod.project.name || 'tests';
      for (const test of mod.children.allTests()) {
        // API tests name their engine ("… on sqlite", "… on mysql"): count each engine apart.
        const engine = /\bon (sqlite|mysql)\b/.exec(test.fullName)?.[1];
        const name = engine ? `${project} (${engine})` : project;
        const counts = byProject.get(name) ?? { passed: 0, failed: 0, skipped: 0 };
        byProject.set(name, counts);
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
      // A module that failed to load has no tests but is a failure all the same.
      if (mod.state() === 'failed' && ![...mod.children.allTests()].length) {
        const counts = byProject.get(project) ?? { passed: 0, failed: 0, skipped: 0 };
        counts.failed++;
        byProject.set(project, counts);
      }
    }
    const total = { passed: 0, failed: 0, skipped: 0 };
    for (const [name, c] of byProject) {
      process.stdout.write(`${name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped\n`);
      total.passed += c.passed;
      total.failed += c.failed;
      total.skipped += c.skipped;
    }
    process.stdout.write(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
  }
}
