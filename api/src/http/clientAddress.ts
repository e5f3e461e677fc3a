import { isIP } from 'node:net';
import type { Context, Next } from 'koa';

/**
 * Which proxies in front of the server are trusted (TRUST_PROXY): how many of them there are
 * (`true` is one), or their addresses. Each proxy appends the address it was reached from to
 * X-Forwarded-For, so the client is the right-most address that is not one of our proxies; what
 * the client itself wrote is further left and never believed.
 */
export type TrustedProxies = { hops: number } | { addresses: ReadonlySet<string> } | null;

const OFF = new Set(['', '0', 'false', 'no', 'off']);
const ONE = new Set(['true', 'yes', 'on']);

/** TRUST_PROXY's value, or a message saying what it takes. */
export function parseTrustProxy(value: string): TrustedProxies | string {
  const text = value.trim().toLowerCase();
  if (OFF.has(text)) return null;
  if (ONE.has(text)) return { hops: 1 };
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? { hops: Number(text) } : 'at most 10 proxies';
  const addresses = text.split(/[\s,]+/).filter(Boolean).map(plainAddress);
  const wrong = addresses.find((address) => !isIP(address));
  if (wrong) return `"${wrong}" is not an IP address: give true, the number of proxies in front, or their addresses`;
  return { addresses: new Set(addresses) };
}

/** An IPv4 client seen on an IPv6 socket (::ffff:192.0.2.1) is that IPv4 address. */
const plainAddress = (address: string) => address.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

/**
 * The client address with trusted proxies given by address: from the socket's peer leftwards
 * through X-Forwarded-For, the first hop that is not a trusted proxy. (With a number of proxies,
 * Koa's maxIpsCount does the same by position.)
 */
export function clientAddressBehind(addresses: ReadonlySet<string>) {
  return async (ctx: Context, next: Next) => {
    const forwarded = (ctx.get('X-Forwarded-For') || '').split(',').map(plainAddress).filter(Boolean);
    const hops = [...forwarded, plainAddress(ctx.req.socket.remoteAddress ?? '')];
    let at = hops.length - 1;
    while (at > 0 && addresses.has(hops[at])) at--;
    ctx.request.ip = hops[at];
    await next();
  };
}
