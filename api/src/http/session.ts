import { createHash } from 'node:crypto';
import type Koa from 'koa';
import type { Knex } from 'knex';
import session from 'koa-session';
import type { Config } from '../config';

export const SESSION_COOKIE = 'sid';
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Only a hash of the cookie's id is stored, so a copy of the database holds no usable sessions. */
const rowId = (key: string) => createHash('sha256').update(key).digest('hex');

/** Sessions live in the database, never in process memory, so any API process can serve any user. */
export function databaseSessionStore(db: Knex) {
  return {
    async get(key: string) {
      const row = await db('sessions').where({ id: rowId(key) }).where('expiresAt', '>', Date.now()).first();
      return row ? JSON.parse(row.data) : undefined;
    },
    async set(key: string, data: unknown, maxAge: number) {
      const ttl = typeof maxAge === 'number' ? maxAge : MAX_AGE_MS;
      const row = { id: rowId(key), data: JSON.stringify(data), expiresAt: Date.now() + ttl };
      await db('sessions').insert(row).onConflict('id').merge(['data', 'expiresAt']);
    },
    async destroy(key: string) {
      await db('sessions').where({ id: rowId(key) }).delete();
    },
  };
}

export async function deleteExpiredSessions(db: Knex): Promise<void> {
  await db('sessions').where('expiresAt', '<=', Date.now()).delete();
}

/**
 * koa-session with the database store. The cookie is written by us (externalKey) so that it can
 * carry Partitioned for a cross-site iframe and Secure exactly when the request is HTTPS: a
 * plain-HTTP intranet install must still sign in.
 */
export function sessionMiddleware(app: Koa, db: Knex, config: Config) {
  app.keys = [config.sessionSecret];
  const cookieOptions = (ctx: Koa.Context) =>
    config.embedCrossSite
      ? { overwrite: true, httpOnly: true, signed: true, sameSite: 'none' as const, secure: true, partitioned: true, maxAge: MAX_AGE_MS }
      : { overwrite: true, httpOnly: true, signed: true, sameSite: 'lax' as const, secure: ctx.secure, maxAge: MAX_AGE_MS };
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: MAX_AGE_MS,
      httpOnly: true,
      signed: true,
      renew: true,
      sameSite: config.embedCrossSite ? 'none' : 'lax',
      secure: config.embedCrossSite ? true : undefined,
      store: databaseSessionStore(db),
      externalKey: {
        get: (ctx: Koa.Context) => ctx.cookies.get(SESSION_COOKIE, { signed: true }) ?? '',
        set: (ctx: Koa.Context, key: string) => {
          ctx.cookies.set(SESSION_COOKIE, key, cookieOptions(ctx));
        },
      },
    } as Parameters<typeof session>[0],
    app,
  );
}
