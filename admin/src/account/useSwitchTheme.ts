import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { useCurrentUser, useReplaceCurrentUser } from '../providers/useCurrentUser';
import { setThemePreference, type ThemePreference } from '../providers/themePreference';
import { saveTheme } from './api';

/**
 * Switches the theme: shown at once and kept in this browser, then stored on the account
 * (PATCH /api/user) so it follows the user to every browser. If the account cannot store it,
 * the page keeps the new theme and a warning says it holds in this browser only.
 */
export function useSwitchTheme() {
  const { user } = useCurrentUser();
  const replaceCurrentUser = useReplaceCurrentUser();
  const notify = useNotify();
  return useCallback(
    async (theme: ThemePreference) => {
      setThemePreference(theme);
      if (!user || user.theme === theme) return;
      try {
        replaceCurrentUser(await saveTheme(theme));
      } catch {
        notify('theme.saveFailed', { type: 'warning' });
      }
    },
    [user, replaceCurrentUser, notify],
  );
}
