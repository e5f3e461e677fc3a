/**
 * How much of each list the printed sheet carries. The sheet is one A4 page: a vehicle with thirty
 * photos or a long history must still fit, so each list is cut and the rest counted ("+3 more").
 */
export const PRINT_LIMITS = { photos: 4, events: 10, documents: 8, vehicles: 14 } as const;

/** The first `max` items and how many were left out. */
export function firstOf<T>(items: readonly T[], max: number): { shown: T[]; more: number } {
  const shown = items.slice(0, Math.max(0, max));
  return { shown, more: items.length - shown.length };
}

/**
 * The newest `max` items of a list kept oldest first (a status history): the latest moves matter
 * most on a printed sheet; how many earlier ones were left out is counted.
 */
export function lastOf<T>(items: readonly T[], max: number): { shown: T[]; more: number } {
  const shown = max > 0 ? items.slice(-max) : [];
  return { shown, more: items.length - shown.length };
}

/** A document's type as a reader names it: its file extension in capitals (PDF, DOCX), or '—'. */
export function documentKind(fileName: string | null | undefined): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(fileName?.trim() ?? '');
  return match ? match[1].toUpperCase() : '—';
}
