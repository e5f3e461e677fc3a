/**
 * The chosen interface language: kept in localStorage so it survives reloads and sign-outs, and
 * mirrored on <html lang dir> so the whole page (and the browser's own widgets) follow it.
 * A tiny external store: the root component subscribes to it to switch the MUI theme direction and
 * the emotion cache, and the language switch writes to it together with react-admin's locale.
 */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'vehicle-export.language';
const listeners = new Set<() => void>();

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export const directionOf = (language: Language): 'ltr' | 'rtl' => (language === 'ar' ? 'rtl' : 'ltr');

function readStored(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : 'en';
  } catch {
    return 'en'; // storage can be blocked (privacy settings, sandboxed iframe)
  }
}

let current: Language = readStored();

function applyToDocument(language: Language) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

applyToDocument(current);

export const getLanguage = (): Language => current;

/**
 * A language chosen for this visit only (a `?lang=ar` link, docs/embedding.md): shown at once,
 * neither saved in this browser nor overridden by the user's stored choice. Choosing a language
 * in the console ends it (setLanguage).
 */
let visitLanguage: Language | undefined;

export function chooseVisitLanguage(language: Language) {
  visitLanguage = language;
  if (language === current) return;
  current = language;
  applyToDocument(language);
  listeners.forEach((listener) => listener());
}

export const hasVisitLanguage = (): boolean => visitLanguage !== undefined;

export function setLanguage(language: Language) {
  visitLanguage = undefined;
  if (language === current) return;
  current = language;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, language);
  } catch {
    // not persisted, still applied for this visit
  }
  applyToDocument(language);
  listeners.forEach((listener) => listener());
}

export function subscribeLanguage(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}


/**
 * The language to switch to for a signed-in user, if any: the language they chose is theirs in
 * every browser (and in an intranet's iframe, whose storage the browser keeps apart), so it wins
 * over this browser's own choice, though not over a language asked for this visit (?lang=). None stored (null), or the one already shown: nothing to do.
 */
export function userLanguageToApply(userLanguage: unknown, current: Language = getLanguage(), visit: boolean = hasVisitLanguage()): Language | undefined {
  // A language asked for this visit (?lang=) wins until the user chooses another.
  if (visit) return undefined;
  return isLanguage(userLanguage) && userLanguage !== current ? userLanguage : undefined;
}
