import { formatListDate } from '../common/dates';

/**
 * An invoice date as the list shows it, "MMM dd, yyyy" (SPEC.md §9). The issued date is a calendar
 * day (yyyy-MM-dd) and is shown as that day wherever the reader is; a moment (createdAt) is shown
 * in the reader's time zone.
 */
export function formatInvoiceDate(value: unknown, language: string): string {
  const text = value == null ? '' : String(value);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return formatListDate(value, language);
  const day = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return text;
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en-US', {
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(day);
}
