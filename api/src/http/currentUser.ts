import type { SignedInUser } from '../domain/signedInUser';

/**
 * The app's own type for a signed-in user. http/ relies only on the SignedInUser shape; the app
 * names its type by adding `user` to this interface (api/src/accounts.ts does), so route handlers
 * get their model back from approvedUser() while http/ imports nothing of theirs.
 */
export interface SignedInUserType {}

export type CurrentUser = SignedInUserType extends { user: infer U extends SignedInUser } ? U : SignedInUser;

declare module 'koa' {
  interface DefaultState {
    /** Set by loadCurrentUser (http/auth.ts) on every request: null when nobody is signed in. */
    user?: CurrentUser | null;
    /** The user the session store read in the same query as the session (http/session.ts). */
    sessionUser?: CurrentUser;
  }
}
