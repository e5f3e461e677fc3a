import { describe, expect, it } from 'vitest';
import { countCardSize } from './cardGrid';

describe('count card widths', () => {
  it('fill one whole row on wide screens for every number of cards a role sees', () => {
    for (const cards of [1, 2, 3, 4, 5]) expect(countCardSize(cards).lg * cards).toBeCloseTo(12);
  });

  it('put two cards to a row on phones, one when it is alone', () => {
    expect(countCardSize(3).xs).toBe(6);
    expect(countCardSize(1).xs).toBe(12);
  });
});
