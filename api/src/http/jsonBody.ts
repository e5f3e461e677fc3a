import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { HttpError } from './errors';

/** A UTF-16 surrogate without its pair: JSON's "\ud800" escape parses to one, and no text holds one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  if (value && typeof value === 'object') return Object.entries(value).some(([key, v]) => LONE_SURROGATE.test(key) || hasLoneSurrogate(v));
  return false;
}

const parseJson = koaBody({ json: true, multipart: false, urlencoded: false, text: false, jsonLimit: '1mb', jsonStrict: true });

/**
 * JSON bodies up to 1 MB (413 beyond, 400 when malformed). A body of another type is a 415 rather
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
  return parseJson(ctx, async () => {
    if (hasLoneSurrogate(ctx.request.body)) {
      throw new HttpError(400, 'request.malformedText', 'The request holds text that is not valid Unicode (a lone surrogate)');
    }
    await next();
  });
}
