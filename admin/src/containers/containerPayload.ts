import { normalizeContainerNumber } from '@domain/containerNumber';

const text = (value: unknown): string | null => {
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
  const trimmed = text(value);
  if (!trimmed) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return trimmed;
  const time = Date.parse(trimmed);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

/**
 * The body of POST/PATCH /api/containers from the form (SPEC.md §5): the number trimmed (and
 * spaces removed, upper case, as ISO 6346 writes it), other texts trimmed or null, port ids numbers
 * or null, dates ISO or null. Company and shipper only when the user may choose them (SUPER_ADMIN).
 */
export function containerPayload(values: Record<string, unknown>, { chooseOwner }: { chooseOwner: boolean }) {
  return {
    number: normalizeContainerNumber(String(values.number ?? '')),
    bookingNumber: text(values.bookingNumber),
    containerSize: text(values.containerSize)?.toUpperCase() ?? null,
    loadingDate: isoDateOrNull(values.loadingDate),
    arrivalDate: isoDateOrNull(values.arrivalDate),
    sealNumber: text(values.sealNumber),
    shippingLine: text(values.shippingLine),
    fromPortId: idOrNull(values.fromPortId),
    toPortId: idOrNull(values.toPortId),
    ...(chooseOwner ? { companyId: idOrNull(values.companyId) ?? undefined, shipperId: idOrNull(values.shipperId) ?? undefined } : {}),
  };
}

/** 'Container number is required' when only blanks were typed. */
export const requiredContainerNumber = (value: unknown) =>
  normalizeContainerNumber(String(value ?? '')) ? undefined : 'containers.numberRequired';
