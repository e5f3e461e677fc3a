import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, Next } from 'koa';
import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import { pinoHttp } from 'pino-http';

/** What the app logs besides requests: a message and its fields, an `error` field with its stack. */
export type Logger = {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** The pino logger underneath, for the request log. */
  pino: PinoLogger;
};

/**
 * JSON lines through pino, to standard output unless another destination is given: `info` logs
 * requests too, `error` only failures, `silent` nothing.
 */
export function createLogger(level: 'info' | 'error' | 'silent', destination?: DestinationStream): Logger {
  const options = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label: string) => ({ level: label }) } };
  const base = destination ? pino(options, destination) : pino(options);
  // pino serialises an Error (message and stack) under `err`.
  const withErr = ({ error, ...fields }: Record<string, unknown> = {}) => (error === undefined ? fields : { ...fields, err: error });
  return {
    info: (message, fields) => base.info(withErr(fields), message),
    error: (message, fields) => base.error(withErr(fields), message),
    pino: base,
  };
}

declare module 'koa' {
  interface DefaultState {
    requestId?: string;
  }
}

/** A caller's X-Request-Id is kept when it is sane; otherwise each request gets a new one. */
const SANE_REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * A request's path as logged: without its query, and with a tracking link's token replaced (the
 * public page and API, /track/{token}, and a revocation by token): whoever reads the log must
 * not be able to open the links, which the database keeps only hashed.
 */
export const loggedPath = (url: string | undefined) =>
  url?.split('?')[0].replace(/(\/track\/|\/tracking-links\/)[^/]+/, '$1[token]');

/**
 * One log line per request, written by pino-http when the response has finished: request id,
 * method, path, status, time in ms, the signed-in user's id and the client's address (behind a
 * trusted proxy, the forwarded one). Headers and bodies are never logged: they carry cookies and
 * passwords. Health checks (GET /api/health) are not logged.
 */
export function requestLog(logger: Logger) {
  const contexts = new WeakMap<IncomingMessage, Context>();
  const who = (req: IncomingMessage) => {
    const ctx = contexts.get(req);
    return { userId: ctx?.state.user?.id, ip: ctx?.ip };
  };
  const log = pinoHttp({
    logger: logger.pino,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // A load balancer's health checks, every few seconds, would bury the requests people make.
    autoLogging: { ignore: (req) => req.url?.split('?')[0] === '/api/health' },
    customAttributeKeys: { req: 'request', res: 'response', responseTime: 'ms' },
    wrapSerializers: false,
    serializers: {
      request: (req: IncomingMessage & { id: string }) => ({ id: req.id, method: req.method, path: loggedPath(req.url) }),
      response: (res: ServerResponse) => ({ status: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request failed',
    customSuccessObject: (req, _res, fields) => ({ ...fields, ...who(req) }),
    customErrorObject: (req, _res, _err, fields) => ({ ...fields, ...who(req) }),
  });
  return async (ctx: Context, next: Next) => {
    contexts.set(ctx.req, ctx);
    log(ctx.req, ctx.res);
    ctx.state.requestId = String(ctx.req.id);
    ctx.set('X-Request-Id', ctx.state.requestId);
    await next();
  };
}
