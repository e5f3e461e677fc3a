import { chooseVisitLanguage, isLanguage } from '../i18n/language';

/**
 * `?lang=ar` (or `en`) on the address the console is opened with chooses the language for this
 * visit (an intranet linking in its own language, docs/embedding.md); without it the user's
 * stored preference, else this browser's, is used. Read once, before the first render.
 */
export function applyVisitLanguage(search: string = window.location.search) {
  const asked = new URLSearchParams(search).get('lang');
  if (isLanguage(asked)) chooseVisitLanguage(asked);
}
