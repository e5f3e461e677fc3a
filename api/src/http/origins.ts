import type { Context } from 'koa';
import type { Config } from '../config';

/** Where ownOrigin took the host from, for the line a refusal logs. */
export type HostSource = 'X-Forwarded-Host' | 'Host' | 'Host + X-Forwarded-Port' | 'X-Forwarded-Host + X-Forwarded-Port';

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/** A host that names its port: `example.com:8443`, `[::1]:8443` (not `[::1]`). */
const hasPort = (host: string) => (host.startsWith('[') ? /\]:\d+$/.test(host) : /:\d+$/.test(host));

/**
 * The console's own origin as the browser sees it, which a state-changing request's Origin must
 * equal. Behind a trusted proxy (TRUST_PROXY) the scheme and host are the forwarded ones (Koa
 * reads X-Forwarded-Proto and X-Forwarded-Host). A proxy that passes the host without its port
 * (nginx's common `proxy_set_header Host $host;` on a port other than 443) would make every
 * browser request look foreign: its X-Forwarded-Port, when present, puts the port back. Not ctx.origin:
 * since Koa 3 that is the request's Origin header, which would allow anyone.
 */
export function ownOrigin(ctx: Context, config: Pick<Config, 'trustProxy'>): { origin: string; hostFrom: HostSource } {
  const protocol = ctx.protocol;
  let host = ctx.host;
  let hostFrom: HostSource = config.trustProxy && ctx.get('X-Forwarded-Host') ? 'X-Forwarded-Host' : 'Host';
  if (config.trustProxy && !hasPort(host)) {
    const port = ctx.get('X-Forwarded-Port').split(',')[0].trim();
    if (/^\d{1,5}$/.test(port)) {
      if (port !== DEFAULT_PORTS[protocol]) host = `${host}:${port}`;
      hostFrom = hostFrom === 'Host' ? 'Host + X-Forwarded-Port' : 'X-Forwarded-Host + X-Forwarded-Port';
    }
  }
  return { origin: `${protocol}://${host}`.toLowerCase(), hostFrom };
}

/**
 * The parent pages that may frame the console, as origins its messages may be posted to
 * (docs/embedding.md): the concrete http(s) origins of FRAME_ANCESTORS, `'self'` being the
 * console's own. Wildcards (`https://*.example.com`), bare schemes (`https:`), host names
 * without a scheme and `'none'` name no one origin and are left out: a message is never posted
 * to '*' or guessed at.
 */
export function frameParentOrigins(frameAncestors: string, own: string): string[] {
  const origins = new Set<string>();
  for (const source of frameAncestors.split(/\s+/).filter(Boolean)) {
    if (source.toLowerCase() === "'self'") {
      origins.add(own);
      continue;
    }
    if (source.includes('*') || !/^https?:\/\/[^/]/i.test(source)) continue;
    try {
      origins.add(new URL(source).origin);
    } catch {
      // not an origin: nothing to post to
    }
  }
  return [...origins];
}
