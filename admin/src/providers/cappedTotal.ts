import type { TranslateFunction } from 'ra-core';

/** Whether a list answer's total is a search's bound rather than a count (the API's X-Total-Capped). */
export const isCappedTotal = (headers: Headers) => headers.get('x-total-capped') === 'true';

/**
 * The pagination's "1-25 of 10,000+" for a capped total (the list's meta.totalCapped), or
 * undefined and react-admin's own "1-25 of 319".
 */
export function cappedRangeLabel(translate: TranslateFunction, capped: boolean | undefined) {
  if (!capped) return undefined;
  return ({ from, to, count }: { from: number; to: number; count: number }) =>
    translate('vehicles.rangeOfCapped', { offsetBegin: from, offsetEnd: to, total: count.toLocaleString('en') });
}
