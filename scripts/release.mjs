// npm run release: vehicle-console-<version>-<os>-<arch>.tar.gz in release/, an install that runs
// offline: the compiled API (dist/api), the built console (admin/dist), and the production
// node_modules with its native addons (better-sqlite3, sharp, Typst) already built for this
// machine's Node, system and processor. Unpacked on a server with the same Node major version,
// `npm start` runs without internet, compiler or npm install (docs/operations.md, Release).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './apiEntry.mjs';

const run = (command, args, cwd = root) => {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
};

const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const name = `vehicle-console-${version}-${process.platform}-${process.arch}`;

run(process.execPath, [path.join(root, 'scripts/build.mjs')]);

const stage = mkdtempSync(path.join(tmpdir(), 'vx-release-'));
const tree = path.join(stage, name);
try {
  // What a server needs, and nothing of the sources: the entry points read dist/api, and
  // scripts/start.mjs serves admin/dist as it is (no vite there to rebuild it).
  for (const entry of ['package.json', 'package-lock.json', 'README.md', 'CHANGELOG.md', 'docs', 'deploy', 'dist/api', 'admin/dist', 'scripts/start.mjs', 'scripts/apiEntry.mjs']) {
    if (existsSync(path.join(root, entry))) cpSync(path.join(root, entry), path.join(tree, entry), { recursive: true });
  }
  // The installed node_modules (npm ci ran here, building the native addons), less the
  // development packages: offline, and nothing is built again. The packages npm's record of the
  // install marks as development-only (about half, and most of the bytes: the console's libraries,
  // the compilers, the test browser) and their command links are not copied in the first place;
  // npm prune then makes the tree exactly what `--omit=dev` keeps, as it would from a whole copy.
  const modules = path.join(root, 'node_modules');
  const { packages } = JSON.parse(readFileSync(path.join(modules, '.package-lock.json'), 'utf8'));
  const devOnly = new Set(Object.entries(packages).filter(([, entry]) => entry.dev).map(([location]) => path.join(root, location)));
  const isDevLink = (file) => {
    if (path.dirname(file) !== path.join(modules, '.bin') || !lstatSync(file).isSymbolicLink()) return false;
    const target = path.resolve(path.dirname(file), readlinkSync(file));
    return [...devOnly].some((dir) => target.startsWith(dir + path.sep));
  };
  cpSync(modules, path.join(tree, 'node_modules'), { recursive: true, verbatimSymlinks: true, filter: (source) => !devOnly.has(source) && !isDevLink(source) });
  run('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], tree);
  for (const tool of ['vite', 'tsx', 'typescript', 'esbuild', 'react', 'react-admin', '@mui/material']) {
    if (existsSync(path.join(tree, 'node_modules', tool))) throw new Error(`the release would hold ${tool}, which production does not need`);
  }
  if (!existsSync(path.join(tree, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'))) throw new Error('better-sqlite3 is not built in node_modules: run npm ci first');

  const out = path.join(root, 'release');
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `${name}.tar.gz`);
  rmSync(file, { force: true });
  // Owned by no one in particular: the server's user unpacks it as its own.
  run('tar', ['--create', '--gzip', '--file', file, '--owner=0', '--group=0', '--numeric-owner', '--directory', stage, name]);
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const unpacked = spawnSync('du', ['-sb', tree], { encoding: 'utf8' }).stdout.split('\t')[0];
  console.log(`Release ${path.relative(root, file)}: ${mb(statSync(file).size)} (${mb(Number(unpacked))} unpacked)`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
