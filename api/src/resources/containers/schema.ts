import { z } from 'zod';
import { normalizeContainerNumber } from '../../domain/containerNumber';
import { CONTAINER_STATUSES } from '../../domain/containerStatuses';
import { HIDDEN_CHARACTERS_MESSAGE, optionalIdentifier, optionalText, withoutHiddenCharacters } from '../../http/validate';

const id = z.number({ error: 'must be an id' }).int().positive();

const containerNumber = z
  .string({ error: 'Container number is required' })
  .refine(withoutHiddenCharacters, { error: HIDDEN_CHARACTERS_MESSAGE })
  .transform(normalizeContainerNumber)
  .pipe(z.string().min(1, { error: 'Container number is required' }).max(20, { error: 'is at most 20 characters' }));

/** True when "YYYY-MM-DD…" starts with a day that exists: Date.parse rolls 2026-02-30 over to March. */
const isCalendarDay = (value: string) => {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
};

/** Dates are ISO strings or null; a bare date stays a date ("2026-11-21"). */
const isoDate = z
  .string()
  .trim()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDay(value)) return value;
    const time = Date.parse(value);
    if (Number.isNaN(time) || !/^\d{4}-\d{2}-\d{2}T/.test(value) || !isCalendarDay(value)) {
      ctx.addIssue({ code: 'custom', message: 'must be an ISO date such as 2026-11-21' });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  });

const fields = {
  number: containerNumber,
  bookingNumber: optionalIdentifier(100),
  containerSize: optionalText(20),
  loadingDate: isoDate,
  arrivalDate: isoDate,
  sealNumber: optionalIdentifier(100),
  shippingLine: optionalText(100),
  fromPortId: id.nullish().transform((v) => v ?? null),
  toPortId: id.nullish().transform((v) => v ?? null),
  companyId: id.optional(),
  shipperId: id.optional(),
};

export const ContainerCreateSchema = z.object(fields);
export const ContainerUpdateSchema = z.object(fields).partial();

/**
 * A milestone's actual date is when it happened, never ahead (the console's picker disables the
 * future too). The day after today (UTC) still passes: in the Gulf, four hours ahead, the
 * evening's date is already tomorrow's in UTC.
 */
const notAfterTomorrow = (value: string | null | undefined) => {
  if (!value) return true;
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return value.slice(0, 10) <= tomorrow;
};

/** `PATCH /api/containers/{id}/status`: the milestone reached and, optionally, when (default: now). */
export const ContainerStatusSchema = z.object({
  status: z.enum(CONTAINER_STATUSES, { error: `must be one of ${CONTAINER_STATUSES.join(', ')}` }),
  at: isoDate.optional().refine(notAfterTomorrow, { error: 'cannot be in the future: a milestone is dated when it happened' }),
});
