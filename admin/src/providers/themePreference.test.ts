import { describe, expect, it } from 'vitest';
import {
  THEME_STORAGE_KEY,
  readThemePreference,
  systemPrefersDark,
  themeModeOf,
  watchSystemDark,
  writeThemePreference,
} from './themePreference';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
};
const blockedStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('SecurityError');
  },
};

/** A matchMedia whose dark preference the test sets and changes. */
const fakeMatchMedia = (dark: boolean) => {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const list = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => void listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => void listeners.delete(listener),
  };
  const matchMedia = (query: string) => {
    expect(query).toBe('(prefers-color-scheme: dark)');
    return list as unknown as MediaQueryList;
  };
  const setDark = (value: boolean) => {
    dark = value;
    listeners.forEach((listener) => listener({ matches: value } as MediaQueryListEvent));
  };
  return { matchMedia, setDark, listeners };
};

describe('theme preference (issue 33)', () => {
  it('is system by default, and when what is stored is not light, dark or system', () => {
    expect(readThemePreference(memoryStorage())).toBe('system');
    expect(readThemePreference(memoryStorage({ [THEME_STORAGE_KEY]: 'sepia' }))).toBe('system');
    expect(readThemePreference(blockedStorage)).toBe('system');
    expect(readThemePreference(undefined)).toBe('system');
  });

  it('stores light, dark or system in the browser', () => {
    const storage = memoryStorage();
    for (const preference of ['light', 'dark', 'system'] as const) {
      expect(writeThemePreference(preference, storage)).toBe(true);
      expect(storage.values.get(THEME_STORAGE_KEY)).toBe(preference);
      expect(readThemePreference(storage)).toBe(preference);
    }
    expect(writeThemePreference('dark', blockedStorage)).toBe(false);
  });

  it('derives the mode: system follows the operating system, light and dark are themselves', () => {
    expect(themeModeOf('system', true)).toBe('dark');
    expect(themeModeOf('system', false)).toBe('light');
    expect(themeModeOf('light', true)).toBe('light');
    expect(themeModeOf('dark', false)).toBe('dark');
    const os = fakeMatchMedia(true);
    expect(systemPrefersDark(os.matchMedia)).toBe(true);
    expect(themeModeOf(readThemePreference(memoryStorage()), systemPrefersDark(os.matchMedia))).toBe('dark');
    expect(themeModeOf(readThemePreference(memoryStorage({ [THEME_STORAGE_KEY]: 'light' })), systemPrefersDark(os.matchMedia))).toBe('light');
    os.setDark(false);
    expect(themeModeOf(readThemePreference(memoryStorage()), systemPrefersDark(os.matchMedia))).toBe('light');
    expect(systemPrefersDark(undefined)).toBe(false);
  });

  it('tells when the operating system changes its preference, until unsubscribed', () => {
    const os = fakeMatchMedia(false);
    const seen: boolean[] = [];
    const stop = watchSystemDark((dark) => seen.push(dark), os.matchMedia);
    os.setDark(true);
    os.setDark(false);
    stop();
    os.setDark(true);
    expect(seen).toEqual([true, false]);
    expect(os.listeners.size).toBe(0);
  });
});
