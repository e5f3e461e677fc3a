import { describe, expect, it } from 'vitest';
import { statusBarPercent } from './statusBars';

describe('statusBarPercent', () => {
  it('draws the largest status full length and the others in proportion', () => {
    expect(statusBarPercent(40, 40)).toBe(100);
    expect(statusBarPercent(10, 40)).toBe(25);
  });

  it('draws nothing for a status without vehicles, and keeps a single car visible beside many', () => {
    expect(statusBarPercent(0, 40)).toBe(0);
    expect(statusBarPercent(0, 0)).toBe(0);
    expect(statusBarPercent(1, 50_000)).toBe(1);
  });
});
