import { spawn } from 'node:child_process';

/** Runs curl (another process, so only the server's memory and event loop are measured) and returns its output. */
export function curl(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const child = spawn('curl', ['-s', ...args]);
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    // 'close', not 'exit': the output is read in full by then.
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`curl exited ${code}`))));
  });
}

/**
 * Sends one request `count` times from a single curl process, one after the other or all at once,
 * and returns each answer's status and curl's own time for it. One process for the whole series:
 * starting a process per request stalls the event loop of this process, which in these benchmarks
 * is the server's, and would count the start-up as the server's time.
 */
export async function curlSeries(request: string[], count: number, { parallel = false, whenStarted = () => {} } = {}) {
  const one = ['-o', '/dev/null', '-w', '%{http_code} %{time_total}\\n', ...request];
  const args = Array.from({ length: count }, (_, i) => (i ? ['--next', ...one] : one)).flat();
  const run = curl(parallel ? ['--parallel', '--parallel-max', String(count), ...args] : args);
  whenStarted();
  const answers = (await run)
    .trim()
    .split('\n')
    .map((line) => {
      const [status, seconds] = line.split(' ');
      return { status, ms: Number(seconds) * 1000 };
    });
  if (answers.length !== count) throw new Error(`curl answered ${answers.length} of ${count} requests`);
  return answers;
}
