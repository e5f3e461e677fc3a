import zlib from 'node:zlib';
import type { Context, Next } from 'koa';
import compress from 'koa-compress';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
const THRESHOLD = 1024;
/**
 * JSON answers up to this size are compressed in one call on the event loop; larger ones (a list
 * of a thousand rows) stream through koa-compress on zlib's thread pool, so no answer holds the
 * loop for long.
 */
const ONE_SHOT_MAX = 64 * 1024;

/**
 * The fastest level of each: a 15 kB dashboard is 3.1 kB in brotli at quality 1 and 2.6 kB at
 * quality 4, which costs three times as much CPU, on every request.
 */
const brotliOptions = (size: number | undefined): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, ...(size ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } : {}) },
});
const GZIP_LEVEL = 1;

/** The body koa would answer as JSON: an object that is neither bytes nor a stream. */
const isJsonBody = (body: unknown): body is object =>
  body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function';

/**
 * A JSON answer, which the app builds whole in memory, compressed in one call. Through a stream
 * per answer (koa-compress) the same 15 kB cost about 450 µs of CPU against 70 to 100 µs in one
 * call, and koa serialised the body twice (once for its length, once for the stream): under the
 * mixed load that was a sixth of the server's CPU. The body is serialised once here.
 */
function compressJsonInOneCall(ctx: Context) {
  if (!isJsonBody(ctx.body) || ctx.response.get('Content-Encoding')) return;
  const json = Buffer.from(JSON.stringify(ctx.body));
  ctx.body = json;
  ctx.type = 'json';
  // A larger answer, already serialised, is koa-compress's to stream.
  if (json.length > ONE_SHOT_MAX) return;
  // As koa-compress: small answers, HEAD, and answers that ask not to be transformed go as they are.
  const leftAlone = (ctx as { compress?: boolean }).compress === false || /\bno-transform\b/i.test(ctx.response.get('Cache-Control'));
  if (json.length < THRESHOLD || ctx.method === 'HEAD' || leftAlone) return;
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br') ctx.body = zlib.brotliCompressSync(json, brotliOptions(json.length));
  else if (encoding === 'gzip') ctx.body = zlib.gzipSync(json, { level: GZIP_LEVEL });
  else return;
  ctx.set('Content-Encoding', encoding);
}

/**
 * Compresses JSON and text answers of 1 kB or more (brotli or gzip, as the client accepts): JSON
 * up to 64 kB in one call (above), anything larger or streamed with koa-compress on zlib's thread
 * pool. The built console is compressed once at build time (vite.config.ts), and its .br and .gz
 * files are sent as they are (koa-send, http/console.ts).
 */
export function compression() {
  const compressAnswer = compress({
    threshold: THRESHOLD,
    br: (_type: string, size: number | undefined) => brotliOptions(size),
    gzip: { level: GZIP_LEVEL },
  });
  return async (ctx: Context, next: Next) => {
    let listRange = '';
    // A client that refuses every encoding we have, identity too ("identity;q=0"), gets the answer
    // as it is: koa-compress would otherwise set an undefined Content-Encoding (a 500).
    if (ctx.get('Accept-Encoding') && !ctx.acceptsEncodings('br', 'gzip', 'deflate', 'identity')) ctx.request.headers['accept-encoding'] = 'identity';
    await compressAnswer(ctx, async () => {
      await next();
      compressJsonInOneCall(ctx);
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
