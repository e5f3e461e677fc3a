import { toCardinal as arabicCardinal } from 'n2words/ar-SA';
import { toCardinal as englishCardinal } from 'n2words/en-US';

/**
 * An amount in words under the invoice total, in English and Arabic, as accountants write it on
 * invoices and cheques: the whole units in words with the currency's name, the hundredths as
 * "and 78/100" (English) and in words with the minor unit's name where we know it (Arabic).
 * Numbers become words through n2words; currency names come from ICU (Intl), so any ISO 4217
 * code a company chooses has its English and Arabic name.
 */
const ARABIC_MINOR_UNIT: Record<string, string> = { SAR: 'هللة', AED: 'فلس', USD: 'سنت', EUR: 'سنت', QAR: 'درهم' };

const currencyName = (locale: 'en' | 'ar', currency: string, count: bigint) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'name', minimumFractionDigits: 0, maximumFractionDigits: 0 })
    .formatToParts(count)
    .find((part) => part.type === 'currency')?.value ?? currency;

/** minor: the amount in minor units (halalas, cents), never negative. */
export function amountInWords(minor: number, currency: string): { en: string; ar: string } {
  const whole = BigInt(Math.floor(minor / 100));
  const hundredths = minor % 100;
  const english = `${englishCardinal(whole)} ${currencyName('en', currency, whole)}${hundredths ? ` and ${String(hundredths).padStart(2, '0')}/100` : ''}`;
  const minorUnit = ARABIC_MINOR_UNIT[currency];
  const arabicHundredths = !hundredths ? '' : minorUnit ? ` و${arabicCardinal(hundredths)} ${minorUnit}` : ` و${String(hundredths).padStart(2, '0')}/100`;
  return {
    en: `${english.charAt(0).toUpperCase()}${english.slice(1)} only`,
    ar: `فقط ${arabicCardinal(whole)} ${currencyName('ar', currency, whole)}${arabicHundredths} لا غير`,
  };
}
