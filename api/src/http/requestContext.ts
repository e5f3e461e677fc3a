import type { Context, Next } from 'koa';

/**
 * The client's address of the request that acts, for the record of events
 * (resources/auditLog/record.ts), kept with the request's signed-in user: the user is read afresh
 * for every request (http/auth.ts) and is the actor the request's operations are given, so an
 * event finds its request's address through its actor, in work the request leaves running too
 * (an import's steps). Not an AsyncLocalStorage: on Node 20 one turns on promise hooks for every
 * promise of the process, which cost a write 5-12% of its CPU (a status change, an edit; 28 Nov
 * 2026). An actor no request signed in (the command line, the demo loader, tests that call
 * operations) has no address, and its events say so with a null address; a request that has no
 * signed-in user yet (a sign-in, a registration) gives its address with its events.
 */
const addresses = new WeakMap<object, string | null>();

/** The request's client address as events record it (null where koa has none). */
export const requestAddress = (ctx: Context): string | null => ctx.ip || null;

/** After loadCurrentUser: the signed-in user acts from the request's address. */
export function requestContext() {
  return (ctx: Context, next: Next) => {
    if (ctx.state.user) addresses.set(ctx.state.user, requestAddress(ctx));
    return next();
  };
}

/** The address of the request whose signed-in user `actor` is, or null. */
export const addressOf = (actor: object | null | undefined): string | null => (actor ? (addresses.get(actor) ?? null) : null);
