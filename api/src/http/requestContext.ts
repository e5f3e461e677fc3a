import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, Next } from 'koa';

/**
 * What a write needs to know of the request that made it and its operations are not given: the
 * client's address, for the record of events (resources/auditLog/record.ts). Kept in an
 * AsyncLocalStorage rather than passed through every operation's arguments; outside a request (the
 * command line, the demo loader, tests that call operations) there is none, and the event says so
 * with a null address.
 */
export type RequestContext = { ip: string | null };

const storage = new AsyncLocalStorage<RequestContext>();

export const currentRequest = (): RequestContext | undefined => storage.getStore();

/** Runs the rest of the request with its context; after the middleware that settles `ctx.ip`. */
export function requestContext() {
  return (ctx: Context, next: Next) => storage.run({ ip: ctx.ip || null }, next);
}
