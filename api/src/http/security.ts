import type { Context, Next } from 'koa';
import type { Config } from '../config';
import { HttpError } from './errors';

/** CSP with the configured frame-ancestors, nosniff and a referrer policy on every response. */
export function securityHeaders(config: Config) {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // MUI (emotion) injects style elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${config.frameAncestors}`,
  ].join('; ');
  return async (ctx: Context, next: Next) => {
    ctx.set('Content-Security-Policy', csp);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    await next();
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing requests sent by another site (a forged form or fetch riding on the
 * session cookie). Requests without Origin, Referer and Sec-Fetch-Site (scripts, curl) pass.
 */
export function crossSiteGuard(config: Config) {
  const allowed = new Set(config.allowedOrigins);
  const refuse = () => new HttpError(403, 'auth.crossSite', 'Cross-site request refused');
  return async (ctx: Context, next: Next) => {
    if (STATE_CHANGING.has(ctx.method)) {
      // Not ctx.origin: since Koa 3 that is the request's Origin header, which would allow anyone.
      const ownOrigin = `${ctx.protocol}://${ctx.host}`;
      const claimed = ctx.get('Origin') || ctx.get('Referer');
      const origin = claimed ? originOf(claimed) : undefined;
      const isAllowed = origin === ownOrigin || (origin !== undefined && origin !== null && allowed.has(origin));
      if (claimed && !isAllowed) throw refuse();
      // A browser says cross-site itself; only an origin the operator listed may do that.
      if (ctx.get('Sec-Fetch-Site') === 'cross-site' && !(origin && allowed.has(origin))) throw refuse();
    }
    await next();
  };
}
