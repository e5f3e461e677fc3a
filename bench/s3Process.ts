import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { portToListenOn } from '../test/support/ports';

/**
 * A local S3-compatible server (s3rver) in a process of its own, so that a benchmark measuring the
 * API's memory in its own process counts none of the server's. Its port is one of TEST_PORT_RANGE.
 */
export async function startS3Process(): Promise<{ env: Record<string, string>; stop(): void }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'bench-s3-'));
  const port = (await portToListenOn()) || 4568;
  const bin = path.resolve(import.meta.dirname, '../node_modules/s3rver/bin/s3rver.js');
  const child = spawn(process.execPath, [bin, '-d', directory, '-a', '127.0.0.1', '-p', String(port), '--silent', '--configure-bucket', 'bench'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code})`)));
  });
  return {
    env: { STORAGE_URL: `s3://bench?endpoint=http://127.0.0.1:${port}&forcePathStyle=true`, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' },
    stop() {
      child.kill();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
