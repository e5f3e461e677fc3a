import { normalizeContainerNumber } from '@domain/containerNumber';
import { idOrNull, isoDateOrNull, textOrNull } from '../common/formValues';

/**
 * The body of POST/PATCH /api/containers from the form (SPEC.md §5): the number trimmed (and
 * spaces removed, upper case, as ISO 6346 writes it), other texts trimmed or null, port ids numbers
 * or null, dates ISO or null. Company and shipper only when the user may choose them (SUPER_ADMIN).
 */
export function containerPayload(values: Record<string, unknown>, { chooseOwner }: { chooseOwner: boolean }) {
  return {
    number: normalizeContainerNumber(String(values.number ?? '')),
    bookingNumber: textOrNull(values.bookingNumber),
    containerSize: textOrNull(values.containerSize)?.toUpperCase() ?? null,
    loadingDate: isoDateOrNull(values.loadingDate),
    arrivalDate: isoDateOrNull(values.arrivalDate),
    sealNumber: textOrNull(values.sealNumber),
    shippingLine: textOrNull(values.shippingLine),
    fromPortId: idOrNull(values.fromPortId),
    toPortId: idOrNull(values.toPortId),
    ...(chooseOwner ? { companyId: idOrNull(values.companyId) ?? undefined, shipperId: idOrNull(values.shipperId) ?? undefined } : {}),
  };
}

/** 'Container number is required' when only blanks were typed. */
export const requiredContainerNumber = (value: unknown) =>
  normalizeContainerNumber(String(value ?? '')) ? undefined : 'containers.numberRequired';
