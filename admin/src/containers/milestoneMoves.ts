import { VEHICLE_STATUS_AT, vehicleMovesForward, type Milestone } from '@domain/containerStatuses';
import type { VehicleStatus } from '@domain/statuses';

/** How many of these vehicles a milestone moves: those before its status (the API never moves one back). */
export const vehiclesMovedBy = (milestone: Milestone, vehicles: { status?: string | null }[]) =>
  vehicles.filter((vehicle) => vehicleMovesForward((vehicle.status ?? 'NEW_PURCHASE') as VehicleStatus, VEHICLE_STATUS_AT[milestone])).length;
