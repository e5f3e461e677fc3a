import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';

export type Logger = {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

/** Structured JSON lines; errors keep their stack in the log only. */
export function createLogger(level: 'info' | 'error' | 'silent'): Logger {
  const write = (lvl: string, message: string, fields: Record<string, unknown> = {}) => {
    const { error, ...rest } = fields;
    const err = error instanceof Error ? { error: error.message, stack: error.stack } : error ? { error } : {};
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, message, ...rest, ...err });
    (lvl === 'error' ? process.stderr : process.stdout).write(line + '\n');
  };
  return {
    info: (m, f) => level === 'info' && write('info', m, f),
    error: (m, f) => level !== 'silent' && write('error', m, f),
  };
}

/** A request id for every request (kept from X-Request-Id when sane) and one log line at the end. */
export function requestLog(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    const incoming = ctx.get('X-Request-Id');
    ctx.state.requestId = /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
    } finally {
      logger.info('request', {
        reqId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        userId: ctx.state.user?.id,
      });
    }
  };
}
