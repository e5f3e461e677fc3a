import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import serve from 'koa-static';
import send from 'koa-send';

/**
 * Serves the built console (admin/dist). Hashed assets are cached for a year; every other GET
 * path that is not /api answers index.html, so deep links such as /vehicles/12/edit work.
 */
export function consoleStatic(distDir: string) {
  const root = path.resolve(distDir);
  const files = serve(root, {
    index: false,
    maxage: 0,
    setHeaders: (res, filePath) => {
      if (filePath.startsWith(path.join(root, 'assets'))) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  return async (ctx: Context, next: Next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return next();
    await files(ctx, next);
    if (ctx.body != null || ctx.status !== 404 || !['GET', 'HEAD'].includes(ctx.method)) return;
    if (!existsSync(path.join(root, 'index.html'))) {
      ctx.status = 503;
      ctx.body = 'The console is not built yet: run npm run build (npm start does it for you).';
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root });
  };
}
