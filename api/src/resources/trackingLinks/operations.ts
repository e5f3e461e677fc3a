import type { Knex } from 'knex';
import { forbidden, notFound } from '../../http/errors';
import { can } from '../../domain/permissions';
import type { User } from '../users/model';
import { Vehicle } from '../vehicles/model';
import { TrackingLink } from './model';
import { hashToken, newToken } from './token';

/**
 * The tracking links' business actions (docs/architecture.md, "Operations"): each takes the acting
 * user, its parsed input and the transaction it writes in. Run again from the start by
 * writeTransaction after a deadlock, they read what they need inside it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function mayShare(actor: User) {
  if (!can(actor.role, 'vehicles', 'shareTracking')) throw forbidden();
}

/** The vehicle the actor may see (another company's is "not found"). */
async function visibleVehicle(trx: Knex, actor: User, vehicleId: number) {
  const vehicle = await Vehicle.query(trx).modify('scopedTo', actor).findById(vehicleId).select('vehicles.id', 'vehicles.companyId');
  if (!vehicle) throw notFound('Vehicle not found');
  return vehicle;
}

/** What the console lists of a link: never its token (only its hash is kept), nor the hash. */
export type TrackingLinkSummary = { id: number; createdAt: string; expiresAt: string; revokedAt: string | null; createdBy: number | null };
const summary = (link: TrackingLink): TrackingLinkSummary => ({
  id: link.id,
  createdAt: link.createdAt,
  expiresAt: link.expiresAt,
  revokedAt: link.revokedAt,
  createdBy: link.createdBy,
});

/** A new link to the vehicle, working `expiresInDays` days; the raw token is answered here only. */
export async function createTrackingLink(actor: User, input: { vehicleId: number; expiresInDays: number }, trx: Knex) {
  mayShare(actor);
  const vehicle = await visibleVehicle(trx, actor, input.vehicleId);
  const token = newToken();
  const now = new Date();
  const link = await TrackingLink.query(trx).insertAndFetch({
    vehicleId: vehicle.id,
    companyId: vehicle.companyId,
    tokenHash: hashToken(token),
    createdBy: actor.id,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
    revokedAt: null,
  });
  return { token, link: summary(link) };
}

/**
 * Revokes one of the vehicle's links, named by its raw token (the DELETE) or by its id (the
 * console's list, which has no tokens). A link already revoked, expired, of another vehicle or
 * unknown is "not found": the answer says nothing about links the URL does not name.
 */
export async function revokeTrackingLink(actor: User, input: { vehicleId: number; link: { token: string } | { id: number } }, trx: Knex) {
  mayShare(actor);
  const vehicle = await visibleVehicle(trx, actor, input.vehicleId);
  const which = 'token' in input.link ? { tokenHash: hashToken(input.link.token) } : { id: input.link.id };
  const now = new Date().toISOString();
  const link = await TrackingLink.query(trx)
    .where({ ...which, vehicleId: vehicle.id })
    .whereNull('revokedAt')
    .where('expiresAt', '>', now)
    .forUpdate()
    .first();
  if (!link) throw notFound('Tracking link not found');
  await TrackingLink.query(trx).findById(link.id).patch({ revokedAt: now });
  return summary({ ...link, revokedAt: now } as TrackingLink);
}

/** The vehicle's links that still work, newest first (for the console's list). */
export async function activeTrackingLinks(db: Knex, actor: User, vehicleId: number) {
  mayShare(actor);
  const vehicle = await visibleVehicle(db, actor, vehicleId);
  const links = await TrackingLink.query(db)
    .leftJoinRelated('author')
    .where('tracking_links.vehicleId', vehicle.id)
    // Links a former company gave open nothing any more (publicView.ts): not listed either.
    .where('tracking_links.companyId', vehicle.companyId)
    .whereNull('tracking_links.revokedAt')
    .where('tracking_links.expiresAt', '>', new Date().toISOString())
    .orderBy([{ column: 'tracking_links.createdAt', order: 'desc' }, { column: 'tracking_links.id', order: 'desc' }])
    .select('tracking_links.*', 'author.username as createdByName');
  return links.map((link) => ({ ...summary(link), createdByName: (link as unknown as { createdByName: string | null }).createdByName ?? null }));
}
