// Runs one of the API's entry points (server, migrate, backup) in this process: compiled from
// dist/api (npm run build) when that is there and newer than the sources, otherwise from the
// TypeScript sources through tsx (a development install has it; a production one has dist/api).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SOURCES = { server: 'api/src/server.ts', migrate: 'api/src/cli/migrate.ts', backup: 'api/src/cli/backup.ts', admin: 'api/src/cli/admin.ts', storage: 'api/src/cli/storage.ts' };

export function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export async function runApiEntry(name) {
  const compiled = path.join(root, 'dist/api', `${name}.js`);
  const compiledAt = existsSync(compiled) ? statSync(compiled).mtimeMs : 0;
  const sourcesAt = Math.max(...['api/src', 'migrations', 'seeds'].map((dir) => newestMtime(path.join(root, dir))));
  const hasTsx = existsSync(path.join(root, 'node_modules/tsx'));
  if (compiledAt && (sourcesAt <= compiledAt || !hasTsx)) {
    // A production install (npm ci --omit=dev) has no tsx: its compiled code is what it runs.
    if (sourcesAt > compiledAt) console.error('The API sources look newer than dist/api, which is run all the same (no tsx here to run the sources).');
    return import(pathToFileURL(compiled).href);
  }
  if (compiledAt) console.error('The API sources are newer than dist/api: running them (npm run build compiles them again).');
  const { register } = await import('tsx/esm/api');
  register();
  return import(pathToFileURL(path.join(root, SOURCES[name])).href);
}

// node scripts/apiEntry.mjs migrate|backup|admin [arguments]: the command-line tools.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const name = process.argv[2];
  if (!(name in SOURCES)) {
    console.error(`Unknown entry ${name}: use ${Object.keys(SOURCES).join(', ')}`);
    process.exit(2);
  }
  // The tool reads its own arguments from process.argv[2] on.
  process.argv.splice(2, 1);
  await runApiEntry(name);
}
