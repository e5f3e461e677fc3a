import { z } from 'zod';

const Id = z.number({ error: 'must be a list of notification ids' }).int({ error: 'must be a list of notification ids' }).positive({ error: 'must be a list of notification ids' }).max(2 ** 31 - 1);

/** `POST /api/notifications/read`: `{ ids: [...] }` (1 to 500 of them), or `{ all: true }`. */
export const MarkReadSchema = z.union([
  z.object({ ids: z.array(Id, { error: 'must be a list of notification ids' }).min(1, { error: 'must name at least one notification' }).max(500, { error: 'must name at most 500 notifications' }) }),
  z.object({ all: z.literal(true) }),
]);
