/**
 * A form's values as the API wants them: react-admin's inputs give '' for an emptied text or
 * select and strings for numbers, the API takes null and numbers.
 */

/** A text trimmed, or null when nothing is left. */
export const textOrNull = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed;
};

/** An id from a select: a number, or null for none ('' and undefined included). */
export const idOrNull = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** A date input's value as an ISO string ('2026-11-21' stays a date), or null. */
export const isoDateOrNull = (value: unknown): string | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  const trimmed = textOrNull(value);
  if (!trimmed) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return trimmed;
  const time = Date.parse(trimmed);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};
