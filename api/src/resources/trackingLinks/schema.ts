import { z } from 'zod';

export const DEFAULT_EXPIRY_DAYS = 30;
export const MAX_EXPIRY_DAYS = 365;

/** `POST /api/vehicles/{id}/tracking-links`: how many days the link works (1 to 365, 30 when left out). */
export const TrackingLinkCreateSchema = z.object({
  expiresInDays: z
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(1, { error: 'must be at least 1 day' })
    .max(MAX_EXPIRY_DAYS, { error: `must be at most ${MAX_EXPIRY_DAYS} days` })
    .default(DEFAULT_EXPIRY_DAYS),
});
