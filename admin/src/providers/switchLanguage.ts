import { loadCatalogue } from '../i18n/i18nProvider';
import { setLanguage, userLanguageToApply, type Language } from '../i18n/language';
import { store } from './store';

/**
 * Switches the interface: the catalogue first (the texts arrive before the layout mirrors), then
 * the page direction and saved choice (language.ts), then react-admin's locale (the 'locale' key
 * of its store, which is what useLocaleState sets).
 */
export async function applyLanguage(language: Language) {
  await loadCatalogue(language);
  setLanguage(language);
  store.setItem('locale', language);
}

/** Applies the user's stored language, if any; a catalogue that fails to load leaves the page as it is. */
export async function followUserLanguage(user: { language?: unknown } | null | undefined) {
  const language = userLanguageToApply(user?.language);
  if (language) await applyLanguage(language).catch(() => undefined);
}
