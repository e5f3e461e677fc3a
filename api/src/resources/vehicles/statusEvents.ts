import type { Knex } from 'knex';

/** Every status change is recorded (who, when, from, to) in the same transaction as the change. */
export async function recordStatusChange(trx: Knex, vehicleId: number, fromStatus: string | null, toStatus: string, userId: number) {
  await trx('vehicle_status_events').insert({ vehicleId, fromStatus, toStatus, userId, createdAt: new Date().toISOString() });
}

export async function statusHistory(db: Knex, vehicleId: number) {
  return db('vehicle_status_events as e')
    .leftJoin('users as u', 'u.id', 'e.userId')
    .where('e.vehicleId', vehicleId)
    .orderBy([{ column: 'e.createdAt', order: 'asc' }, { column: 'e.id', order: 'asc' }])
    .select('e.id', 'e.fromStatus', 'e.toStatus', 'e.userId', 'u.username', 'e.createdAt');
}
