import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with where its time went: each project's summed file time and its slowest files,
 * so a contributor sees what to make faster. TEST_TIMINGS=<file> also writes every file's figures
 * as JSON (the issue notes' before/after tables come from it).
 */
export default class TimingReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const rows = testModules.map((mod) => {
      const d = mod.diagnostic();
      return {
        project: mod.project.name || 'tests',
        file: mod.relativeModuleId,
        // Import, setup and tests: the time a worker spent on the file.
        seconds: (d.collectDuration + d.setupDuration + d.duration) / 1000,
      };
    });
    const byProject = new Map<string, typeof rows>();
    for (const row of rows) byProject.set(row.project, [...(byProject.get(row.project) ?? []), row]);
    for (const [project, files] of byProject) {
      const total = files.reduce((sum, f) => sum + f.seconds, 0);
      const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 5);
      process.stdout.write(`${project}: ${files.length} files, ${total.toFixed(0)} s of worker time; slowest: `
        + `${slowest.map((f) => `${f.file} ${f.seconds.toFixed(0)} s`).join(', ')}\n`);
    }
    if (process.env.TEST_TIMINGS) writeFileSync(process.env.TEST_TIMINGS, JSON.stringify(rows, null, 1));
  }
}
