import { describe, expect, it } from 'vitest';
import { eachAtMost } from './eachAtMost';

describe('eachAtMost', () => {
  it('runs every item, never more than the limit at once, and in the order given', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await eachAtMost([1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n === 1 ? 30 : 5));
      running--;
    });
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('resolves at once for no items', async () => {
    await expect(eachAtMost([], 2, async () => undefined)).resolves.toBeUndefined();
  });
});
