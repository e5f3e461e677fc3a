import { describe, expect, it } from 'vitest';
import { documentKind, firstOf, lastOf } from './printLimits';

describe('what the printed sheet carries of each list', () => {
  it('keeps the first items and counts the others', () => {
    expect(firstOf([1, 2, 3, 4, 5, 6], 4)).toEqual({ shown: [1, 2, 3, 4], more: 2 });
    expect(firstOf([1, 2], 4)).toEqual({ shown: [1, 2], more: 0 });
    expect(firstOf([], 4)).toEqual({ shown: [], more: 0 });
  });

  it('keeps the newest entries of a history, oldest first, and counts the earlier ones', () => {
    expect(lastOf(['a', 'b', 'c', 'd'], 2)).toEqual({ shown: ['c', 'd'], more: 2 });
    expect(lastOf(['a'], 2)).toEqual({ shown: ['a'], more: 0 });
    expect(lastOf(['a'], 0)).toEqual({ shown: [], more: 1 });
  });

  it('names a document by its extension', () => {
    expect(documentKind('bill-of-lading.pdf')).toBe('PDF');
    expect(documentKind('Title.Deed.DocX')).toBe('DOCX');
    expect(documentKind('no-extension')).toBe('—');
    expect(documentKind(undefined)).toBe('—');
  });
});
