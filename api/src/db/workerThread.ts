import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread from a TypeScript file beside the caller (`name` without extension;
 * `callerUrl` is the caller's import.meta.url).
 *
 * Compiled (npm run build), the caller and the worker are JavaScript files side by side in
 * dist/api (scripts/build.mjs lists each worker as an entry point), and the worker starts from
 * its file. From the sources (tsx, vitest), Node 20 does not apply `--import tsx` to a worker's
 * own entry file, so the worker is loaded through tsx's CommonJS hook (`--require tsx/cjs`) by a
 * one-line `require`: the worker's code is still the file, only the loading is written here.
 *
 * A compiled reader thread is ready as soon as one evaluated from a string of JavaScript was
 * (medians 89 to 102 ms against 88 to 119 ms on the 2-core machine at load 15); from the sources,
 * tsx's hook adds about 100 to 200 ms (176 to 323 ms), once per thread started.
 */
export function startWorkerThread(callerUrl: string, name: string, options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {}): Worker {
  if (callerUrl.endsWith('.js')) return new Worker(new URL(`./${name}.js`, callerUrl), options);
  const source = fileURLToPath(new URL(`./${name}.ts`, callerUrl));
  return new Worker(`require(${JSON.stringify(source)});`, { ...options, eval: true, execArgv: ['--require', 'tsx/cjs'] });
}
