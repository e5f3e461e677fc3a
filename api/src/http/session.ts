import { createHash } from 'node:crypto';
import type Koa from 'koa';
import type { Knex } from 'knex';
import session from 'koa-session';
import DataLoader from 'dataloader';
import type { Config } from '../config';
import { selectRows } from '../db';
import { cookieSigner } from './cookieSigner';
import type { CurrentUser } from './currentUser';

export const SESSION_COOKIE = 'sid';
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Only a hash of the cookie's id is stored, so a copy of the database holds no usable sessions. */
const rowId = (key: string): string => createHash('sha256').update(key).digest('hex');

/** The user read together with the request's session, for loadCurrentUser (http/auth.ts). */
export const userReadWithSession = (ctx: Koa.Context): CurrentUser | undefined => ctx.state.sessionUser;

/** Makes the app's user of a users row (api/src/accounts.ts): http/ does not know the model. */
export type UserFromRow = (row: Record<string, unknown>) => CurrentUser;

type SessionRow = { sessionId: string; sessionData: string; id: number | null };

// The user's company is joined for its status only: a deactivated company's people are refused.
const sessionsWithUsers = (count: number) =>
  'select sessions.id as sessionId, sessions.data as sessionData, users.*, companies.active as companyActive' +
  ' from sessions left join users on users.id = sessions.userId left join companies on companies.id = users.companyId' +
  ` where sessions.id in (${Array(count).fill('?').join(', ')}) and sessions.expiresAt > ?`;

/**
 * Reads sessions by row id. The sessions of the requests that arrived in the same turn of the
 * event loop are read in one query, issued after the last of them arrived, so each request still
 * reads its session after it came in. Under load this halves the cost of a small request on
 * SQLite, and spares MySQL a round trip per request (each costs more than the rest of the request).
 */
function sessionReader(db: Knex): (id: string) => Promise<SessionRow | undefined> {
  const read = async (ids: readonly string[]) => {
    // One client sending several requests at once sends the same session with each.
    const distinct = [...new Set(ids)];
    const rows = await selectRows<SessionRow>(db, sessionsWithUsers(distinct.length), [...distinct, Date.now()]);
    return ids.map((id) => rows.find((row) => row.sessionId === id));
  };
  // No cache: a session is read afresh for every request.
  const batches = new DataLoader(read, { cache: false, maxBatchSize: 100, batchScheduleFn: (dispatch) => setImmediate(dispatch) });
  return (id) => batches.load(id);
}

/**
 * Sessions live in the database, never in process memory, so any API process can serve any user.
 * Reading a session also reads its user, in the same query: every request needs both. The user
 * goes on the request's state; without userFromRow only the session is read into it, and
 * loadCurrentUser looks the user up.
 */
export function databaseSessionStore(db: Knex, userFromRow?: UserFromRow) {
  const readSession = sessionReader(db);
  return {
    async get(key: string, _maxAge?: unknown, options?: { ctx?: Koa.Context }) {
      const row = await readSession(rowId(key));
      if (!row) return undefined;
      const { sessionId: _id, sessionData, ...userRow } = row;
      if (options?.ctx && userFromRow && userRow.id != null) options.ctx.state.sessionUser = userFromRow(userRow);
      return JSON.parse(sessionData);
    },
    async set(key: string, data: { userId?: unknown }, maxAge: number) {
      const ttl = typeof maxAge === 'number' ? maxAge : MAX_AGE_MS;
      const userId = typeof data.userId === 'number' ? data.userId : null;
      const row = { id: rowId(key), data: JSON.stringify(data), expiresAt: Date.now() + ttl, userId };
      await db('sessions').insert(row).onConflict('id').merge(['data', 'expiresAt', 'userId']);
    },
    async destroy(key: string) {
      await db('sessions').where({ id: rowId(key) }).delete();
    },
  };
}

/**
 * Ends every session of a user (a new password). A session saved before sessions named their user
 * (migration 20261121000100) names it in its data only: those few are read and matched here.
 */
export async function endSessionsOf(db: Knex, userId: number): Promise<void> {
  await db('sessions').where({ userId }).delete();
  const unnamed: { id: string; data: string }[] = await db('sessions').whereNull('userId').select('id', 'data');
  const theirs = unnamed.filter((row) => sessionUserId(row.data) === userId).map((row) => row.id);
  if (theirs.length) await db('sessions').whereIn('id', theirs).delete();
}

const sessionUserId = (data: string): unknown => {
  try {
    return (JSON.parse(data) as { userId?: unknown }).userId;
  } catch {
    return undefined;
  }
};

export async function deleteExpiredSessions(db: Knex): Promise<void> {
  await db('sessions').where('expiresAt', '<=', Date.now()).delete();
}

/**
 * koa-session with the database store. The cookie is written by us (externalKey) so that it can
 * carry Partitioned for a cross-site iframe and Secure exactly when the request is HTTPS: a
 * plain-HTTP intranet install must still sign in.
 */
export function sessionMiddleware(app: Koa, db: Knex, config: Config, userFromRow: UserFromRow) {
  // Keygrip's signatures, checked without rebuilding Keygrip and two HMACs per request (cookieSigner).
  app.keys = cookieSigner([config.sessionSecret]);
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
      store: databaseSessionStore(db, userFromRow),
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
