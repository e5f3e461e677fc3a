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

const LIST_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: '2-digit' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...LIST_DATE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/**
 * One formatter per language and style, made once: building an Intl.DateTimeFormat costs far more
 * than formatting with it, and a list formats a date in every row. Latin digits in Arabic too.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatDate(value: unknown, language: string, style: 'date' | 'dateTime'): string {
  const date = parseApiDate(value);
  if (!date) return '';
  const key = `${language}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en-US', style === 'date' ? LIST_DATE : DATE_TIME);
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/** List dates as "MMM dd, yyyy" (SPEC.md §9) in English, the same fields in Arabic. */
export const formatListDate = (value: unknown, language: string) => formatDate(value, language, 'date');

/** A moment as "MMM dd, yyyy, HH:mm" (histories). */
export const formatDateTime = (value: unknown, language: string) => formatDate(value, language, 'dateTime');
