import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { approvedUser, authorize, type ApiContext } from '../../http/auth';
import { HttpError, notFound } from '../../http/errors';
import { sendDownload } from '../../http/download';
import { parse, parseId } from '../../http/validate';
import type { FileStorages } from '../../services/storage';
import { STORAGE_COLUMNS, VehicleFile } from '../files/model';
import { writeTransaction } from '../writeTransaction';
import { guessThrottle } from './guessThrottle';
import { activeTrackingLinks, createTrackingLink, revokeTrackingLink } from './operations';
import { trackingView, vehicleOfToken } from './publicView';
import { TrackingLinkCreateSchema } from './schema';

/**
 * The page a link opens, on this server: the console answers every non-API path (its router shows
 * /track/:token without a session). The origin is the one the request came to (through trusted
 * proxies, X-Forwarded-Proto and -Host), not ctx.origin: since Koa 3 that is the Origin header.
 */
const pageUrl = (ctx: Context, token: string) => `${ctx.protocol}://${ctx.host}/track/${encodeURIComponent(token)}`;

/** Staff's side: make, list and revoke a vehicle's links (whoever edits the vehicle). */
export function trackingLinkRoutes(db: Knex) {
  const router = new Router({ prefix: '/vehicles/:id/tracking-links' });

  router.post('/', authorize('vehicles', 'shareTracking'), async (ctx) => {
    const user = approvedUser(ctx);
    const vehicleId = parseId(ctx.params.id);
    const { expiresInDays } = parse(TrackingLinkCreateSchema, ctx.request.body, 'tracking link');
    const { token, link } = await writeTransaction(db, (trx) => createTrackingLink(user, { vehicleId, expiresInDays }, trx));
    ctx.status = 201;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { url: pageUrl(ctx, token), token, expiresAt: link.expiresAt };
  });

  router.get('/', authorize('vehicles', 'shareTracking'), async (ctx) => {
    ctx.body = await activeTrackingLinks(db, approvedUser(ctx), parseId(ctx.params.id));
  });

  /** By raw token (as the link's URL holds it) or by the id the list shows. */
  router.delete('/:link', authorize('vehicles', 'shareTracking'), async (ctx) => {
    const user = approvedUser(ctx);
    const vehicleId = parseId(ctx.params.id);
    const named = ctx.params.link;
    const link = /^\d+$/.test(named) ? { id: parseId(named, 'link') } : { token: named };
    ctx.body = await writeTransaction(db, (trx) => revokeTrackingLink(user, { vehicleId, link }, trx));
  });

  return router;
}

const tooManyGuesses = (ctx: Context, waitS: number) => {
  ctx.set('Retry-After', String(waitS));
  return new HttpError(429, 'tracking.tooManyGuesses', 'Too many unknown tracking links from this address. Please try again later.');
};

/**
 * The buyer's side, without a session: GET only, so the cross-site guard (writes only) and the
 * session play no part. Unknown, expired and revoked tokens are one "not found", counted against
 * the address (guessThrottle.ts).
 */
export function publicTrackingRoutes(db: Knex, storages: FileStorages) {
  const router = new Router({ prefix: '/track/:token' });
  const throttle = guessThrottle(db);

  const open = async (ctx: ApiContext) => {
    // Personal to whoever holds the link: kept by no cache, listed by no search engine.
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    const wait = await throttle.refusal(ctx.ip);
    if (wait) throw tooManyGuesses(ctx, wait);
    const opened = await vehicleOfToken(db, ctx.params.token);
    if (opened) return opened;
    const refused = await throttle.missed(ctx.ip);
    if (refused) throw tooManyGuesses(ctx, refused);
    throw notFound('Tracking link not found');
  };

  router.get('/', async (ctx) => {
    const opened = await open(ctx);
    ctx.body = await trackingView(db, ctx.params.token, opened);
  });

  /** An image's thumbnail, only of the vehicle the token opens (another file id is "not found"). */
  router.get('/images/:fileId/thumbnail', async (ctx) => {
    const { vehicleId } = await open(ctx);
    const file = await VehicleFile.query(db).findOne({ id: parseId(ctx.params.fileId, 'fileId'), vehicleId, fileType: 'IMAGE' }).select(STORAGE_COLUMNS);
    if (!file || !(await storages.of(file).has(db, file, 'thumbnail'))) throw notFound('Image not found');
    sendDownload(ctx, storages.of(file).open(db, file, 'thumbnail'), { fileName: `photo-${file.id}.jpg`, mimeType: 'image/jpeg' }, true); // not the uploader's file name: nothing but the picture
    // The sender's default (private, no-cache) would let the browser keep a copy: not for a link that may be revoked.
    ctx.set('Cache-Control', 'no-store');
  });

  return router;
}
