import zlib from 'node:zlib';
import type { Context, Next } from 'koa';
import compress from 'koa-compress';

/**
 * Compresses JSON and text answers of 1 kB or more (gzip or brotli, as the client accepts) with
 * koa-compress, on zlib's thread pool. Brotli runs at quality 4: the highest levels cost tens of
 * milliseconds per answer for a few percent. The built console is compressed once at build time
 * (vite.config.ts), and its .br and .gz files are sent as they are (koa-send, http/console.ts).
 */
export function compression() {
  const compressAnswer = compress({
    threshold: 1024,
    br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { level: zlib.constants.Z_DEFAULT_COMPRESSION },
  });
  return async (ctx: Context, next: Next) => {
    let listRange = '';
    await compressAnswer(ctx, async () => {
      await next();
      // koa-compress leaves any answer with a Content-Range alone, as it must a byte range. A
      // list's Content-Range counts records (ra-data-simple-rest), so it is set aside while the
      // answer is compressed and put back after.
      const range = ctx.response.get('Content-Range');
      if (range && !/^bytes\b/i.test(range)) {
        listRange = range;
        ctx.remove('Content-Range');
      }
    });
    if (listRange) ctx.set('Content-Range', listRange);
  };
}
