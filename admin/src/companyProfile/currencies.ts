import { currencyCodes, isCurrencyCode as isInvoiceCurrency } from '@domain/currency';

/**
 * Invoice currencies: the API's list (ISO 4217 codes counted in hundredths, @domain/currency).
 * The exporters' usual three come first, every other code follows in alphabetical order.
 */
export const PREFERRED_CURRENCIES = ['USD', 'SAR', 'AED'] as const;

const CODE = /^[A-Z]{3}$/;

/** The choices of the currency select: USD, SAR, AED, then the rest A to Z. */
export function currencyChoices(known: readonly string[] = currencyCodes()): string[] {
  const rest = [...new Set(known.map((code) => code.toUpperCase()))]
    .filter((code) => CODE.test(code) && !(PREFERRED_CURRENCIES as readonly string[]).includes(code))
    .sort();
  return [...PREFERRED_CURRENCIES, ...rest];
}

/** What the user typed, as a code: trimmed and upper-case ("sar " → "SAR"). */
export const normaliseCurrency = (value: unknown): string => (typeof value === 'string' ? value.trim().toUpperCase() : '');

/** A code an invoice may be made out in, typed in any case. */
export const isCurrencyCode = (value: unknown): boolean => isInvoiceCurrency(normaliseCurrency(value));

/** "SAR" → "Saudi Riyal" (or "ريال سعودي"); the code itself where the engine has no name for it. */
export function currencyName(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'code' }).of(code);
    return name ?? code;
  } catch {
    return code;
  }
}
