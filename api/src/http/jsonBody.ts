import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { HttpError } from './errors';

/** A UTF-16 surrogate without its pair: JSON's "\ud800" escape parses to one, and no text holds one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper than any body the console sends (a vehicle's vehicleInfo is 3 levels) and far from a stack's end. */
export const MAX_JSON_DEPTH = 32;

/**
 * Walks the parsed body without recursion (a body nested 5,000 levels deep would overflow a
 * recursive walk, here or in any later code): a 400 past MAX_JSON_DEPTH, and a 400 for text that
 * is not valid Unicode.
 */
function checkBody(body: unknown) {
  const stack: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) throw malformedText();
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) {
      throw new HttpError(400, 'request.tooDeep', `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of objects and lists)`);
    }
    for (const [key, child] of Object.entries(value)) {
      if (!Array.isArray(value) && LONE_SURROGATE.test(key)) throw malformedText();
      stack.push({ value: child, depth: depth + 1 });
    }
  }
}

const malformedText = () => new HttpError(400, 'request.malformedText', 'The request holds text that is not valid Unicode (a lone surrogate)');

/** zlib's and brotli's codes for input that does not decode (raw-body passes them on unmapped). */
const isUndecodable = (err: unknown) => /^(Z_|ERR__|ERR_BROTLI|ERR_ZLIB)/.test(String((err as { code?: unknown })?.code ?? ''));

const parseJson = koaBody({ json: true, multipart: false, urlencoded: false, text: false, jsonLimit: '1mb', jsonStrict: true });

/**
 * JSON bodies up to 1 MB (413 beyond, 400 when malformed, nested too deep or compressed wrongly). A body of another type is a 415 rather
 * than being silently ignored; multipart is left to the upload routes. Text that is not valid
 * Unicode (a lone surrogate) is a 400 here, once, rather than a failure wherever it is used later
 * (an invoice's layout, a UTF-8 column, a log line).
 */
export async function jsonBody(ctx: Context, next: Next) {
  if (ctx.request.length || ctx.get('Transfer-Encoding')) {
    if (!ctx.is('application/json', '+json', 'multipart/form-data')) {
      throw new HttpError(415, 'request.unsupportedMediaType', 'Send the request body as JSON (Content-Type: application/json)');
    }
  }
  let parsed = false;
  try {
    await parseJson(ctx, async () => {
      parsed = true;
      checkBody(ctx.request.body);
      await next();
    });
  } catch (err) {
    if (!parsed && isUndecodable(err)) {
      throw new HttpError(400, 'request.badEncoding', `The request body does not decode as its Content-Encoding (${ctx.get('Content-Encoding')}) says`);
    }
    throw err;
  }
}
