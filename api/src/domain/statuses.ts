/** The eight shipping statuses (DESIGN.md §5), in the order a car moves through them. */
export const VEHICLE_STATUSES = [
  'NEW_PURCHASE',
  'DISPATCHED',
  'IN_PROGRESS',
  'AT_WAREHOUSE',
  'LOADED',
  'SHIPPED',
  'AT_PORT',
  'RECEIVED',
] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
export const DEFAULT_VEHICLE_STATUS: VehicleStatus = 'NEW_PURCHASE';

export const isVehicleStatus = (value: unknown): value is VehicleStatus => VEHICLE_STATUSES.includes(value as VehicleStatus);

/** The end of the journey: the buyer has the car (the dashboard's "arriving soon" leaves it out). */
export const DELIVERED_STATUS: VehicleStatus = 'RECEIVED';

/**
 * A status's place in the journey (0 for NEW_PURCHASE … 7 for RECEIVED), stored beside the status
 * in `vehicles.statusRank` by the operations that set a status, so a list sorted by status follows
 * the shipping stages from an index on both engines rather than the codes' alphabetical order.
 */
export const statusRank = (status: VehicleStatus): number => VEHICLE_STATUSES.indexOf(status);
