import { describe, expect, it } from 'vitest';
import { vehiclesMovedBy } from './milestoneMoves';

describe('vehiclesMovedBy', () => {
  const vehicles = [{ status: 'AT_WAREHOUSE' }, { status: 'LOADED' }, { status: 'SHIPPED' }, { status: 'RECEIVED' }, { status: null }];
  it('counts the vehicles still before the status a milestone gives, never those at or past it', () => {
    expect(vehiclesMovedBy('LOADED', vehicles)).toBe(2);
    expect(vehiclesMovedBy('DEPARTED', vehicles)).toBe(3);
    expect(vehiclesMovedBy('ARRIVED', vehicles)).toBe(4);
    expect(vehiclesMovedBy('RELEASED', vehicles)).toBe(4);
    expect(vehiclesMovedBy('LOADED', [])).toBe(0);
  });
});
