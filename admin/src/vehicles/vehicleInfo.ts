/**
 * vehicleInfo is an object of optional text (DESIGN.md §5: the union of both readings). The edit
 * page shows the fields the VIN decoder fills, in two groups; any other key a vehicle carries is
 * kept as it is when the form is saved. Both readings (SPEC.md §3) have their inputs: fuelType,
 * transmission and bodyType stand beside fuelTypePrimary, transmissionStyle and bodyClass.
 */
export const DETAIL_FIELDS = [
  'trim',
  'bodyClass',
  'bodyType',
  'vehicleType',
  'doors',
  'seats',
  'fuelTypePrimary',
  'fuelType',
  'engineNumberOfCylinders',
  'displacement',
  'engineType',
  'otherEngineInfo',
  'transmissionStyle',
  'transmission',
  'driveType',
  'weight',
  'wheelbase',
  'plantCountry',
] as const;

export const ELECTRIC_FIELDS = ['electrificationLevel', 'batteryType', 'evDriveUnit'] as const;

export type VehicleInfo = Record<string, string>;

/**
 * What is sent for vehicleInfo: text trimmed, numbers as text, empty values (blank, null,
 * undefined) dropped (SPEC.md §5). Nested objects are not vehicleInfo values and are dropped too.
 */
export function cleanVehicleInfo(info: Record<string, unknown> | null | undefined): VehicleInfo {
  const kept: VehicleInfo = {};
  for (const [key, value] of Object.entries(info ?? {})) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const text = String(value).trim();
    if (text) kept[key] = text;
  }
  return kept;
}

/** The decoded values that can fill empty fields of the form (never overwriting what is there). */
export function fillEmpty(current: Record<string, unknown> | null | undefined, decoded: VehicleInfo): VehicleInfo {
  const filled: VehicleInfo = {};
  for (const [key, value] of Object.entries(decoded)) {
    const existing = current?.[key];
    if (value && (existing === undefined || existing === null || String(existing).trim() === '')) filled[key] = value;
  }
  return filled;
}
