import { z } from 'zod';
import { toBasisPoints, toMinorUnits } from '../../domain/money';
import { optionalText } from '../../http/validate';
import { PAYMENT_METHODS } from '../../domain/paymentMethods';

const isCalendarDate = (value: string) => {
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** Seller text: undefined when left out (the profile's value), null when sent empty, else trimmed. */
const sellerText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** The spec's invoice request (SPEC.md §3), checked at the edge; money becomes minor units. */
export const InvoiceRequestSchema = z.object({
  containerIds: z
    .array(z.number().int().positive(), { error: 'Please select at least one container' })
    .min(1, { error: 'Please select at least one container' })
    .max(100)
    .transform((ids) => [...new Set(ids)]),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'must be cash or wireTransfer' }),
  date: z
    .string({ error: 'Date is required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date as yyyy-MM-dd' })
    .refine(isCalendarDate, { error: 'is not a real date' }),
  buyerName: z.string({ error: 'Buyer name is required' }).trim().min(1, { error: 'Buyer name is required' }).max(200),
  buyerAddress: optionalText(500),
  buyerPhone: optionalText(50),
  buyerEmail: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .pipe(z.email({ error: 'must be a valid e-mail address' }).max(254).nullable()),
  // The seller: a field left out is taken from the company's invoice profile; one sent empty (or
  // null) is left blank on this invoice, so a seller can issue one without its VAT number.
  companyName: sellerText(200),
  companyNameAr: sellerText(200),
  companyAddress: sellerText(500),
  companyCity: sellerText(100),
  companyCountry: sellerText(100),
  sellerVatNumber: sellerText(30),
  salePrice: z.union([z.string(), z.number()], { error: 'Sale price is required' }).transform((v, ctx) => {
    const minor = toMinorUnits(v);
    if (minor === null) {
      ctx.addIssue({ code: 'custom', message: 'Sale price must be 0 or more, with at most 2 decimals' });
      return z.NEVER;
    }
    return minor;
  }),
  taxPercentage: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return 0;
      const bp = toBasisPoints(v);
      if (bp === null) {
        ctx.addIssue({ code: 'custom', message: 'Tax percentage must be from 0 to 100, with at most 2 decimals' });
        return z.NEVER;
      }
      return bp;
    }),
  // At 0 % VAT the invoice is a tax invoice only when the seller says so (a zero-rated sale); with
  // VAT charged and a VAT number it always is. A tax invoice needs the seller's VAT number.
  taxInvoice: z.boolean({ error: 'must be true or false' }).nullish().transform((v) => v ?? false),
});
export type InvoiceRequest = z.output<typeof InvoiceRequestSchema>;
