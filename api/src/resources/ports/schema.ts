import { z } from 'zod';

const text = (max: number) => z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(max);
const companyId = z.number({ error: 'must be a company id' }).int().positive().nullable();

const fields = { name: text(200), nameAr: text(200), country: text(100), companyId };

export const PortCreateSchema = z.object({ ...fields, companyId: companyId.default(null) });
// Built from the fields, not from PortCreateSchema.partial(): a default would survive .partial()
// and a PATCH without companyId would clear it.
export const PortUpdateSchema = z.object(fields).partial();
