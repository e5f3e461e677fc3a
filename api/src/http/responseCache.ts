import type { Context, Next } from 'koa';
import { LRUCache } from 'lru-cache';
import { dataVersionReadWithSession } from './session';

/** A kept answer: its JSON text, and a list's Content-Range (http/listQuery.ts). */
type KeptResponse = { body: string; contentRange?: string };

const CONTENT_RANGE = 'Content-Range';

/**
 * Keeps a signed-in user's JSON answers to a GET in memory, for as long as the data has not
 * changed. Each answer is kept under the data version read with the request's session
 * (dataVersion.ts): any committed change, made through any process, moves the version on, so a kept
 * answer is never served after a change. The user is part of the key, and a change to the user
 * (role, company) is a change to the data like any other.
 *
 * The time limit only bounds how long a change made outside the application (an operator's SQL)
 * can go unseen. A request sent with Cache-Control: no-cache is answered afresh.
 */
export function createResponseCache({ maxBytes = 32 * 1024 * 1024, ttlMs = 10_000 } = {}) {
  const kept = new LRUCache<string, KeptResponse>({
    maxSize: maxBytes,
    sizeCalculation: (response) => response.body.length + (response.contentRange?.length ?? 0) + 64,
    ttl: ttlMs,
  });

  return async function keptResponses(ctx: Context, next: Next) {
    const version = dataVersionReadWithSession(ctx);
    const userId = ctx.state.user?.id;
    if (ctx.method !== 'GET' || version === undefined || userId === undefined) return next();
    const key = `${userId} ${version} ${ctx.url}`;
    const hit = /\bno-cache\b/i.test(ctx.get('Cache-Control')) ? undefined : kept.get(key);
    if (hit) {
      if (hit.contentRange !== undefined) {
        ctx.set(CONTENT_RANGE, hit.contentRange);
        ctx.set('Access-Control-Expose-Headers', CONTENT_RANGE);
      }
      ctx.type = 'json';
      ctx.body = hit.body;
      return;
    }
    await next();
    if (ctx.status !== 200 || ctx.body === null || typeof ctx.body !== 'object' || Buffer.isBuffer(ctx.body) || 'pipe' in ctx.body) return;
    const body = JSON.stringify(ctx.body);
    const contentRange = ctx.response.get(CONTENT_RANGE) || undefined;
    kept.set(key, { body, contentRange });
    ctx.type = 'json';
    ctx.body = body;
  };
}
