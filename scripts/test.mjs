/**
 * npm test: `vitest run` with the arguments given, then, only when the one thing wrong with the run
 * was a test worker process that stopped ("Worker exited unexpectedly": the process running some
 * files ended before they did, no test having failed), those files once more, alone.
 *
 * Why: vitest's worker processes (the browser tests' hold a Playwright client, sharp and pdf.js)
 * have been seen to end mid-file on a busy machine, a fault of the test process and not of a test:
 * the run then failed with every test that ran passing. A file that fails its second run, a test
 * that failed, or any other error still fails npm test. test/stoppedWorkerReporter.ts names the
 * files and writes what this script reads (TEST_RUN_SUMMARY).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const vitestPackage = require.resolve('vitest/package.json');
const vitestCli = path.join(path.dirname(vitestPackage), require(vitestPackage).bin.vitest);

// Ctrl-C reaches vitest too (same process group): let it stop its workers, then exit with it.
process.on('SIGINT', () => {});

const summaryDir = mkdtempSync(path.join(tmpdir(), 'vitest-run-'));

/** Runs vitest with `args`; resolves with its exit code and what the reporter wrote, if anything. */
function runVitest(args, name) {
  const summaryFile = path.join(summaryDir, `${name}.json`);
  const child = spawn(process.execPath, [vitestCli, 'run', ...args], {
    stdio: 'inherit',
    env: { ...process.env, TEST_RUN_SUMMARY: summaryFile },
  });
  const forward = (signal) => child.kill(signal);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', forward);
      let summary = null;
      try {
        summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
      } catch {
        // No summary: vitest stopped before its reporters ran.
      }
      resolve({ code: code ?? (signal ? 1 : 0), summary });
    });
  });
}

const args = process.argv.slice(2);
let { code, summary } = await runVitest(args, 'run');
const onlyStoppedWorkers = code !== 0 && summary && summary.unfinished.length > 0 && summary.failed === 0 && summary.otherErrors === 0;
if (onlyStoppedWorkers) {
  process.stdout.write(`\nnpm test: every test that ran passed, but a worker process stopped before ${summary.unfinished.length} file(s) finished. Running them once more:\n`);
  // The files alone: each path names its project (vite.config.ts, include), and an option given
  // first could take a file for its value.
  ({ code } = await runVitest(summary.unfinished, 'again'));
  process.stdout.write(code === 0
    ? `npm test: the file(s) passed on their second run: ${summary.unfinished.join(', ')}\n`
    : `npm test: the file(s) failed on their second run: ${summary.unfinished.join(', ')}\n`);
}
rmSync(summaryDir, { recursive: true, force: true });
process.exit(code);
