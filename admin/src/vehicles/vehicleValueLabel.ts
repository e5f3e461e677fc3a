import { codedValue } from '@domain/vehicleValues';
import { colorLabel } from '../ai/colors';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A vehicleInfo value as the page shows it: the colour and the coded values vPIC decodes (fuel,
 * transmission, drive, body, vehicle type, electrification) in the page's language, from the
 * table the API's invoices and sheets use too (api/src/domain/vehicleValues.ts); any other text
 * as it was typed.
 */
export function vehicleValueLabel(field: string, value: unknown, translate: Translate): string {
  if (field === 'color') return colorLabel(value, translate);
  if (typeof value !== 'string') return value === null || value === undefined ? '' : String(value);
  const coded = codedValue(field, value);
  return coded ? translate(`vehicleValues.${coded.kind}.${coded.code}`, { _: value }) : value;
}
