import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeOllama } from '../test/support/fakeOllama';
import { root, startApiServer } from './apiServer';
import { findChromium, projectFontConfig } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One API server per worker of the e2e project, by VITEST_POOL_ID (support.ts, baseUrl). */
    baseUrls: string[];
    adminUsername: string;
    adminPassword: string;
    chromiumPath: string;
    fontConfigFile: string;
  }
}

const ADMIN_USERNAME = 'admin@e2e.test';
const ADMIN_PASSWORD = 'e2e-admin-password-123';

/**
 * Finds the Chromium (unpacking the npm one if the machine has none), builds the console
 * (production mode, as it ships; kept when already built from the same sources), starts one API
 * per worker on a free port against a fresh SQLite file, and hands their base URLs and the first
 * super admin to the tests.
 * E2E_SKIP_BUILD=1 reuses an existing admin/dist while iterating on tests.
 */
export default async function setup(project: TestProject) {
  project.provide('chromiumPath', await findChromium());
  project.provide('fontConfigFile', projectFontConfig());
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // npm run build's console half (production mode), which keeps admin/dist when it is already
    // built from these sources (scripts/build.mjs).
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), 'console'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`building the console failed:\n${build.stdout}\n${build.stderr}`);
  }

  // The local AI is a fake with fixed answers (a colour, a bilingual damage report): test/support/fakeOllama.ts.
  // It keeps no state the browser tests read, so the servers below share it.
  const ollama = await startFakeOllama();
  // One API server, with its own SQLite file, per worker: files run side by side (the project's
  // maxWorkers), and a file sees only the data of the files that ran before it on its worker, never
  // a file running at the same time (support.ts, baseUrl). The console is built once, above.
  const workers = Math.max(1, project.config.maxWorkers ?? 1);
  const started = await Promise.allSettled(
    Array.from({ length: workers }, (_, index) =>
      startApiServer(`e2e-${index + 1}`, {
        ADMIN_USERNAME,
        ADMIN_PASSWORD,
        SESSION_SECRET: 'e2e-session-secret-0123456789abcdef',
        // As in every test run (vite.config.ts, test.env, which a global setup does not get).
        PASSWORD_HASH_COST: '10',
        OLLAMA_HOST: ollama.url,
        OLLAMA_VISION_MODEL: 'qwen2.5vl:7b',
        OLLAMA_TIMEOUT_MS: '10000',
        LOG_LEVEL: process.env.E2E_API_LOG ?? 'error',
      }),
    ),
  );
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    await ollama.close();
    throw failed.reason;
  }
  let stopping = false;
  // An API that dies under the tests fails them all: say why.
  for (const [index, server] of servers.entries()) {
    server.process.once('exit', (code, signal) => {
      if (!stopping) process.stderr.write(`\nThe API of worker ${index + 1} stopped during the tests (${signal ?? `code ${code}`}):\n${server.log()}\n`);
    });
  }

  project.provide('baseUrls', servers.map((server) => server.baseUrl));
  project.provide('adminUsername', ADMIN_USERNAME);
  project.provide('adminPassword', ADMIN_PASSWORD);

  return async () => {
    stopping = true;
    await Promise.all(servers.map((server) => server.stop()));
    await ollama.close();
  };
}
