/**
 * The pages the sign-in flow sends a user to: the authProvider redirects there, the layout keeps a
 * user there until they may go on, and App.tsx routes them.
 */

/** Sign-in and registration (outside the layout). */
export const AUTH_PATH = '/auth';

/** A registered user waits here until an administrator approves the account (outside the layout). */
export const WAITING_PATH = '/waiting-approval';

/** The change-password screen: from the account menu, and the only page while a reset password waits to be replaced. */
export const CHANGE_PASSWORD_PATH = '/change-password';
