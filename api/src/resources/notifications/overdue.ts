import type { Knex } from 'knex';
import { checklistOf, type ChecklistDocument } from '../../domain/documentChecklist';
import { NOTIFIED_ROLES, OVERDUE_ADMIN_ROLES, OVERDUE_SHIPPER_ROLES } from '../../domain/notifications';
import { writeTransaction } from '../writeTransaction';
import { deliver, type NewNotification } from './deliver';

const DAY = 24 * 60 * 60 * 1000;
/**
 * A document that became overdue within this long is told of; older ones are not (the first scan
 * of an install that has had the checklist for months does not flood everyone with old news).
 * Several days, so a server stopped over a weekend still tells of what fell due meanwhile.
 */
export const OVERDUE_LOOKBACK_MS = 7 * DAY;
/** The due dates of one vehicle's kinds lie within this span (the title 72 h before loading, the bill of lading 7 days after). */
const DUE_SPREAD_MS = 10 * DAY;

type Candidate = { id: number; vin: string; make: string | null; model: string | null; companyId: number; loadingDate: string | null; containerShipperId: number | null };

const dedupeKey = (vehicleId: number, kind: string, userId: number) => `documentOverdue:${vehicleId}:${kind}:${userId}`;

/**
 * The overdue-document scan, run every few minutes by every server process (jobs.ts): each
 * (vehicle, document kind, recipient) is told once, however many scans or processes find it,
 * by the notification's unique dedupeKey. Reads first, and writes only what is new, one vehicle
 * per transaction, so a scan that finds nothing new writes nothing. Answers how many were written.
 */
export async function notifyOverdueDocuments(db: Knex, now: Date = new Date(), { pageSize = CANDIDATES_PER_PAGE } = {}): Promise<number> {
  const since = now.getTime() - OVERDUE_LOOKBACK_MS;
  let written = 0;
  // Every candidate, a page at a time in id order: a large install has more than one page.
  for (let after = 0; ; ) {
    // vehicles.documentsDueAt is the earliest due date of a missing kind: a vehicle with a kind that
    // fell due since `since` has it at most DUE_SPREAD_MS earlier (one index range).
    const candidates: Candidate[] = await db('vehicles')
      .leftJoin('containers', 'containers.id', 'vehicles.containerId')
      .where('vehicles.documentsDueAt', '<=', now.toISOString())
      .where('vehicles.documentsDueAt', '>', new Date(since - DUE_SPREAD_MS).toISOString())
      .where('vehicles.id', '>', after)
      .orderBy('vehicles.id')
      .limit(pageSize)
      .select('vehicles.id', 'vehicles.vin', 'vehicles.make', 'vehicles.model', 'vehicles.companyId', 'containers.loadingDate', 'containers.shipperId as containerShipperId');
    written += await notifyCandidates(db, candidates, now, since);
    if (candidates.length < pageSize) return written;
    after = Number(candidates.at(-1)!.id);
  }
}

/** How many vehicles one step of the scan reads (with their documents and their companies' staff). */
export const CANDIDATES_PER_PAGE = 2000;

/** Tells of the overdue documents of these vehicles what was not told yet; answers how many it wrote. */
async function notifyCandidates(db: Knex, candidates: Candidate[], now: Date, since: number): Promise<number> {
  if (!candidates.length) return 0;
  const ids = candidates.map((v) => v.id);
  const documents: (ChecklistDocument & { vehicleId: number })[] = await db('vehicle_files').whereIn('vehicleId', ids).where({ fileType: 'DOCUMENT' }).select('id', 'vehicleId', 'documentKind', 'verifiedAt');
  const staff: { id: number; role: string; companyId: number }[] = await db('users')
    .whereIn('companyId', [...new Set(candidates.map((v) => v.companyId))])
    .whereIn('role', NOTIFIED_ROLES.documentOverdue)
    .where({ active: true, pendingApproval: false })
    .select('id', 'role', 'companyId');
  const ofRoles = (companyId: number, roles: readonly string[]) => staff.filter((u) => Number(u.companyId) === Number(companyId) && roles.includes(u.role)).map((u) => Number(u.id));

  let written = 0;
  for (const vehicle of candidates) {
    const overdue = checklistOf(
      documents.filter((d) => Number(d.vehicleId) === Number(vehicle.id)),
      vehicle.loadingDate,
      now,
    ).filter((item) => item.overdue && Date.parse(item.dueDate!) > since);
    if (!overdue.length) continue;
    // The container's shipper when it names one who can act, else every shipper of the company.
    const named = vehicle.containerShipperId !== null && staff.some((u) => Number(u.id) === Number(vehicle.containerShipperId) && Number(u.companyId) === Number(vehicle.companyId));
    const shippers = named ? [Number(vehicle.containerShipperId)] : ofRoles(vehicle.companyId, OVERDUE_SHIPPER_ROLES);
    const recipients = [...new Set([...shippers, ...ofRoles(vehicle.companyId, OVERDUE_ADMIN_ROLES)])];
    const wanted: NewNotification[] = overdue.flatMap((item) =>
      recipients.map((userId) => ({
        userId,
        kind: 'documentOverdue' as const,
        params: { vin: vehicle.vin, make: vehicle.make, model: vehicle.model, documentKind: item.kind, dueDate: item.dueDate! },
        entity: 'vehicle' as const,
        entityId: Number(vehicle.id),
        dedupeKey: dedupeKey(Number(vehicle.id), item.kind, userId),
      })),
    );
    const told = new Set<string>(await db('notifications').whereIn('dedupeKey', wanted.map((n) => n.dedupeKey!)).pluck('dedupeKey'));
    const fresh = wanted.filter((n) => !told.has(n.dedupeKey!));
    if (fresh.length) written += await writeTransaction(db, (trx) => deliver(trx, fresh));
  }
  return written;
}
