import type { Knex } from 'knex';
import type { RelationMappings } from 'objection';
import { BaseModel } from '../baseModel';
import { User } from '../users/model';
import { Container } from '../containers/model';
import { recordEvents, type AuditActor } from '../auditLog/record';

/** Every status change (who, when, from, to), recorded in the same transaction as the change. */
export class VehicleStatusEvent extends BaseModel {
  static tableName = 'vehicle_status_events';

  declare vehicleId: number;
  declare fromStatus: string | null;
  declare toStatus: string;
  declare userId: number | null;
  /** The container whose milestone made the change; null for a change made on the vehicle. */
  declare containerId: number | null;
  declare createdAt: string;

  static relationMappings = (): RelationMappings => ({
    user: { relation: BaseModel.BelongsToOneRelation, modelClass: () => User, join: { from: 'vehicle_status_events.userId', to: 'users.id' } },
    container: { relation: BaseModel.BelongsToOneRelation, modelClass: () => Container, join: { from: 'vehicle_status_events.containerId', to: 'containers.id' } },
  });
}

/**
 * Many changes in one statement (a container's milestone moves all its vehicles), each kept twice
 * in the same transaction: in the vehicle's status timeline (this table, what the vehicle page
 * shows) and as an update in the record of events (auditLog/record.ts), so the two never differ.
 * A new vehicle's first status (from none) is written to the timeline only: its create event has it.
 * Plain knex: objection inserts several rows at once only on PostgreSQL; these rows have no JSON.
 */
export async function recordStatusChanges(
  trx: Knex,
  actor: NonNullable<AuditActor>,
  changes: { vehicleId: number; companyId: number; fromStatus: string | null; toStatus: string; containerId: number | null }[],
) {
  if (!changes.length) return;
  const createdAt = new Date().toISOString();
  await trx(VehicleStatusEvent.tableName).insert(
    changes.map(({ vehicleId, fromStatus, toStatus, containerId }) => ({ vehicleId, fromStatus, toStatus, containerId, userId: actor.id, createdAt })),
  );
  // A vehicle's first status (from none) is in its create event already.
  await recordEvents(
    trx,
    changes.filter((change) => change.fromStatus !== null).map((change) => ({
      actor,
      action: 'update',
      entity: 'vehicles',
      entityId: change.vehicleId,
      companyId: change.companyId,
      changes: { status: { from: change.fromStatus, to: change.toStatus } },
    })),
  );
}
