import { describe, expect, it } from 'vitest';
import { isConsolePath, parentCommand, SOURCE } from './protocol';

describe("the parent's commands", () => {
  it('takes navigate to a console path and setLanguage to a language of the console', () => {
    expect(parentCommand({ source: SOURCE, type: 'navigate', path: '/vehicles?filter=%7B%7D' })).toEqual({ type: 'navigate', path: '/vehicles?filter=%7B%7D' });
    expect(parentCommand({ source: SOURCE, type: 'setLanguage', lang: 'ar' })).toEqual({ type: 'setLanguage', lang: 'ar' });
  });

  it('ignores messages of others, unknown types and bad values', () => {
    for (const data of [
      null,
      'navigate',
      { type: 'navigate', path: '/vehicles' },
      { source: 'other', type: 'navigate', path: '/vehicles' },
      { source: SOURCE, type: 'reload' },
      { source: SOURCE, type: 'setLanguage', lang: 'fr' },
      { source: SOURCE, type: 'navigate', path: 42 },
    ]) {
      expect(parentCommand(data)).toBeUndefined();
    }
  });

  it('takes only paths inside the console', () => {
    for (const path of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'vehicles', '/a\nb', '']) expect(isConsolePath(path)).toBe(false);
    for (const path of ['/', '/vehicles/12/show', '/invoices?x=1#top']) expect(isConsolePath(path)).toBe(true);
  });
});
