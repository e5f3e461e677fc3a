import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The api project's global setup: compiles the API once (npm run build's API half, esbuild, under
 * a second) so that the servers and command-line tools the tests start as processes run compiled,
 * as production does (scripts/apiEntry.mjs picks dist/api when it is newer than the sources),
 * instead of each compiling the TypeScript again through tsx: about a second of CPU a start.
 */
export default function setup() {
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), 'api'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`compiling the API failed:\n${build.stdout}\n${build.stderr}`);
}
