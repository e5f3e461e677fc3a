/** The colour names the API answers with (api/src/services/vision/colors.ts), always in English. */
export const CAR_COLORS = ['White', 'Black', 'Silver', 'Gray', 'Red', 'Blue', 'Green', 'Brown', 'Beige', 'Yellow', 'Orange', 'Gold', 'Purple'] as const;
export type CarColor = (typeof CAR_COLORS)[number];

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The API's name for a colour, whatever its case; undefined for anything else. */
export function knownColor(value: unknown): CarColor | undefined {
  if (typeof value !== 'string') return undefined;
  const wanted = value.trim().toLowerCase();
  return CAR_COLORS.find((color) => color.toLowerCase() === wanted);
}

/**
 * A colour as the page shows it: a known name in the page's language (ai.colors.*), any other
 * text as it is. The form field itself keeps the English name, the one the API understands.
 */
export function colorLabel(value: unknown, translate: Translate): string {
  const color = knownColor(value);
  if (color) return translate(`ai.colors.${color}`, { _: color });
  return typeof value === 'string' ? value : '';
}
