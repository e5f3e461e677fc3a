import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';

/**
 * koa-send answers in full even when the browser already holds the file (it revalidates every
 * file outside /assets, max-age 0): the page's logo came five times on one first visit. A request
 * whose If-Modified-Since still matches gets 304 with no body.
 */
function answerNotModified(ctx: Context) {
  if (ctx.status === 200 && ctx.fresh) ctx.status = 304;
}

/**
 * Serves the built console (admin/dist). Hashed assets are cached for a year; every other GET
 * path that is not /api answers index.html, so deep links such as /vehicles/12/edit work.
 */
export function consoleStatic(distDir: string) {
  const root = path.resolve(distDir);
  const sendIndex = async (ctx: Context) => {
    if (!existsSync(path.join(root, 'index.html'))) {
      ctx.status = 503;
      ctx.body = 'The console is not built yet: run npm run build (npm start does it for you).';
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root });
    answerNotModified(ctx);
  };
  return async (ctx: Context, next: Next) => {
    const isApi = ctx.path === '/api' || ctx.path.startsWith('/api/');
    if (isApi || !['GET', 'HEAD'].includes(ctx.method)) return next();
    if (ctx.path.startsWith('/assets/') || /^\/[^/]+\.\w+$/.test(ctx.path)) {
      try {
        await send(ctx, ctx.path, {
          root,
          immutable: ctx.path.startsWith('/assets/'),
          maxage: ctx.path.startsWith('/assets/') ? 31536000000 : 0,
        });
        answerNotModified(ctx);
        return;
      } catch (err) {
        if ((err as { status?: number }).status !== 404) throw err;
        if (ctx.path.startsWith('/assets/')) {
          ctx.status = 404;
          ctx.body = 'Not found';
          return;
        }
      }
    }
    await sendIndex(ctx);
  };
}
