import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { IMAGES_PER_USER, decodingImage } from '../src/services/files/images';

/** A piece of image work that runs until the test lets it finish, and says when it started. */
function heldWork(log: string[], name: string) {
  let finish!: () => void;
  let started!: () => void;
  const hasStarted = new Promise<void>((resolve) => (started = resolve));
  const work = () =>
    new Promise<string>((resolve) => {
      log.push(`start ${name}`);
      started();
      finish = () => resolve(name);
    });
  return { work, hasStarted, finish: () => finish() };
}

/**
 * Image decoding is limited per user as well as per process: one uploader's many images go one at
 * a time, so another user's image starts while theirs still wait.
 */
describe('image decoding per user', () => {
  // The process decodes two images at once where it has two cores (one on a single core).
  it.runIf(availableParallelism() >= 2)("starts another user's image while one user's images wait their turn", async () => {
    const log: string[] = [];
    const a1 = heldWork(log, 'a1');
    const a2 = heldWork(log, 'a2');
    const a3 = heldWork(log, 'a3');
    const b1 = heldWork(log, 'b1');
    const results = [decodingImage(a1.work, 1), decodingImage(a2.work, 1), decodingImage(a3.work, 1), decodingImage(b1.work, 2)];
    await Promise.all([a1.hasStarted, b1.hasStarted]);
    // User 1 has one image decoding, user 2's started beside it; user 1's others wait.
    expect(log).toEqual(['start a1', 'start b1']);
    expect(IMAGES_PER_USER).toBe(1);
    a1.finish();
    await a2.hasStarted;
    expect(log).toEqual(['start a1', 'start b1', 'start a2']);
    b1.finish();
    a2.finish();
    await a3.hasStarted;
    a3.finish();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'b1']);
  });

  it('goes on after a failed image: the next one of the same user runs', async () => {
    await expect(decodingImage(() => Promise.reject(new Error('damaged')), 7)).rejects.toThrow('damaged');
    expect(await decodingImage(async () => 'next', 7)).toBe('next');
  });
});
