import { DEFAULT_CURRENCY } from '@domain/currency';
import { PAYMENT_METHODS, type PaymentMethod } from '@domain/paymentMethods';
import { normaliseCurrency } from './currencies';
import { fieldMessageKey } from './vat';

/**
 * The seller's invoice profile of a company (GET /api/companies/{id}): what its invoices say
 * about the seller. Every field may be empty; the currency defaults to USD on the server.
 */
export const PROFILE_FIELDS = [
  'legalNameEn',
  'legalNameAr',
  'address',
  'city',
  'country',
  'vatNumber',
  'commercialRegistrationNumber',
  'currency',
  'invoiceTaxPercentage',
  'invoicePaymentMethod',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export interface CompanyProfile {
  id: number;
  name: string;
  code?: string;
  legalNameEn: string | null;
  legalNameAr: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  vatNumber: string | null;
  commercialRegistrationNumber: string | null;
  currency: string;
  /** The VAT rate and payment method both invoice forms start with. */
  invoiceTaxPercentage: number | string;
  invoicePaymentMethod: PaymentMethod;
  hasLogo: boolean;
}

export type ProfileFormValues = Record<ProfileField, string>;
export type ProfilePayload = Record<Exclude<ProfileField, 'currency' | 'invoiceTaxPercentage' | 'invoicePaymentMethod'>, string | null> & {
  currency: string;
  invoiceTaxPercentage: string;
  invoicePaymentMethod: PaymentMethod;
};

/** The currency of a profile that names none (the API's default). */
export const DEFAULT_PROFILE_CURRENCY = DEFAULT_CURRENCY;

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The form's values from the company: empty strings for what is not set, USD when no currency. */
export function profileFormValues(company: Partial<CompanyProfile>): ProfileFormValues {
  const values = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, text(company[field])])) as ProfileFormValues;
  values.currency = normaliseCurrency(values.currency) || DEFAULT_PROFILE_CURRENCY;
  values.invoiceTaxPercentage = values.invoiceTaxPercentage || '0';
  values.invoicePaymentMethod = paymentMethodOr(values.invoicePaymentMethod);
  return values;
}

const paymentMethodOr = (value: unknown): PaymentMethod =>
  (PAYMENT_METHODS as readonly unknown[]).includes(value) ? (value as PaymentMethod) : 'wireTransfer';

/** A VAT number is letters and digits: the spaces and dashes people type for readability are dropped. */
export const compactVatNumber = (value: unknown) => text(value).replace(/[\s-]+/g, '');
/** A commercial registration number may hold dashes, never spaces. */
const compactRegistration = (value: unknown) => text(value).replace(/\s+/g, '');

/**
 * The PATCH body: profile fields only (a company admin may not send name, code or active), text
 * trimmed, empty text null (cleared), identifiers without spaces, the currency upper-case.
 */
export function profilePayload(values: Partial<ProfileFormValues>): ProfilePayload {
  const optional = (value: unknown) => text(value).trim() || null;
  return {
    legalNameEn: optional(values.legalNameEn),
    legalNameAr: optional(values.legalNameAr),
    address: optional(values.address),
    city: optional(values.city),
    country: optional(values.country),
    vatNumber: compactVatNumber(values.vatNumber) || null,
    commercialRegistrationNumber: compactRegistration(values.commercialRegistrationNumber) || null,
    currency: normaliseCurrency(values.currency) || DEFAULT_PROFILE_CURRENCY,
    // An emptied rate is 0 %: no VAT unless the company says so.
    invoiceTaxPercentage: text(values.invoiceTaxPercentage).trim() || '0',
    invoicePaymentMethod: paymentMethodOr(values.invoicePaymentMethod),
  };
}

/**
 * Field errors of a 400 that belong to the profile form (others are shown in the toast only), the
 * API's sentences the console knows as message keys (so they read in Arabic too).
 */
export function profileFieldErrors(errors: Record<string, string> | undefined): Partial<Record<ProfileField, string>> | undefined {
  if (!errors) return undefined;
  const own = Object.entries(errors)
    .filter(([field]) => (PROFILE_FIELDS as readonly string[]).includes(field))
    .map(([field, message]) => [field, fieldMessageKey(message)]);
  return own.length ? Object.fromEntries(own) : undefined;
}

/** A logo the API takes (PUT /api/companies/{id}/logo): PNG, JPEG or WebP of at most 2 MB. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_ACCEPT = [...LOGO_TYPES, '.png', '.jpg', '.jpeg', '.webp'];

/** Why a chosen file cannot be a logo (a message key), checked before it is sent; null if it can. */
export function logoFileProblem(file: { type: string; size: number; name: string }): 'companyProfile.logoWrongType' | 'companyProfile.logoTooLarge' | null {
  const byName = /\.(png|jpe?g|webp)$/i.test(file.name);
  const typeOk = file.type ? (LOGO_TYPES as readonly string[]).includes(file.type) : byName;
  if (!typeOk) return 'companyProfile.logoWrongType';
  if (file.size > LOGO_MAX_BYTES) return 'companyProfile.logoTooLarge';
  return null;
}
