import { useCallback, useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useCurrentUser, useReplaceCurrentUser } from '../providers/useCurrentUser';
import { applyLanguage } from '../providers/switchLanguage';
import { getLanguage, type Language } from '../i18n/language';
import { saveLanguage } from './api';

/** A notice for the page as it is rebuilt in the new language (see below). */
let pendingNotice: string | undefined;

/**
 * Switches the interface language. A signed-in user's choice is stored on the account first
 * (PATCH /api/user), so it follows them to every browser and into an intranet's iframe; a visitor's
 * stays in this browser. If the account cannot store it, the switch still happens here and a
 * warning says so. react-admin rebuilds the whole page on a change of locale, which drops the
 * toasts on screen: the warning is shown by the rebuilt page (useLanguageNotice).
 */
export function useSwitchLanguage() {
  const { user } = useCurrentUser();
  const replaceCurrentUser = useReplaceCurrentUser();
  const notify = useNotify();
  return useCallback(
    async (language: Language) => {
      if (user && user.language !== language) {
        try {
          replaceCurrentUser(await saveLanguage(language));
        } catch {
          if (language === getLanguage()) notify('language.saveFailed', { type: 'warning' });
          else pendingNotice = 'language.saveFailed';
        }
      }
      await applyLanguage(language);
    },
    [user, replaceCurrentUser, notify],
  );
}

/** Shows the notice a language switch left for the page rebuilt in the new language. */
export function useLanguageNotice() {
  const notify = useNotify();
  useEffect(() => {
    if (!pendingNotice) return;
    const message = pendingNotice;
    pendingNotice = undefined;
    notify(message, { type: 'warning' });
  }, [notify]);
}
