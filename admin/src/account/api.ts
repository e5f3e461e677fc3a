import type { CurrentUser } from '../providers/currentUser';
import type { Language } from '../i18n/language';
import { sendJson } from '../providers/http';
import type { ThemePreference } from '../providers/themePreference';

/** PATCH /api/user: the interface language stored on the signed-in user's account. */
export const saveLanguage = (language: Language) => sendJson<CurrentUser>('PATCH', '/user', { language });

/** PATCH /api/user: the theme (light, dark or system) stored on the signed-in user's account. */
export const saveTheme = (theme: ThemePreference) => sendJson<CurrentUser>('PATCH', '/user', { theme });

/** POST /api/user/password: the signed-in user's own change (the user's other sessions end). */
export const changePassword = (currentPassword: string, newPassword: string) =>
  sendJson<CurrentUser>('POST', '/user/password', { currentPassword, newPassword });
