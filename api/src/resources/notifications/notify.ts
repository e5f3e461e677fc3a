import type { Knex } from 'knex';
import type { VehicleStatus } from '../../domain/statuses';
import { NOTIFIED_ROLES } from '../../domain/notifications';
import { deliver } from './deliver';

/**
 * Who is told what (issue "Notifications"), called by the operations whose change it reports,
 * inside their transaction. Only users who can sign in and act are told: active, approved.
 */

const ableToSignIn = (query: Knex.QueryBuilder) => query.where('users.active', true).where('users.pendingApproval', false);

/**
 * The buyers of vehicles whose status changed (one status, as setVehicleStatuses changes them):
 * each is told of their own vehicles only. `fromStatuses` by vehicle id.
 */
export async function notifyVehicleStatusChanged(trx: Knex, change: { vehicleIds: number[]; fromStatuses: Map<number, string>; toStatus: VehicleStatus }): Promise<void> {
  if (!change.vehicleIds.length) return;
  const sold: { id: number; vin: string; make: string | null; model: string | null; buyerId: number }[] = await trx('vehicles')
    .join('users', 'users.id', 'vehicles.buyerId')
    .whereIn('vehicles.id', change.vehicleIds)
    .whereIn('users.role', NOTIFIED_ROLES.vehicleStatusChanged)
    .modify(ableToSignIn)
    .orderBy('vehicles.id')
    .select('vehicles.id', 'vehicles.vin', 'vehicles.make', 'vehicles.model', 'vehicles.buyerId');
  await deliver(
    trx,
    sold.map((v) => ({
      userId: Number(v.buyerId),
      kind: 'vehicleStatusChanged' as const,
      params: { vin: v.vin, make: v.make, model: v.model, fromStatus: change.fromStatuses.get(Number(v.id)) ?? null, toStatus: change.toStatus },
      entity: 'vehicle' as const,
      entityId: Number(v.id),
    })),
  );
}

/** Every super admin, of a registration that waits for their approval. */
export async function notifyRegistration(trx: Knex, registered: { id: number; username: string }): Promise<void> {
  const admins: number[] = await trx('users').whereIn('role', NOTIFIED_ROLES.registrationPending).modify(ableToSignIn).orderBy('id').pluck('id');
  await deliver(
    trx,
    admins.map((userId) => ({ userId: Number(userId), kind: 'registrationPending' as const, params: { username: registered.username }, entity: 'user' as const, entityId: registered.id })),
  );
}
