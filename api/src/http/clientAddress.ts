import type { Context, Next } from 'koa';
import { plainAddress } from '../config';


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
