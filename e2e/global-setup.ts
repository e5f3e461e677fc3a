import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeOllama } from '../test/support/fakeOllama';
import { root, startApiServer } from './apiServer';
import { findChromium, projectFontConfig } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
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
 * (production mode, as it ships), starts the API on a free port against a
 * fresh SQLite file, and hands the base URL and the first super admin to the tests.
 * E2E_SKIP_BUILD=1 reuses an existing admin/dist while iterating on tests.
 */
export default async function setup(project: TestProject) {
  project.provide('chromiumPath', await findChromium());
  project.provide('fontConfigFile', projectFontConfig());
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  }

  // The local AI is a fake with fixed answers (a colour, a bilingual damage report): test/support/fakeOllama.ts.
  const ollama = await startFakeOllama();
  let server;
  try {
    server = await startApiServer('e2e', {
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      SESSION_SECRET: 'e2e-session-secret-0123456789abcdef',
      OLLAMA_HOST: ollama.url,
      OLLAMA_VISION_MODEL: 'qwen2.5vl:7b',
      OLLAMA_TIMEOUT_MS: '10000',
      LOG_LEVEL: process.env.E2E_API_LOG ?? 'error',
    });
  } catch (error) {
    await ollama.close();
    throw error;
  }
  let stopping = false;
  // An API that dies under the tests fails them all: say why.
  server.process.once('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`\nThe API stopped during the tests (${signal ?? `code ${code}`}):\n${server.log()}\n`);
  });

  project.provide('baseUrl', server.baseUrl);
  project.provide('adminUsername', ADMIN_USERNAME);
  project.provide('adminPassword', ADMIN_PASSWORD);

  return async () => {
    stopping = true;
    await server.stop();
    await ollama.close();
  };
}
