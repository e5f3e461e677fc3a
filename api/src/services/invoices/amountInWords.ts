import { toCardinal as arabicCardinal } from 'n2words/ar-SA';
import { toCardinal as englishCardinal } from 'n2words/en-US';
import { arabicCount, type ArabicNoun } from './arabicCount';
import { ARABIC_CURRENCIES } from './arabicCurrencies';

/**
 * An amount in words under the invoice total, in English and Arabic, as accountants write it on
 * invoices and cheques: the whole units in words with the currency's name, the hundredths as
 * "and 78/100" (English) and in words with the minor unit's name (Arabic).
 * English numbers come from n2words and currency names from ICU (Intl). Arabic needs the counted
 * noun to agree with the number (arabicCount.ts), so the currencies whose Arabic noun forms we
 * know (arabicCurrencies.ts) are written grammatically: "ثلاثة آلاف ريال سعودي وثلاث وثمانون
 * هللة"; any other currency keeps n2words' number followed by ICU's name, and "nn/100".
 */
const currencyName = (locale: 'en' | 'ar', currency: string, count: bigint) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'name', minimumFractionDigits: 0, maximumFractionDigits: 0 })
    .formatToParts(count)
    .find((part) => part.type === 'currency')?.value ?? currency;

/** The Arabic words of whole units and hundredths of a currency whose noun forms we know. */
function arabicWords(whole: bigint, hundredths: number, nouns: { major: ArabicNoun; minor: ArabicNoun }): string {
  const minor = hundredths ? arabicCount(BigInt(hundredths), nouns.minor) : '';
  if (whole === 0n) return minor || `صفر ${nouns.major.singular}`;
  const major = arabicCount(whole, nouns.major);
  return minor ? `${major} و${minor}` : major;
}

/** minor: the amount in minor units (halalas, cents), never negative. */
export function amountInWords(minor: number, currency: string): { en: string; ar: string } {
  const whole = BigInt(Math.floor(minor / 100));
  const hundredths = minor % 100;
  const english = `${englishCardinal(whole)} ${currencyName('en', currency, whole)}${hundredths ? ` and ${String(hundredths).padStart(2, '0')}/100` : ''}`;
  const nouns = ARABIC_CURRENCIES[currency];
  const arabic = nouns
    ? arabicWords(whole, hundredths, nouns)
    : `${arabicCardinal(whole)} ${currencyName('ar', currency, whole)}${hundredths ? ` و${String(hundredths).padStart(2, '0')}/100` : ''}`;
  return {
    en: `${english.charAt(0).toUpperCase()}${english.slice(1)} only`,
    ar: `فقط ${arabic} لا غير`,
  };
}
