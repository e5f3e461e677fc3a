import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { HttpError } from './errors';
import { isUniqueViolation } from './dbErrors';

/**
 * Safe retries of creates: a client sends `Idempotency-Key: <its own id for this submission>` with
 * POST /api/vehicles, /api/containers, /api/invoice, /api/documents and a record's /files. The
 * first request with a key runs; its successful answer (status, body, the headers a client reads)
 * is kept in `idempotency_keys`, per user, so a retry with the same key and the same request,
 * through any API process, gets that answer again instead of a duplicate or a 409. A retry that
 * arrives while the first is still at work waits for it. The same key with another request is a
 * 422. A failed first request (4xx, 5xx) keeps nothing: its retry runs again, unless its create
 * was committed before the failure (an answer lost to a database deadline after the commit): the
 * key is marked in the create's own transaction (`keepKeyWithCommit`, called by writeTransaction),
 * so such a retry reads the record it made back (vehicles, containers) rather than making it twice.
 */
export const IDEMPOTENT_CREATES = /^\/api\/(vehicles|containers|invoice|documents|(vehicles|containers)\/\d+\/files)$/;
const KEY = /^[\x21-\x7e]{1,200}$/;
/** Headers of a kept answer that a client reads (the invoice's id and number, the PDF's name). */
const KEPT_HEADERS = ['content-type', 'content-disposition', 'x-invoice-id', 'x-invoice-number', 'access-control-expose-headers', 'location'];
/** How long a retry waits for the first request with its key, at most. */
const WAIT_MS = 30_000;
/** A key still 'running' after this was left by a process that stopped: a retry may take it over. */
const ABANDONED_MS = 5 * 60_000;
/** Kept answers are forgotten after a day: a retry comes within minutes. */
const KEEP_MS = 24 * 60 * 60_000;

type KeyRow = {
  fingerprint: string;
  state: string;
  status: number | null;
  headers: string | null;
  body: Buffer | Uint8Array | null;
  resultId: number | null;
  createdAt: string;
};

/**
 * The request's key while its handler runs, for the transaction that commits its create, kept
 * with the request's signed-in user: read afresh for every request, and the actor its create is
 * made by (as the client's address is: http/requestContext.ts, which says why not an AsyncLocalStorage).
 */
const requestKeys = new WeakMap<object, { userId: number; idempotencyKey: string }>();

/**
 * Marks the key of the request `actor` made the create in (the request's signed-in user) as
 * 'committed' (with the id made) in the create's own transaction: if that commits, so does the
 * mark, and a retry after an answer lost past the commit finds it. A no-op outside a request with
 * a key, and after its first commit.
 */
export async function keepKeyWithCommit(trx: Knex, actor: object, result: unknown): Promise<void> {
  const key = requestKeys.get(actor);
  if (!key) return;
  const id = typeof result === 'number' ? result : (result as { id?: unknown } | null)?.id;
  await trx('idempotency_keys')
    .where({ ...key, state: 'running' })
    .update({ state: 'committed', resultId: typeof id === 'number' ? id : null });
}

/** Where a committed create's record is read back, by the create's path. */
const READ_BACK: Record<string, (id: number) => string> = {
  '/api/vehicles': (id) => `/api/vehicles/${id}`,
  '/api/containers': (id) => `/api/containers/${id}`,
};

const storedUnanswered = () =>
  new HttpError(409, 'idempotency.storedUnanswered', 'The first request with this Idempotency-Key was stored, but its answer was lost: reload to see it');

const reused = () =>
  new HttpError(422, 'idempotency.keyReused', 'This Idempotency-Key was already used for a different request: send a new key for a new submission');

/** What was asked: the same key must come with the same method, path and body. */
function fingerprintOf(ctx: Context): string {
  // A multipart body is read later, by the upload route; its boundary changes with every retry,
  // so an upload is told by its path and length.
  const body = ctx.is('multipart/form-data') ? `multipart:${ctx.request.length ?? ''}` : JSON.stringify(ctx.request.body ?? null);
  return createHash('sha256').update(`${ctx.method} ${ctx.path}\n${body}`).digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

function replay(ctx: Context, row: KeyRow) {
  ctx.status = row.status!;
  for (const [name, value] of Object.entries(JSON.parse(row.headers ?? '{}') as Record<string, string>)) ctx.set(name, value);
  ctx.set('Idempotent-Replayed', 'true');
  const body = Buffer.from(row.body ?? Buffer.alloc(0));
  ctx.body = /json/.test(ctx.response.get('Content-Type')) ? JSON.parse(body.toString('utf8')) : body;
}

/**
 * The answer to a retry whose first request made its record but lost its answer: the record read
 * back as its own GET would answer it, with the create's 201. A create with no such read gets 409.
 */
async function readBack(ctx: Context, next: Next, row: KeyRow) {
  const path = READ_BACK[ctx.path];
  if (!path || row.resultId === null) throw storedUnanswered();
  ctx.method = 'GET';
  ctx.path = path(row.resultId);
  await next();
  if (ctx.status === 200) ctx.status = 201;
  ctx.set('Idempotent-Replayed', 'true');
}

export function idempotency(db: Knex) {
  const table = () => db('idempotency_keys');

  /** Takes the key for this request (null), or answers the kept answer of the first request with it. */
  async function claim(userId: number, key: string, fingerprint: string): Promise<KeyRow | null> {
    const deadline = Date.now() + WAIT_MS;
    for (let pause = 25; ; pause = Math.min(pause * 2, 500)) {
      try {
        await table().insert({ userId, idempotencyKey: key, fingerprint, state: 'running', createdAt: new Date().toISOString() });
        return null;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
      const row: KeyRow | undefined = await table().where({ userId, idempotencyKey: key }).first();
      if (!row) continue; // The first request failed and let go of the key: take it.
      if (row.fingerprint !== fingerprint) throw reused();
      if (row.state === 'done' || row.state === 'committed') return row;
      if (Date.parse(row.createdAt) < Date.now() - ABANDONED_MS) {
        await table().where({ userId, idempotencyKey: key, state: 'running', createdAt: row.createdAt }).delete();
        continue;
      }
      if (Date.now() > deadline) {
        throw new HttpError(409, 'idempotency.inProgress', 'The first request with this Idempotency-Key is still at work: try again in a moment');
      }
      await sleep(pause);
    }
  }

  return async (ctx: Context, next: Next) => {
    const key = ctx.get('Idempotency-Key');
    const user = ctx.state.user;
    if (!key || ctx.method !== 'POST' || !IDEMPOTENT_CREATES.test(ctx.path) || typeof user?.id !== 'number') return next();
    const userId = user.id;
    if (!KEY.test(key)) throw new HttpError(400, 'validation.failed', 'Idempotency-Key must be 1 to 200 visible ASCII characters');

    const kept = await claim(userId, key, fingerprintOf(ctx));
    if (kept?.state === 'committed') return readBack(ctx, next, kept);
    if (kept) return replay(ctx, kept);
    const where = { userId, idempotencyKey: key };
    let stored = false;
    try {
      requestKeys.set(user, where);
      await next();
      if (ctx.status >= 200 && ctx.status < 300) {
        let body: Buffer;
        if (ctx.body && typeof (ctx.body as Readable).pipe === 'function') ctx.body = body = await streamToBuffer(ctx.body as Readable);
        else if (Buffer.isBuffer(ctx.body)) body = ctx.body;
        else body = Buffer.from(JSON.stringify(ctx.body ?? null));
        const headers = Object.fromEntries(KEPT_HEADERS.map((name) => [name, ctx.response.get(name)]).filter(([, value]) => value));
        // The create is done whatever happens here: failing to keep its answer must not turn it
        // into an error (the key is let go, as for a failure, below).
        try {
          await table().where(where).update({ state: 'done', status: ctx.status, headers: JSON.stringify(headers), body });
          stored = true;
          // Answers older than a day are of no use to a retry.
          await table().where('userId', userId).andWhere('createdAt', '<', new Date(Date.now() - KEEP_MS).toISOString()).delete();
        } catch {
          // stored stays as it was.
        }
      }
    } finally {
      requestKeys.delete(user);
      // A key whose create was committed stays: its retry reads the record back.
      if (!stored) await table().where({ ...where, state: 'running' }).delete().catch(() => undefined);
    }
  };
}
