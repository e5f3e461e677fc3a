import { z } from 'zod';
import { COUNTRY_MESSAGE, isCountryCode } from '../../domain/countries';

const text = (max: number) => z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(max);
/** An ISO 3166-1 alpha-2 code in any case, stored upper-case ('sa' is SA). */
const country = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .toUpperCase()
  .refine(isCountryCode, { error: COUNTRY_MESSAGE });
const companyId = z.number({ error: 'must be a company id' }).int().positive().nullable();

const fields = { name: text(200), nameAr: text(200), country, companyId };

export const PortCreateSchema = z.object({ ...fields, companyId: companyId.default(null) });
// Built from the fields, not from PortCreateSchema.partial(): a default would survive .partial()
// and a PATCH without companyId would clear it.
export const PortUpdateSchema = z.object(fields).partial();
