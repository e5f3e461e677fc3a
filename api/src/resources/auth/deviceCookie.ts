import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * has signed in to an account holds a signed cookie for that account, and its sign-in attempts are
 * counted apart from everyone else's (throttle.ts), so guesses from elsewhere, or from the same
 * office address, never lock the owner out.
 *
 * One cookie per account, named after a hash of the username: koa's signature (app.keys, the
 * session secret) covers the name and the value, so a cookie made up, or copied from another
 * account's name, fails the check and counts as none. The value is a random id, new at every
 * sign-in, that names this browser's own count of attempts.
 */
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export const deviceCookieName = (username: string) => `device-${createHash('sha256').update(username.toLowerCase()).digest('hex').slice(0, 20)}`;

/** This browser's device id for the account, when it holds a valid device cookie for it. */
export function readDeviceCookie(ctx: Context, username: string): string | null {
  const value = ctx.cookies.get(deviceCookieName(username), { signed: true });
  return value && /^[0-9a-f]{32}$/.test(value) ? value : null;
}

/** After a right password: a new device id for this browser and account. */
export function issueDeviceCookie(ctx: Context, username: string): void {
  ctx.cookies.set(deviceCookieName(username), randomBytes(16).toString('hex'), {
    signed: true,
    httpOnly: true,
    // As the session cookie outside an embed; an embedded console (EMBED_CROSS_SITE) keeps today's limits.
    sameSite: 'lax',
    secure: ctx.secure,
    // Only sign-in reads it: no other request carries it.
    path: '/api/login',
    maxAge: YEAR_MS,
    overwrite: true,
  });
}
