import { describe, expect, it } from 'vitest';
import { formatKb, keyStep, splitByAccept, stepIndex, zipName, RECORD_DOCUMENT_ACCEPT, SHARED_DOCUMENT_ACCEPT, IMAGE_ACCEPT } from './format';

describe('formatKb (bytes / 1024, two decimals)', () => {
  it('divides by 1024 and keeps two decimals', () => {
    expect(formatKb(1024)).toBe('1.00');
    expect(formatKb(1536)).toBe('1.50');
    expect(formatKb(0)).toBe('0.00');
    expect(formatKb(1)).toBe('0.00');
    expect(formatKb(12_345)).toBe('12.06');
    expect(formatKb(5 * 1024 * 1024)).toBe('5120.00');
  });
  it('reads numbers sent as text (MySQL BIGINT) and shows a dash for nothing or nonsense', () => {
    expect(formatKb('2048')).toBe('2.00');
    expect(formatKb(null)).toBe('—');
    expect(formatKb(undefined)).toBe('—');
    expect(formatKb('')).toBe('—');
    expect(formatKb('abc')).toBe('—');
    expect(formatKb(-5)).toBe('—');
  });
});

describe('the viewer index', () => {
  it('steps forward and back between the first and the last image, without wrapping', () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(1, 1, 3)).toBe(2);
    expect(stepIndex(2, 1, 3)).toBe(2);
    expect(stepIndex(2, -1, 3)).toBe(1);
    expect(stepIndex(0, -1, 3)).toBe(0);
    expect(stepIndex(0, 1, 1)).toBe(0);
    expect(stepIndex(5, 0, 3)).toBe(2);
    expect(stepIndex(3, 1, 0)).toBe(0);
  });
  it('follows the arrow keys in the direction of the page, Home and End', () => {
    expect(keyStep('ArrowRight', 'ltr', 0, 3)).toBe(1);
    expect(keyStep('ArrowLeft', 'ltr', 1, 3)).toBe(0);
    expect(keyStep('ArrowLeft', 'rtl', 0, 3)).toBe(1);
    expect(keyStep('ArrowRight', 'rtl', 1, 3)).toBe(0);
    expect(keyStep('ArrowRight', 'ltr', 2, 3)).toBe(2);
    expect(keyStep('End', 'ltr', 0, 3)).toBe(2);
    expect(keyStep('Home', 'rtl', 2, 3)).toBe(0);
    expect(keyStep('Enter', 'ltr', 0, 3)).toBeNull();
  });
});

describe('upload filters', () => {
  const file = (name: string, type = '') => new File(['x'], name, { type });
  it('lets documents of a record be PDF, DOC or DOCX only, by extension in any case', () => {
    const { accepted, refused } = splitByAccept([file('a.pdf'), file('B.DOCX'), file('c.doc'), file('d.txt'), file('e.png')], RECORD_DOCUMENT_ACCEPT);
    expect(accepted.map((f) => f.name)).toEqual(['a.pdf', 'B.DOCX', 'c.doc']);
    expect(refused.map((f) => f.name)).toEqual(['d.txt', 'e.png']);
  });
  it('adds TXT for shared documents, and takes images by type or extension', () => {
    expect(splitByAccept([file('notes.txt')], SHARED_DOCUMENT_ACCEPT).accepted).toHaveLength(1);
    expect(splitByAccept([file('photo', 'image/jpeg'), file('x.webp'), file('y.gif', 'image/gif')], IMAGE_ACCEPT).refused.map((f) => f.name)).toEqual(['y.gif']);
  });
});

describe('file addresses', () => {
  it('names the ZIP as the API does', () => {
    expect(zipName('vehicles', 12)).toBe('vehicle_12_images.zip');
    expect(zipName('containers', 4)).toBe('container_4_images.zip');
  });
});
