import type { Knex } from 'knex';
import type { Role } from '../../domain/roles';
import type { AuditAction, AuditEntity, Changes } from '../../domain/auditEvents';
import { addressOf } from '../../http/requestContext';
import { AuditEvent } from './model';

/** Who acted: the signed-in user as it was at that moment (null: no one, as in a failed sign-in of an unknown name). */
export type AuditActor = { id: number; username?: string | null; role: Role | null; companyId: number | null } | null;

export type AuditEventInput = {
  actor: AuditActor;
  action: AuditAction;
  entity: AuditEntity;
  entityId: number | null;
  /** The company whose record it is (whose administrator reads the event); null for shared records. */
  companyId: number | null;
  changes?: Changes | null;
  /** The client's address; by default the one of the request whose signed-in user the actor is (http/requestContext.ts). */
  ip?: string | null;
};

function row(event: AuditEventInput, createdAt: string) {
  const { actor } = event;
  return {
    createdAt,
    userId: actor?.id ?? null,
    username: actor?.username ?? null,
    role: actor?.role ?? null,
    companyId: event.companyId ?? null,
    ip: event.ip !== undefined ? event.ip : addressOf(actor),
    action: event.action,
    entity: event.entity,
    entityId: event.entityId,
    // Plain knex below: the JSON is written as text on both engines.
    changes: event.changes ? JSON.stringify(event.changes) : null,
  };
}

/**
 * Writes events in `trx`, the transaction of the change they record: kept with it, or undone with
 * it. Inserts only (no read, no lock on another row), so it adds no lock cycle to any writer.
 * The client's address is the event's own, else the acting request's (http/requestContext.ts).
 */
export async function recordEvents(trx: Knex, events: AuditEventInput[]): Promise<void> {
  if (!events.length) return;
  const createdAt = new Date().toISOString();
  // In slices: one statement per few hundred rows stays under every engine's placeholder limit.
  for (let at = 0; at < events.length; at += 200) {
    await trx(AuditEvent.tableName).insert(events.slice(at, at + 200).map((event) => row(event, createdAt)));
  }
}

export const recordEvent = (trx: Knex, event: AuditEventInput) => recordEvents(trx, [event]);
