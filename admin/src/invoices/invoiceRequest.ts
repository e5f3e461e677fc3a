import type { Identifier } from 'react-admin';
import { compactVatNumber } from '../companyProfile/profile';
import type { SellerProfile } from '@domain/sellerProfile';

import { PAYMENT_METHODS, type PaymentMethod } from '@domain/paymentMethods';
import { taxBasisPoints } from './money';

export { PAYMENT_METHODS, type PaymentMethod };

/** The values of the invoice form (both forms share them). */
export interface InvoiceFormValues {
  date: string;
  paymentMethod: PaymentMethod;
  buyerName: string;
  buyerAddress?: string | null;
  buyerPhone?: string | null;
  buyerEmail?: string | null;
  companyName?: string | null;
  companyNameAr?: string | null;
  companyAddress?: string | null;
  companyCity?: string | null;
  companyCountry?: string | null;
  sellerVatNumber?: string | null;
  salePrice: string | number;
  taxPercentage?: string | number | null;
  /** At 0 % VAT, issue a tax invoice all the same (a zero-rated sale); needs the VAT number. */
  taxInvoice?: boolean;
}

/** The body of POST /api/invoice (SPEC.md §3). */
export interface InvoiceRequest extends InvoiceFormValues {
  containerIds: number[];
}

/** The seller fields of the form, prefilled from the company's invoice profile. */
export const SELLER_FIELDS = ['companyName', 'companyNameAr', 'companyAddress', 'companyCity', 'companyCountry', 'sellerVatNumber'] as const;
export type SellerField = (typeof SELLER_FIELDS)[number];

/** GET /api/invoice/seller (@domain/sellerProfile): the form's seller defaults. */
export type { SellerProfile };

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
const optional = (value: unknown) => text(value) || null;
/** The seller's name left empty is left out: the API then takes the profile's (an invoice always names its seller). */
const profileNameIfEmpty = (value: unknown) => text(value) || undefined;

/** What the form takes from the company's profile: the seller, the VAT rate, the payment method. */
export const PROFILE_DEFAULT_FIELDS = [...SELLER_FIELDS, 'taxPercentage', 'paymentMethod'] as const;
export type ProfileDefaultField = (typeof PROFILE_DEFAULT_FIELDS)[number];

/** The form's values from the profile (empty text where the profile has nothing). */
export function profileDefaults(seller: Partial<SellerProfile>): Record<ProfileDefaultField, string> {
  const values = Object.fromEntries(SELLER_FIELDS.map((field) => [field, text(seller[field])])) as Record<ProfileDefaultField, string>;
  values.taxPercentage = text(seller.taxPercentage) || '0';
  values.paymentMethod = seller.paymentMethod && (PAYMENT_METHODS as readonly string[]).includes(seller.paymentMethod) ? seller.paymentMethod : 'wireTransfer';
  return values;
}

/**
 * Whether the form offers "issue as a tax invoice": no VAT is charged (0 % or empty) and the
 * seller has a VAT number. With VAT charged and a VAT number it is a tax invoice anyway; without
 * a VAT number it cannot be one.
 */
export function offersTaxInvoiceChoice(values: Pick<InvoiceFormValues, 'taxPercentage' | 'sellerVatNumber'>): boolean {
  return taxBasisPoints(values.taxPercentage) === 0 && compactVatNumber(values.sellerVatNumber) !== '';
}

/**
 * The request from the form: text trimmed, empty optional fields null, an empty seller name left
 * out (the API takes the profile's), money as typed (exact).
 */
export function invoiceRequest(values: InvoiceFormValues, containerIds: Identifier[]): InvoiceRequest {
  return {
    containerIds: [...new Set(containerIds.map(Number))],
    paymentMethod: values.paymentMethod,
    date: text(values.date),
    buyerName: text(values.buyerName),
    buyerAddress: optional(values.buyerAddress),
    buyerPhone: optional(values.buyerPhone),
    buyerEmail: optional(values.buyerEmail),
    companyName: profileNameIfEmpty(values.companyName),
    // The form was prefilled from the profile: a field the user emptied is blank on this invoice
    // (without a VAT number it is not a tax invoice).
    companyNameAr: optional(values.companyNameAr),
    companyAddress: optional(values.companyAddress),
    companyCity: optional(values.companyCity),
    companyCountry: optional(values.companyCountry),
    sellerVatNumber: optional(compactVatNumber(values.sellerVatNumber)),
    salePrice: text(values.salePrice),
    taxPercentage: optional(values.taxPercentage),
    // Only where the form offers it: a box ticked before the VAT number was cleared asks for nothing.
    taxInvoice: offersTaxInvoiceChoice(values) && values.taxInvoice === true,
  };
}
