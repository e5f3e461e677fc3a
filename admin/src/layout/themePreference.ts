/**
 * The theme preference (SPEC.md §1, §3, §4, §9): light, dark or system, system by default, kept in
 * the browser's localStorage. "system" follows the operating system's dark preference
 * (`prefers-color-scheme: dark`) in the derived mode. The console itself is forced to light in use
 * (SPEC.md §1): the preference is stored and derived, never applied to the MUI theme.
 */
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ThemeMode = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'vehicle-export.theme';
export const DEFAULT_THEME_PREFERENCE: ThemePreference = 'system';
/** What the console renders, whatever the preference. */
export const THEME_IN_USE: ThemeMode = 'light';

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

/** The derived mode of the stored preference, now. */
export const preferredThemeMode = (storage?: Storage, matchMedia?: MatchMedia): ThemeMode =>
  themeModeOf(readThemePreference(storage ?? browserStorage()), systemPrefersDark(matchMedia ?? browserMatchMedia()));

/** Calls `listener` whenever the operating system's dark preference changes ("system" follows it). */
export function watchSystemDark(listener: (prefersDark: boolean) => void, matchMedia: MatchMedia | undefined = browserMatchMedia()): () => void {
  const query = matchMedia?.(DARK_QUERY);
  if (!query) return () => {};
  const onChange = (event: MediaQueryListEvent) => listener(event.matches);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
