import { COMMERCIAL_REGISTRATION, COMMERCIAL_REGISTRATION_MESSAGE } from '../../domain/commercialRegistration';
import { z } from 'zod';
import { CURRENCY_MESSAGE, DEFAULT_CURRENCY, isCurrencyCode } from '../../domain/currency';
import { VAT_NUMBER_MESSAGE } from '../../domain/vatNumber';
import { toBasisPoints } from '../../domain/money';
import { PAYMENT_METHODS } from '../../domain/paymentMethods';

const name = z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(200);
/** Codes are short identifiers, kept upper-case so "acme" and "ACME" are one code on both engines. */
const code = z
  .string({ error: 'is required' })
  .trim()
  .toUpperCase()
  .min(1, { error: 'is required' })
  .max(50)
  .regex(/^[\p{L}\p{N}._-]+$/u, { error: 'may hold letters, digits, dot, dash and underscore only' });

/** Optional text of the profile: trimmed, empty is null (cleared); messages name no field, parse() does. */
const optionalText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .nullish()
    .transform((v) => v || null);

/** Optional text matching a pattern: trimmed, empty is null (cleared). */
const optionalPattern = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((v) => v || null)
    .pipe(z.string().regex(pattern, { error: message }).nullable());

const TAX_MESSAGE = 'must be a percentage from 0 to 100, with at most 2 decimals';

const currency = z
  .string({ error: CURRENCY_MESSAGE })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, { error: CURRENCY_MESSAGE });

/** The default VAT rate: 0 to 100 with at most 2 decimals (a DECIMAL(5,2) column). */
const taxPercentage = z.union([z.string(), z.number()], { error: TAX_MESSAGE }).transform((v, ctx) => {
  const bp = toBasisPoints(v);
  if (bp === null) {
    ctx.addIssue({ code: 'custom', message: TAX_MESSAGE });
    return z.NEVER;
  }
  return bp / 100;
});

/**
 * The seller's invoice profile. The VAT number's shape here is only "letters and digits"; whether
 * it fits the company (the Saudi rule of domain/vatNumber.ts) depends on the country and currency
 * it ends up with, so the routes check it after merging a change with the stored company.
 */
export const CompanyProfileSchema = z.object({
  legalNameEn: optionalText(200),
  legalNameAr: optionalText(200),
  address: optionalText(500),
  city: optionalText(100),
  country: optionalText(100),
  vatNumber: optionalPattern(/^[0-9A-Za-z]{1,30}$/, VAT_NUMBER_MESSAGE),
  commercialRegistrationNumber: optionalPattern(COMMERCIAL_REGISTRATION, COMMERCIAL_REGISTRATION_MESSAGE),
  currency,
  invoiceTaxPercentage: taxPercentage,
  invoicePaymentMethod: z.enum(PAYMENT_METHODS, { error: 'must be cash or wireTransfer' }),
});
/** What only a SUPER_ADMIN may change (a COMPANY_ADMIN edits the profile alone). */
export const SUPER_ADMIN_FIELDS = ['name', 'code', 'active'] as const;

export const CompanyCreateSchema = z.object({
  name,
  code,
  active: z.boolean().default(true),
  ...CompanyProfileSchema.partial().shape,
  currency: currency.default(DEFAULT_CURRENCY),
});
export const CompanyUpdateSchema = z.object({ name, code, active: z.boolean(), ...CompanyProfileSchema.shape }).partial();
export const CompanyProfileUpdateSchema = CompanyProfileSchema.partial();
