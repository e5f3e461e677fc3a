import type { AuthProvider } from 'ra-core';
import { canAccess } from '@domain/permissions';
import { codeOf, sendJson, statusOf } from './http';
import { AUTH_PATH, CHANGE_PASSWORD_PATH, WAITING_PATH } from './paths';
import { queryClient } from './queryClient';
import { CURRENT_USER_KEY } from './useCurrentUser';
import { fetchCurrentUser, getCurrentUser, isApproved, setCurrentUser, type CurrentUser } from './currentUser';

/** Sign-in succeeded, but the browser did not send the session cookie back. */
export class SessionCookieRefused extends Error {
  constructor() {
    super('The browser did not keep the session cookie');
    this.name = 'SessionCookieRefused';
  }
}

/**
 * Sessions live in an HttpOnly cookie set by the API; the console only asks who is signed in.
 * canAccess reads the same permission table as the server (api/src/domain/permissions.ts).
 */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    await sendJson<CurrentUser>('POST', '/login', { username, password });
    // The session cookie must come back with the next request. A browser that refused it (a
    // cross-site intranet frame without EMBED_CROSS_SITE, cookies blocked for this site) answers
    // 401 here: say so on the form, rather than showing the first page and falling back to an
    // empty form. The user's stored language is applied on the way (fetchCurrentUser).
    const user = await fetchCurrentUser();
    if (!user) throw new SessionCookieRefused();
    // The auth page follows the user (to /, the page asked for, or /waiting-approval).
    return user;
  },

  async logout() {
    const user = await getCurrentUser().catch(() => undefined);
    // A visitor who is not signed in has no session to end.
    if (user !== null) await sendJson('POST', '/logout');
    setCurrentUser(null);
    return AUTH_PATH;
  },

  async checkAuth() {
    const user = await getCurrentUser();
    if (!user) throw { redirectTo: AUTH_PATH, message: false };
  },

  async checkError(error) {
    const status = statusOf(error);
    if (status === 401) {
      // A company deactivated meanwhile says why. react-admin shows the message only while the
      // user still counts as signed in, so the user is kept until logout() (which clears it).
      if (codeOf(error) === 'auth.companyInactive') {
        throw { redirectTo: AUTH_PATH, logoutUser: true, message: 'errors.auth.companyInactive' };
      }
      setCurrentUser(null);
      throw { redirectTo: AUTH_PATH, logoutUser: true, message: 'errors.auth.required' };
    }
    if (status === 403) {
      if (codeOf(error) === 'auth.pendingApproval') {
        await fetchCurrentUser().catch(() => undefined);
        throw { redirectTo: WAITING_PATH, logoutUser: false, message: false };
      }
      if (codeOf(error) === 'auth.mustChangePassword') {
        // An administrator reset the password meanwhile: the layout now shows only the change form.
        const user = await fetchCurrentUser().catch(() => undefined);
        if (user !== undefined) queryClient.setQueryData(CURRENT_USER_KEY, user);
        throw { redirectTo: CHANGE_PASSWORD_PATH, logoutUser: false, message: false };
      }
      // Signed in but not allowed: stay signed in and say so.
      throw { logoutUser: false, message: 'errors.auth.forbidden' };
    }
  },

  async getIdentity() {
    const user = await getCurrentUser();
    if (!user) throw new Error('Not signed in');
    return { ...user, id: user.id, fullName: user.username };
  },

  async getPermissions() {
    const user = await getCurrentUser();
    return isApproved(user) ? user.role : null;
  },

  async canAccess({ action, resource }) {
    const user = await getCurrentUser();
    return isApproved(user) && canAccess(user.role, { action, resource });
  },
};
