import type { CurrentUser } from '../providers/currentUser';
import { sendJson } from '../providers/http';

/** POST /api/register: a new account, waiting for approval (signed in when the API says so). */
export const register = (username: string, password: string) =>
  sendJson<{ message?: string; user?: CurrentUser }>('POST', '/register', { username, password });
