/**
 * The seller's VAT number on a company's invoice profile. Saudi Arabia's VAT numbers (ZATCA) are
 * 15 digits that start and end with 3; elsewhere formats vary too much to check more than 5 to 30
 * letters or digits. Pure, so the console checks a form with the rule the API applies.
 */

export const SAUDI_VAT_MESSAGE = 'VAT number must be 15 digits for Saudi Arabia, starting and ending with 3';
export const VAT_NUMBER_MESSAGE = 'must be 5 to 30 letters or digits';

/** The names a profile's country may give Saudi Arabia, compared trimmed and case-insensitively. */
export const SAUDI_ARABIA_NAMES = ['SA', 'KSA', 'Saudi Arabia', 'Kingdom of Saudi Arabia', 'المملكة العربية السعودية', 'السعودية'] as const;

const normaliseCountry = (country: string) => country.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
const SAUDI_NAMES = new Set(SAUDI_ARABIA_NAMES.map(normaliseCountry));

export function isSaudiArabia(country: string | null | undefined): boolean {
  return typeof country === 'string' && SAUDI_NAMES.has(normaliseCountry(country));
}

const SAUDI_VAT = /^3\d{13}3$/;
const FIFTEEN_DIGITS = /^\d{15}$/;
const ANY_VAT = /^[0-9A-Za-z]{5,30}$/;

/**
 * Why a VAT number cannot be this company's (a message), or null when it can (or is not set).
 * The Saudi rule applies when the country is Saudi Arabia, and to any 15-digit number when the
 * currency is SAR (a Saudi number whose country was left empty or written another way).
 */
export function vatNumberProblem(
  vatNumber: string | null | undefined,
  company: { country?: string | null; currency?: string | null },
): string | null {
  if (vatNumber === null || vatNumber === undefined || vatNumber === '') return null;
  const saudi = isSaudiArabia(company.country) || (company.currency?.trim().toUpperCase() === 'SAR' && FIFTEEN_DIGITS.test(vatNumber));
  if (saudi) return SAUDI_VAT.test(vatNumber) ? null : SAUDI_VAT_MESSAGE;
  return ANY_VAT.test(vatNumber) ? null : VAT_NUMBER_MESSAGE;
}
