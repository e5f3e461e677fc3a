import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';

const domain = fileURLToPath(new URL('./api/src/domain', import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// Test files run side by side, at least three at a time: even on two cores a file spends much of
// its time waiting (on a browser, a child process, a response), and vitest's own default there is
// one. On two cores, two at a time left the machine 81% busy (npm test 752 s), three 93% (699 s).
const testWorkers = Number(process.env.TEST_WORKERS) || Math.max(3, availableParallelism() - 1);
// A browser test file has a Chromium and an API server of its own (e2e/global-setup.ts): a few at
// most. With as many workers as the other projects they share their group, else they run after.
const e2eWorkers = Number(process.env.E2E_WORKERS) || Math.min(testWorkers, 3);

// One config for the console build, the dev server and every test project.
export default defineConfig({
  root: 'admin',
  // The console's files are compressed once here, in both encodings browsers ask for, and sent
  // as they are by the API (api/src/http/console.ts).
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
  resolve: { alias: { '@domain': domain } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Everything the first page needs before any lazy screen (React, MUI, react-admin, the
    // layout) in one file: split by rolldown's default it was some fifty files, most under 1 kB,
    // and a signed-in first load made 93 requests (the dashboard) to 116 (the vehicles list). The
    // screens and what only they use stay in their own files, loaded when opened.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'boot', tags: ['$initial'] }] } } },
  },
  server: { port: 5173, proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  test: {
    root: '.',
    reporters: ['default', './test/countReporter.ts', './test/timingReporter.ts', './test/stoppedWorkerReporter.ts'],
    // Every server the tests start, in process or spawned, hashes passwords at scrypt's N = 2^10
    // rather than 2^15: the suites sign in thousands of times, each a full hash on a small machine.
    // What an install gets by default is checked in api/test/passwords.test.ts.
    env: { PASSWORD_HASH_COST: '10' },
    projects: [
      {
        extends: true,
        // Outer limits that only a hang reaches: the suite shares small machines with other work.
        test: {
          name: 'api', root: '.', include: ['api/test/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 240_000,
          maxWorkers: testWorkers,
          // A worker runs its files one after another in one module graph, loaded once: every file
          // makes its own app and database (support/testApp.ts), and nothing here is mocked. Loading
          // the API's modules again for each file took a sixth of the project's time.
          isolate: false,
          // Migrates once per run; every test database is a copy (api/test/support/templateDatabases.ts).
          globalSetup: ['api/test/support/templateDatabases.ts', 'api/test/support/compiledApi.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'admin', root: '.', include: ['admin/src/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000, maxWorkers: testWorkers },
      },
      {
        extends: true,
        test: {
          name: 'e2e', root: '.', include: ['e2e/**/*.test.ts'], environment: 'node',
          // As in the API project: a worker loads Playwright, sharp and the support modules once
          // for its files rather than once per file (about a second of each file's time). Each file
          // keeps its own browser, pages and data (e2e/support.ts); none mocks a module.
          isolate: false,
          // Outer limits only a hang reaches: a file's pages wait for CPU when the machine is busy.
          globalSetup: ['e2e/global-setup.ts'], testTimeout: 240_000, hookTimeout: 300_000,
          // Files run side by side, each worker on an API server of its own (e2e/support.ts, baseUrl).
          maxWorkers: e2eWorkers,
          sequence: { groupOrder: e2eWorkers === testWorkers ? 0 : 1 },
        },
      },
    ],
  },
});
