import { z } from 'zod';

const text = (max: number) => z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(max);

export const PortCreateSchema = z.object({
  name: text(200),
  nameAr: text(200),
  country: text(100),
  companyId: z.number({ error: 'must be a company id' }).int().positive().nullable().default(null),
});
export const PortUpdateSchema = PortCreateSchema.partial();
