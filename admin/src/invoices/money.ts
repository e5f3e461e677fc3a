import { formatAmount as formatMinorAmount, invoiceTotals, toMinorUnits } from '@domain/money';
import { taxBasisPoints } from '../companyProfile/vat';
import { DEFAULT_CURRENCY } from '@domain/currency';

/** The amounts of an invoice in minor units (cents), as the API computes them. */
export interface InvoiceAmounts {
  salePrice: number;
  taxAmount: number;
  totalAmount: number;
}

const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/** A sale price as the form holds it: 0 or more with at most 2 decimals, in cents; null otherwise. */
export const priceMinorUnits = (value: unknown): number | null => {
  const text = asText(value);
  return text === '' ? null : toMinorUnits(text);
};

export { taxBasisPoints };

/**
 * total = salePrice + salePrice × tax / 100, in integer cents with the API's rounding (the same
 * function, api/src/domain/money.ts): the total shown is the total the PDF will carry.
 * Null while the price is missing or either value is not a valid amount.
 */
export function computeInvoiceAmounts(salePrice: unknown, taxPercentage: unknown): InvoiceAmounts | null {
  const price = priceMinorUnits(salePrice);
  const tax = taxBasisPoints(taxPercentage);
  if (price === null || tax === null) return null;
  return invoiceTotals(price, tax);
}

/** The currency of invoices and profiles that carry none: the API's default. */
export { DEFAULT_CURRENCY };

/** An ISO 4217 code as shown: upper-case, or the default when there is none. */
export const currencyCode = (currency: unknown): string => {
  const text = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  return /^[A-Z]{3}$/.test(text) ? text : DEFAULT_CURRENCY;
};

/** 123456789 → "1,234,567.89": the API's own formatting (@domain/money), as the PDF prints it. */
export { formatMinorAmount };

/**
 * 123456789, 'SAR' → "1,234,567.89 SAR": the amount, then its ISO 4217 code (the code reads the
 * same in English and Arabic, and a bare "$" cannot tell US from other dollars).
 */
export function formatMoney(minor: number, currency?: unknown): string {
  return `${formatMinorAmount(minor)} ${currencyCode(currency)}`;
}

/** An amount as the API returns it (a number or a decimal string) in cents; null when it is none. */
export function amountMinorUnits(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const exact = toMinorUnits(typeof value === 'number' ? value : String(value));
  if (exact !== null) return exact;
  const number = Number(value);
  return Number.isFinite(number) ? Math.round(number * 100) : null;
}

/** An API amount as "1,234.50 SAR", or "—" when there is none. */
export const formatAmount = (value: unknown, currency?: unknown): string => {
  const minor = amountMinorUnits(value);
  return minor === null ? '—' : formatMoney(minor, currency);
};

/** A file size in KB as the spec shows it: bytes / 1024 with 2 decimals. */
export function formatKilobytes(bytes: unknown): string {
  const number = Number(bytes);
  return Number.isFinite(number) && number >= 0 ? (number / 1024).toFixed(2) : '—';
}
