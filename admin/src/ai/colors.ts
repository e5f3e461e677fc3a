import { CAR_COLORS, knownColor, type CarColor } from '@domain/vehicleValues';

/** The colour names the API answers with (shared with the API: api/src/domain/vehicleValues.ts), always in English. */
export { CAR_COLORS, knownColor, type CarColor };

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A colour as the page shows it: a known name in the page's language (ai.colors.*), any other
 * text as it is. The form field itself keeps the English name, the one the API understands.
 */
export function colorLabel(value: unknown, translate: Translate): string {
  const color = knownColor(value);
  if (color) return translate(`ai.colors.${color}`, { _: color });
  return typeof value === 'string' ? value : '';
}
