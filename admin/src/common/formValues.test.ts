import { describe, expect, it } from 'vitest';
import { idOrNull, isoDateOrNull, textOrNull } from './formValues';

describe('form values for the API', () => {
  it('read texts', () => {
    expect(textOrNull('  BK-1 ')).toBe('BK-1');
    expect(textOrNull('   ')).toBeNull();
    expect(textOrNull(undefined)).toBeNull();
    expect(textOrNull(2026)).toBe('2026');
  });

  it('read ids', () => {
    expect(idOrNull(undefined)).toBeNull();
    expect(idOrNull('')).toBeNull();
    expect(idOrNull('abc')).toBeNull();
    expect(idOrNull(12)).toBe(12);
  });

  it('read dates', () => {
    expect(isoDateOrNull(null)).toBeNull();
    expect(isoDateOrNull('not a date')).toBeNull();
    expect(isoDateOrNull('2026-02-03')).toBe('2026-02-03');
    expect(isoDateOrNull('2026-02-03T10:00:00Z')).toBe('2026-02-03T10:00:00.000Z');
    expect(isoDateOrNull(new Date(Date.UTC(2026, 0, 5)))).toBe('2026-01-05T00:00:00.000Z');
  });
});
