import { normalizeVin } from '@domain/vin';
import { idOrNull, textOrNull } from '../common/formValues';
import { cleanVehicleInfo } from './vehicleInfo';

/** A model year: 1900 to next year (the API's bound), or empty. */
export function yearProblem(value: unknown, now: Date): string | undefined {
  if (value === null || value === undefined || String(value).trim() === '') return undefined;
  const year = Number(value);
  if (!Number.isInteger(year) || year < 1900 || year > now.getFullYear() + 1) return 'vehicles.yearInvalid';
  return undefined;
}

/** The form validator (react-admin calls it with the value and the whole form). */
export const validateYear = (value: unknown, _values?: unknown) => yearProblem(value, new Date());

export const yearOrNull = (value: unknown): number | null => {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  const year = Number(value);
  return Number.isInteger(year) ? year : null;
};

/** The form's starting values from GET /api/vehicles/{id}: text inputs never see null. */
export const vehicleFormValues = (vehicle: Record<string, any>) => ({
  id: vehicle.id,
  vin: vehicle.vin ?? '',
  make: vehicle.make ?? '',
  model: vehicle.model ?? '',
  year: vehicle.year ?? null,
  notes: vehicle.notes ?? '',
  containerId: vehicle.containerId ?? null,
  buyerId: vehicle.buyerId ?? null,
  fromPortId: vehicle.fromPortId ?? null,
  toPortId: vehicle.toPortId ?? null,
  vehicleInfo: { ...(vehicle.vehicleInfo ?? {}) },
});

/**
 * PATCH /api/vehicles/{id} from the edit form (SPEC.md §5): VIN normalised, year an integer or
 * null, notes null when empty, ids numbers or null, empty vehicleInfo values dropped. The container
 * and the buyer are only sent by roles that may change them.
 */
export function vehicleUpdatePayload(
  values: Record<string, any>,
  { assignsContainer, choosesBuyer }: { assignsContainer: boolean; choosesBuyer: boolean },
) {
  return {
    vin: normalizeVin(String(values.vin ?? '')),
    make: textOrNull(values.make) ?? undefined,
    model: textOrNull(values.model) ?? undefined,
    year: yearOrNull(values.year),
    notes: textOrNull(values.notes),
    fromPortId: idOrNull(values.fromPortId),
    toPortId: idOrNull(values.toPortId),
    vehicleInfo: cleanVehicleInfo(values.vehicleInfo),
    ...(assignsContainer ? { containerId: idOrNull(values.containerId) } : {}),
    ...(choosesBuyer ? { buyerId: idOrNull(values.buyerId) } : {}),
  };
}
