import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'ra-core';
import en from './en';
import { getLanguage, type Language } from './language';

/**
 * English ships with the main bundle; Arabic is its own chunk, loaded before the first render when
 * it is the saved language (see main.tsx) or on the first switch.
 */
let arabic: TranslationMessages | undefined;

export async function loadCatalogue(language: Language): Promise<TranslationMessages> {
  if (language === 'en') return en;
  arabic ??= (await import('./ar')).default;
  return arabic;
}

function getMessages(language: string): TranslationMessages | Promise<TranslationMessages> {
  if (language === 'ar') return arabic ?? loadCatalogue('ar');
  return en;
}

let provider: ReturnType<typeof polyglotI18nProvider> | undefined;

/**
 * One provider for the app's life, made at the first render: by then main.tsx has loaded the saved
 * language's catalogue, which polyglot needs synchronously.
 */
export function getI18nProvider() {
  provider ??= polyglotI18nProvider(getMessages, getLanguage(), [
    { locale: 'en', name: 'English' },
    { locale: 'ar', name: 'العربية' },
  ]);
  return provider;
}
