import { SAUDI_VAT_MESSAGE, VAT_NUMBER_MESSAGE, vatNumberProblem } from '@domain/vatNumber';
import { CURRENCY_MESSAGE } from '@domain/currency';
import { COMMERCIAL_REGISTRATION, COMMERCIAL_REGISTRATION_MESSAGE } from '@domain/commercialRegistration';
import { toBasisPoints } from '@domain/money';

/** The API's field sentences the console has in both languages, by message key. */
const KNOWN_FIELD_MESSAGES: Record<string, string> = {
  [SAUDI_VAT_MESSAGE]: 'companyProfile.vatSaudiInvalid',
  [VAT_NUMBER_MESSAGE]: 'companyProfile.vatInvalid',
  [CURRENCY_MESSAGE]: 'companyProfile.currencyInvalid',
  [COMMERCIAL_REGISTRATION_MESSAGE]: 'companyProfile.crInvalid',
};

/** The API's commercial registration rule as a form validator (a message key, or undefined). */
export const commercialRegistrationError = (value: unknown): string | undefined =>
  value === null || value === undefined || String(value).trim() === '' || COMMERCIAL_REGISTRATION.test(String(value).trim())
    ? undefined
    : 'companyProfile.crInvalid';

/** A field error of the API as a message key when the console knows it, else as the API said it. */
export const fieldMessageKey = (message: string): string => KNOWN_FIELD_MESSAGES[message] ?? message;

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The API's own VAT rule (domain/vatNumber.ts) as a form validator: 15 digits starting and ending
 * with 3 for Saudi Arabia, 5 to 30 letters or digits elsewhere. Spaces and dashes are ignored, as
 * they are dropped before sending. Returns a message key, or undefined when the number fits.
 */
export function vatNumberError(vatNumber: unknown, company: { country?: unknown; currency?: unknown }): string | undefined {
  const compact = text(vatNumber).replace(/[\s-]+/g, '');
  const problem = vatNumberProblem(compact, { country: text(company.country), currency: text(company.currency) });
  return problem ? fieldMessageKey(problem) : undefined;
}

/** A tax percentage as the forms hold it: empty is 0; 0 to 100 with at most 2 decimals; null otherwise. */
export const taxBasisPoints = (value: unknown): number | null => {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return text === '' ? 0 : toBasisPoints(text);
};

/** The VAT rate's validator of the invoice form and the profile's default alike (a message key, or undefined). */
export const taxPercentageError = (value: unknown): string | undefined => (taxBasisPoints(value) !== null ? undefined : 'invoice.taxInvalid');
