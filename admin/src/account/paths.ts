import { CHANGE_PASSWORD_PATH } from '../providers/paths';

/** The router state the account menu passes: the page to go back to once the password is changed. */
export interface ChangePasswordState {
  from?: string;
}

/**
 * Where to go after the password was changed: back to the page the user came from (never to this
 * screen itself or a page outside the console), else the dashboard.
 */
export function returnPath(state: unknown): string {
  const from = (state as ChangePasswordState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  if (from === CHANGE_PASSWORD_PATH || from.startsWith(`${CHANGE_PASSWORD_PATH}?`)) return '/';
  return from;
}
