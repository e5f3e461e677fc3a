import type { Context, Next } from 'koa';
import { DomainError, type ErrorKind } from '../domain/errors';
import type { ErrorCode } from '../domain/errorCodes';
import { HttpError } from './errors';
import { mapDatabaseError } from './dbErrors';
import { isStorageFull, storageFull } from './storageFull';
import type { Logger } from './logger';

/** The one place a domain error's kind becomes an HTTP status (DESIGN.md §3). */
const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedMediaType: 415,
  rateLimited: 429,
  dependencyFailed: 502,
  unavailable: 503,
  dependencyTimedOut: 504,
};

/** Seconds a client is told to wait before trying a 503 again. */
const RETRY_AFTER_S = 1;

type ErrorResponse = { status: number; code: ErrorCode; message: string; errors?: Record<string, string>; details?: Record<string, number> };

/** Errors thrown by koa-body / co-body / raw-body carry a status and a type. */
type BodyError = { status?: number; statusCode?: number; type?: string; expose?: boolean };

function toResponse(err: unknown): ErrorResponse {
  if (err instanceof DomainError) return { status: STATUS[err.kind], code: err.code, message: err.message, errors: err.errors, details: err.details };
  if (err instanceof HttpError) return err;
  // A full disk, wherever a write met it (an upload's temporary file, the database), is named.
  if (isStorageFull(err)) return storageFull();
  const db = mapDatabaseError(err);
  if (db) return db;
  const body = (err ?? {}) as BodyError;
  const status = body.status ?? body.statusCode;
  if (status === 413 || body.type === 'entity.too.large') {
    return { status: 413, code: 'request.tooLarge', message: 'The request body is too large (JSON bodies are limited to 1 MB)' };
  }
  if (status === 415) return { status: 415, code: 'request.unsupportedMediaType', message: 'Unsupported content type' };
  if (status === 400 || err instanceof SyntaxError) {
    return { status: 400, code: 'request.malformedJson', message: 'The request body is not valid JSON' };
  }
  if (status && status >= 400 && status < 500) return { status, code: 'validation.failed', message: 'Bad request' };
  return { status: 500, code: 'internal', message: 'Something went wrong on the server. Please try again.' };
}

/** One error shape everywhere (DESIGN.md §3); never a stack trace or SQL in a response. */
export function errorMiddleware(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (err) {
      const response = toResponse(err);
      if (response.status >= 500) logger.error('request failed', { reqId: ctx.state.requestId, error: err });
      ctx.status = response.status;
      // A 503 is for now (the database busy or away): the client may try again in a moment.
      if (response.status === 503) ctx.set('Retry-After', String(RETRY_AFTER_S));
      ctx.body = {
        message: response.message,
        code: response.code,
        ...(response.errors ? { errors: response.errors } : {}),
        ...(response.details ? { details: response.details } : {}),
      };
    }
  };
}
