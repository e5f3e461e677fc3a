import type { Context, Next } from 'koa';
import helmet from 'koa-helmet';
import type { Config } from '../config';
import { HttpError } from './errors';

/**
 * Security headers through helmet: our CSP with the configured frame-ancestors, nosniff, a
 * same-origin referrer policy and opener policy, and helmet's other defaults. Left out, because
 * a plain-HTTP intranet install and intranet iframes must keep working: HSTS and
 * upgrade-insecure-requests (TLS is the operator's choice, often at a proxy), and X-Frame-Options
 * (frame-ancestors says who may frame the console; X-Frame-Options cannot name other sites).
 */
export function securityHeaders(config: Config) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: config.frameAncestors.split(/\s+/).filter(Boolean),
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Photos and invoices are fetched by the console's own pages only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
    xFrameOptions: false,
  });
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
