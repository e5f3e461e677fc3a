/**
 * The API stores UTC text; SQLite returns "YYYY-MM-DD HH:MM:SS" without a zone, which browsers
 * would read as local time. Such a value is read as UTC here.
 */
export function parseApiDate(value: unknown): Date | undefined {
  if (value == null || value === '') return undefined;
  if (value instanceof Date) return value;
  const text = String(value);
  const normalized = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  const date = new Date(normalized);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** List dates as "MMM dd, yyyy" (SPEC.md §9) in English, the same fields in Arabic (Latin digits). */
export function formatListDate(value: unknown, language: string): string {
  const date = parseApiDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en-US', {
    year: 'numeric',
    month: 'short',
    day: '2-digit',
  }).format(date);
}

/** A moment as "MMM dd, yyyy, HH:mm" (histories), Latin digits in Arabic too. */
export function formatDateTime(value: unknown, language: string): string {
  const date = parseApiDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en-US', {
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}
