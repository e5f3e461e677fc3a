import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { HttpError } from './errors';

const parseJson = koaBody({ json: true, multipart: false, urlencoded: false, text: false, jsonLimit: '1mb', jsonStrict: true });

/**
 * JSON bodies up to 1 MB (413 beyond, 400 when malformed). A body of another type is a 415 rather
 * than being silently ignored; multipart is left to the upload routes.
 */
export async function jsonBody(ctx: Context, next: Next) {
  if (ctx.request.length || ctx.get('Transfer-Encoding')) {
    if (!ctx.is('application/json', '+json', 'multipart/form-data')) {
      throw new HttpError(415, 'request.unsupportedMediaType', 'Send the request body as JSON (Content-Type: application/json)');
    }
  }
  return parseJson(ctx, next);
}
