/**
 * The currencies an invoice profile may choose: ISO 4217 codes as the JavaScript engine knows them
 * (Intl.supportedValuesOf), so the API and the console accept the same list, and only those counted
 * in hundredths. Invoices keep money in integer minor units of two decimals (DESIGN.md §5,
 * DECIMAL(15,2)): a currency with three decimals (KWD, BHD, OMR) or none (JPY) would print amounts
 * its accountants would not recognise. Codes are upper-case.
 */
const hasCents = (code: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits === 2;

// Made on first use: asking Intl about every currency takes about 25 ms, which a start-up or a
// page that only shows amounts should not pay.
let codes: readonly string[] | undefined;
let codeSet: ReadonlySet<string> | undefined;
export const currencyCodes = (): readonly string[] => (codes ??= Intl.supportedValuesOf('currency').filter(hasCents));

export const DEFAULT_CURRENCY = 'USD';
export const CURRENCY_MESSAGE = 'must be an ISO 4217 currency code counted in hundredths (such as USD, SAR or AED)';

export function isCurrencyCode(value: string): boolean {
  return (codeSet ??= new Set(currencyCodes())).has(value);
}
