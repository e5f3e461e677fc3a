import type { Context, Next } from 'koa';
import helmet from 'koa-helmet';
import type { Config } from '../config';
import { HttpError } from './errors';
import type { Logger } from './logger';
import { ownOrigin } from './origins';

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
 * Each refusal logs one line with what was compared and the settings that decide it: a proxy
 * or an intranet set up without them sees every sign-in refused, and the log must point the
 * operator to the fix rather than to "another site".
 */
export function crossSiteGuard(config: Config, logger?: Logger) {
  const allowed = new Set(config.allowedOrigins);
  return async (ctx: Context, next: Next) => {
    if (STATE_CHANGING.has(ctx.method)) {
      const own = ownOrigin(ctx, config);
      const claimed = ctx.get('Origin') || ctx.get('Referer');
      const origin = claimed ? originOf(claimed) : undefined;
      const fetchSite = ctx.get('Sec-Fetch-Site');
      const isAllowed = origin === own.origin || (origin !== undefined && origin !== null && allowed.has(origin));
      // A browser says cross-site itself; only an origin the operator listed may do that.
      const refused = (claimed && !isAllowed) || (fetchSite === 'cross-site' && !(origin && allowed.has(origin)));
      if (refused) {
        logger?.info(refusalLine(config, { origin: claimed ? (origin ?? claimed) : '(none)', own: own.origin, hostFrom: own.hostFrom, fetchSite }), {
          origin: claimed ? (origin ?? claimed) : null,
          ownOrigin: own.origin,
          hostFrom: own.hostFrom,
          secFetchSite: fetchSite || null,
          path: ctx.path,
        });
        throw new HttpError(403, 'auth.crossSite', 'Cross-site request refused');
      }
    }
    await next();
  };
}

/** The refusal's one log line: what was compared, and which settings would change the outcome. */
function refusalLine(config: Config, facts: { origin: string; own: string; hostFrom: string; fetchSite: string }): string {
  const proxyHint = config.trustProxy
    ? 'behind the proxy, pass the host with its port (X-Forwarded-Host $http_host, or X-Forwarded-Port) and X-Forwarded-Proto'
    : 'behind a reverse proxy, set TRUST_PROXY and pass X-Forwarded-Proto and X-Forwarded-Host with the port';
  return (
    `cross-site request refused: origin ${facts.origin} is not this server's ${facts.own} (host from ${facts.hostFrom}, TRUST_PROXY ${config.trustProxy ? 'on' : 'off'}` +
    `${facts.fetchSite ? `, Sec-Fetch-Site ${facts.fetchSite}` : ''}) nor in ALLOWED_ORIGINS; if it is the console's own address, ${proxyHint}; ` +
    'if it is an intranet page that frames the console, add its origin to ALLOWED_ORIGINS (and FRAME_ANCESTORS)'
  );
}
