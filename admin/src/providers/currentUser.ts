import type { SignedInUser } from '@domain/signedInUser';
import type { Language } from '../i18n/language';
import { followUserLanguage } from './switchLanguage';
import { followUserTheme, type ThemePreference } from './themePreference';
import { API_URL, httpClient, statusOf } from './http';

/**
 * The signed-in user as /api/user, /api/login and /api/register return it: what the server's
 * guards read (mustChangePassword: an administrator gave the password, making the account or
 * resetting it, or it was generated, and the console allows nothing but changing it), with the account's preferences.
 */
export interface CurrentUser extends Omit<SignedInUser, 'mustChangePassword'> {
  mustChangePassword?: boolean;
  /** The interface language the user chose, stored on the account (null: none chosen yet). */
  language?: Language | null;
  /** The theme the user chose, stored on the account ('system' follows the operating system). */
  theme?: ThemePreference;
  createdAt?: string;
}

/**
 * One cached answer of GET /api/user, shared by the authProvider (canAccess, getPermissions, many
 * calls per page) and the useCurrentUser hook. Sign-in, registration and sign-out replace it.
 */
let cached: Promise<CurrentUser | null> | undefined;

/** Who is told of each user learnt (embedding/ tells an intranet parent of a sign-in or sign-out). */
const listeners = new Set<(user: CurrentUser | null) => void>();
const tell = (user: CurrentUser | null) => listeners.forEach((listener) => listener(user));

export function subscribeCurrentUser(listener: (user: CurrentUser | null) => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Asks the server; a 401 means nobody is signed in, which is not an error. The user's stored
 * language is applied before the answer is handed on, so the first signed-in page is already in it.
 */
export function fetchCurrentUser(): Promise<CurrentUser | null> {
  const request = httpClient(`${API_URL}/user`).then(
    async ({ json }) => {
      await followUserLanguage(json as CurrentUser);
      followUserTheme(json as CurrentUser);
      tell(json as CurrentUser);
      return json as CurrentUser;
    },
    (error) => {
      if (statusOf(error) !== 401) throw error;
      tell(null);
      return null;
    },
  );
  cached = request;
  request.catch(() => {
    if (cached === request) cached = undefined; // do not keep a failure: the next call retries
  });
  return request;
}

export const getCurrentUser = (): Promise<CurrentUser | null> => cached ?? fetchCurrentUser();

export function setCurrentUser(user: CurrentUser | null) {
  cached = Promise.resolve(user);
  followUserTheme(user); // a sign-in's answer carries the account's theme
  tell(user);
}

/** Approved and active: may use the console beyond /waiting-approval. */
export const isApproved = (user: CurrentUser | null | undefined): user is CurrentUser =>
  !!user && !user.pendingApproval && user.active !== false;
