import { VEHICLE_STATUSES, type VehicleStatus } from './statuses';

/** A container's milestones (issue 30), in the order a container reaches them; BOOKED is where it starts. */
export const CONTAINER_STATUSES = ['BOOKED', 'LOADED', 'DEPARTED', 'ARRIVED', 'RELEASED'] as const;
export type ContainerStatus = (typeof CONTAINER_STATUSES)[number];
export type Milestone = Exclude<ContainerStatus, 'BOOKED'>;
export const DEFAULT_CONTAINER_STATUS: ContainerStatus = 'BOOKED';
export const MILESTONES: readonly Milestone[] = ['LOADED', 'DEPARTED', 'ARRIVED', 'RELEASED'];

export const isContainerStatus = (value: unknown): value is ContainerStatus => CONTAINER_STATUSES.includes(value as ContainerStatus);

/** Where a milestone puts every vehicle in the container (never backwards: vehicleMovesForward). */
export const VEHICLE_STATUS_AT: Record<Milestone, VehicleStatus> = {
  LOADED: 'LOADED',
  DEPARTED: 'SHIPPED',
  ARRIVED: 'AT_PORT',
  RELEASED: 'RECEIVED',
};

/** The column holding each milestone's actual date (the planned ones: loadingDate, arrivalDate). */
export const MILESTONE_DATE: Record<Milestone, 'loadedAt' | 'departedAt' | 'arrivedAt' | 'releasedAt'> = {
  LOADED: 'loadedAt',
  DEPARTED: 'departedAt',
  ARRIVED: 'arrivedAt',
  RELEASED: 'releasedAt',
};

/** The vehicle status a container's status gives its vehicles, or null at BOOKED (none). */
export const vehicleStatusFor = (status: ContainerStatus): VehicleStatus | null => (status === 'BOOKED' ? null : VEHICLE_STATUS_AT[status]);

/** True when `to` is further along than `from`: a milestone never moves a vehicle backwards. */
export const vehicleMovesForward = (from: VehicleStatus, to: VehicleStatus) => VEHICLE_STATUSES.indexOf(to) > VEHICLE_STATUSES.indexOf(from);

/** A container added to after it departed gives its vehicles its status (a car put on a ship late). */
export const givesItsStatusToNewVehicles = (status: ContainerStatus) => CONTAINER_STATUSES.indexOf(status) >= CONTAINER_STATUSES.indexOf('DEPARTED');

/**
 * A late arrival: the planned arrival has passed and the container has not arrived, or it arrived
 * after the day planned. Dates are ISO strings; a bare planned day counts until its end (UTC).
 */
export function isArrivalLate(container: { arrivalDate: string | null; arrivedAt: string | null; status: ContainerStatus }, now: Date = new Date()): boolean {
  if (!container.arrivalDate) return false;
  const plannedEnd = container.arrivalDate.length === 10 ? Date.parse(`${container.arrivalDate}T23:59:59.999Z`) : Date.parse(container.arrivalDate);
  const arrived = container.arrivedAt ? Date.parse(container.arrivedAt) : CONTAINER_STATUSES.indexOf(container.status) >= CONTAINER_STATUSES.indexOf('ARRIVED') ? plannedEnd : null;
  return (arrived ?? now.getTime()) > plannedEnd;
}
