/**
 * `npx tsx bench/profileByPackage.ts <file.cpuprofile | folder> [top] [seconds]`: where a CPU profile of the
 * server (node --cpu-prof, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" with
 * `npm run bench -- cpu`) spent its time, by package (self time of the functions of each
 * node_modules package, Node's own code, the project's files, the garbage collector) and by
 * function, as shares of the busy time (idle left out). A folder: its newest .cpuprofile.
 * `seconds`: only the profile's last seconds (the requests measured, not the start-up's module
 * loading and sign-in).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** The package a script belongs to: a node_modules package, Node's own code, or the project's folder. */
export function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node (built-in modules)';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (inModules) return inModules[1];
  const project = /\/(api\/src|bench|migrations|scripts)\/(?:([^/]+)\/)?/.exec(url);
  if (project) return `project: ${project[1]}${project[2] && !project[2].includes('.') ? `/${project[2]}` : ''}`;
  return url;
}

function newestProfile(target: string): string {
  if (!statSync(target).isDirectory()) return target;
  const files = readdirSync(target).filter((name) => name.endsWith('.cpuprofile')).map((name) => path.join(target, name));
  if (!files.length) throw new Error(`no .cpuprofile in ${target}`);
  return files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}

export function summarise(profile: Profile, top = 25, lastSeconds = Infinity) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  // Self time per node, from the samples and their time deltas (µs).
  const self = new Map<number, number>();
  // Each sample's time, to keep the last seconds only.
  let at = profile.startTime;
  const from = profile.endTime - lastSeconds * 1e6;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= from) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const packages = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    busy += us;
    const pkg = packageOf(url, functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
    const where = url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(api\/src|bench|migrations)\//, '$1/')}:${lineNumber + 1}` : '';
    const name = `${functionName || '(anonymous)'} ${where}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const rank = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, us]) => ({ name, ms: us / 1000, share: us / busy }));
  return { busyMs: busy / 1000, packages: rank(packages), functions: rank(functions) };
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('profileByPackage.ts')) {
  const target = process.argv[2];
  if (!target) throw new Error('usage: tsx bench/profileByPackage.ts <file.cpuprofile | folder> [top]');
  const file = newestProfile(target);
  const { busyMs, packages, functions } = summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(process.argv[3] ?? 25), Number(process.argv[4] ?? Infinity));
  const line = (r: { name: string; ms: number; share: number }) => `${(r.share * 100).toFixed(1).padStart(5)}%  ${r.ms.toFixed(0).padStart(7)} ms  ${r.name}`;
  process.stdout.write(`${file}: ${busyMs.toFixed(0)} ms busy (idle left out)\n\nby package (self time):\n`);
  for (const r of packages) process.stdout.write(line(r) + '\n');
  process.stdout.write('\nby function (self time):\n');
  for (const r of functions) process.stdout.write(line(r) + '\n');
}
