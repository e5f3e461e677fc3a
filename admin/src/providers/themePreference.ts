import { THEMES, type Theme } from '@domain/themes';

/**
 * The theme preference (issue 33): light, dark or system, system by default. A signed-in user's
 * choice is stored on the account (PATCH /api/user, like the language) and followed in every
 * browser; this browser keeps a copy in localStorage, so a reload or the sign-in page shows the
 * right theme before the account is read. "system" follows the operating system's
 * `prefers-color-scheme` and its changes. A tiny external store: the root component subscribes to
 * it (useThemeMode) and gives MUI the light or dark theme.
 */
export const THEME_PREFERENCES = THEMES;
export type ThemePreference = Theme;
export type ThemeMode = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'vehicle-export.theme';
export const DEFAULT_THEME_PREFERENCE: ThemePreference = 'system';

const DARK_QUERY = '(prefers-color-scheme: dark)';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;
type MatchMedia = (query: string) => Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'>;

const browserStorage = (): Storage | undefined => globalThis.localStorage;
const browserMatchMedia = (): MatchMedia | undefined =>
  typeof globalThis.matchMedia === 'function' ? (query) => globalThis.matchMedia(query) : undefined;

export const isThemePreference = (value: unknown): value is ThemePreference => THEME_PREFERENCES.includes(value as ThemePreference);

/** The stored preference; system when none is stored, it is not one of the three, or storage is blocked. */
export function readThemePreference(storage: Storage | undefined = browserStorage()): ThemePreference {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : DEFAULT_THEME_PREFERENCE;
  } catch {
    return DEFAULT_THEME_PREFERENCE; // storage can be blocked (privacy settings, sandboxed iframe)
  }
}

/** Stores the preference; false when the browser refused (it then holds for this visit only). */
export function writeThemePreference(preference: ThemePreference, storage: Storage | undefined = browserStorage()): boolean {
  try {
    if (!storage) return false;
    storage.setItem(THEME_STORAGE_KEY, preference);
    return true;
  } catch {
    return false;
  }
}

/** Whether the operating system asks for dark (false where the browser cannot tell). */
export const systemPrefersDark = (matchMedia: MatchMedia | undefined = browserMatchMedia()): boolean =>
  matchMedia?.(DARK_QUERY).matches ?? false;

/** The mode a preference stands for: system follows the operating system. */
export const themeModeOf = (preference: ThemePreference, prefersDark: boolean): ThemeMode =>
  preference === 'system' ? (prefersDark ? 'dark' : 'light') : preference;

/** Calls `listener` whenever the operating system's dark preference changes ("system" follows it). */
export function watchSystemDark(listener: (prefersDark: boolean) => void, matchMedia: MatchMedia | undefined = browserMatchMedia()): () => void {
  const query = matchMedia?.(DARK_QUERY);
  if (!query) return () => {};
  const onChange = (event: MediaQueryListEvent) => listener(event.matches);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

// The page's current preference and mode, and who re-renders when either changes.
let preference: ThemePreference = readThemePreference();
let prefersDark = systemPrefersDark();
let mode: ThemeMode = themeModeOf(preference, prefersDark);
const listeners = new Set<() => void>();

function update() {
  const next = themeModeOf(preference, prefersDark);
  mode = next;
  listeners.forEach((listener) => listener());
}

export const getThemePreference = (): ThemePreference => preference;
/** What the page shows now: light or dark. */
export const getThemeMode = (): ThemeMode => mode;

/** Shows the preference at once and keeps it in this browser (the account's copy: account/useSwitchTheme). */
export function setThemePreference(next: ThemePreference) {
  writeThemePreference(next);
  if (next === preference) return;
  preference = next;
  update();
}

/** Applies a signed-in user's stored theme (it wins over this browser's copy). */
export function followUserTheme(user: { theme?: unknown } | null | undefined) {
  if (isThemePreference(user?.theme)) setThemePreference(user.theme);
}

let stopWatching: (() => void) | undefined;

export function subscribeThemeMode(listener: () => void) {
  listeners.add(listener);
  // The operating system is watched while anyone renders the theme ("system" follows its changes).
  stopWatching ??= watchSystemDark((dark) => {
    prefersDark = dark;
    update();
  });
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopWatching?.();
      stopWatching = undefined;
    }
  };
}
