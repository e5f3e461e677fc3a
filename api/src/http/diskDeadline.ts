import fs from 'node:fs';
import { Writable } from 'node:stream';

/**
 * A disk operation of an upload that did not end within its deadline: the disk hangs (a full or
 * failing network or USB volume) rather than failing. The operation itself cannot be cancelled
 * (it holds one of libuv's threads until the disk answers); the request no longer waits for it.
 */
export class StalledDisk extends Error {
  constructor(ms: number) {
    super(`A write to the data folder did not end within ${ms} ms (DISK_WRITE_TIMEOUT_MS)`);
    this.name = 'StalledDisk';
  }
}

/** `work`, or StalledDisk once `ms` have passed without it settling. */
export function withDiskDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StalledDisk(ms)), ms);
  });
  return Promise.race([work, stalled]).finally(() => clearTimeout(timer));
}

/**
 * A file write stream (formidable's public `fileWriteStreamHandler`) whose opening, each write and
 * the last flush must each end within `ms`, or the stream fails with StalledDisk: the parser then
 * ends the upload, where it would have waited on the write for ever (it pauses the request until
 * each write is done).
 */
export function writeStreamWithDeadline(filepath: string, ms: number): Writable {
  const file = fs.createWriteStream(filepath);
  let timer: NodeJS.Timeout | undefined;
  /** `done`, called once: with the operation's own result, or with StalledDisk at the deadline. */
  const guarded = (done: (error?: Error | null) => void) => {
    let settled = false;
    timer = setTimeout(() => {
      settled = true;
      done(new StalledDisk(ms));
    }, ms);
    return (error?: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done(error);
    };
  };
  const guardedFile = new Writable({
    write(chunk: Buffer, _encoding, done) {
      file.write(chunk, guarded(done));
    },
    final(done) {
      file.end(guarded(done));
    },
    destroy(error, done) {
      clearTimeout(timer);
      file.destroy();
      done(error);
    },
  });
  file.on('error', (error) => guardedFile.destroy(error));
  return guardedFile;
}
