import type { Context, Next } from 'koa';

type Turns = { running: number; waiting: (() => void)[] };

/**
 * Uploads (a file sent to a file route): they spend their time receiving it, and images have their
 * own per-user queue (services/files/images.ts). Told by method and path as well as by the body's
 * type, so that no other request escapes the bound by naming a file type.
 */
const STREAMED_BODY = /^(multipart\/|application\/octet-stream)/i;
const UPLOAD_PATH = /^\/api\/((vehicles|containers)\/\d+\/files|documents|(vehicles|containers)\/import)\/?$/;
const isUpload = (ctx: Context) => ctx.method === 'POST' && UPLOAD_PATH.test(ctx.path) && STREAMED_BODY.test(ctx.get('content-type'));

/**
 * Routes that mostly wait for an outside service (the VIN decoder, the vision model: seconds, up
 * to minutes), during which the user's other requests must go on.
 */
const WAITS_OUTSIDE = /^\/api\/(vin\/|vehicle-makes|ai\/|vehicles\/\d+\/(accident-analysis|files\/\d+\/detect-color))/;

/**
 * No user starves the others: each signed-in user has at most `perUser` requests handled at once
 * in this process; the next ones wait, in the order they came, behind that user's own, never in
 * front of anyone else's. A super admin searching every company over several connections then
 * holds one core's worth of work, not every core, while the others' requests go straight in.
 *
 * A request holds its turn while its handler runs (database work, JSON), not while its answer
 * streams to the client (a download); uploads and the routes that wait for an outside service
 * are not bounded (isUpload, WAITS_OUTSIDE). Requests without a
 * user (sign-in, health, the console's files) are not bounded here. The bound is per process:
 * with API_PROCESSES above 1 a user has at most that many times `perUser` in flight in all.
 */
export function fairShare(perUser: number) {
  const byUser = new Map<number, Turns>();

  const release = (userId: number, turns: Turns) => {
    const next = turns.waiting.shift();
    if (next) next();
    else if (--turns.running === 0) byUser.delete(userId);
  };

  const middleware = async (ctx: Context, next: Next) => {
    const userId = (ctx.state.user as { id?: number } | null)?.id;
    if (typeof userId !== 'number' || isUpload(ctx) || WAITS_OUTSIDE.test(ctx.path)) return next();
    let turns = byUser.get(userId);
    if (!turns) byUser.set(userId, (turns = { running: 0, waiting: [] }));
    if (turns.running < perUser) turns.running++;
    // The turn passes from the request that ends to this one: `running` stays as it is.
    else await new Promise<void>((resolve) => turns.waiting.push(resolve));
    try {
      // A client that went away while it waited needs no answer.
      if (!ctx.req.socket.destroyed) await next();
    } finally {
      release(userId, turns);
    }
  };
  /** Requests waiting for their turn now, over all users (tests watch it). */
  const waiting = () => [...byUser.values()].reduce((n, turns) => n + turns.waiting.length, 0);
  return Object.assign(middleware, { waiting });
}
