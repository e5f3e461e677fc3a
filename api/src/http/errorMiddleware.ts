import type { Context, Next } from 'koa';
import { HttpError } from './errors';
import { mapDatabaseError } from './dbErrors';
import type { Logger } from './logger';

/** Errors thrown by koa-body / co-body / raw-body carry a status and a type. */
type BodyError = { status?: number; statusCode?: number; type?: string; expose?: boolean };

function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const db = mapDatabaseError(err);
  if (db) return db;
  const body = (err ?? {}) as BodyError;
  const status = body.status ?? body.statusCode;
  if (status === 413 || body.type === 'entity.too.large') {
    return new HttpError(413, 'request.tooLarge', 'The request body is too large (JSON bodies are limited to 1 MB)');
  }
  if (status === 415) return new HttpError(415, 'request.unsupportedMediaType', 'Unsupported content type');
  if (status === 400 || err instanceof SyntaxError) {
    return new HttpError(400, 'request.malformedJson', 'The request body is not valid JSON');
  }
  if (status && status >= 400 && status < 500) return new HttpError(status, 'validation.failed', 'Bad request');
  return new HttpError(500, 'internal', 'Something went wrong on the server. Please try again.');
}

/** One error shape everywhere (DESIGN.md §3); never a stack trace or SQL in a response. */
export function errorMiddleware(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (err) {
      const httpError = toHttpError(err);
      if (httpError.status >= 500) logger.error('request failed', { reqId: ctx.state.requestId, error: err });
      ctx.status = httpError.status;
      ctx.body = {
        message: httpError.message,
        code: httpError.code,
        ...(httpError.errors ? { errors: httpError.errors } : {}),
      };
    }
  };
}
