import type { Identifier } from 'react-admin';
import { API_URL, bodyOf, httpClient, responseError, statusOf } from '../providers/http';
import { errorMessage } from '../providers/errorMessage';
import { fieldMessageKey } from '../companyProfile/vat';
import { compactVatNumber } from '../companyProfile/profile';
import type { SellerProfile } from '@domain/sellerProfile';

export type PaymentMethod = 'cash' | 'wireTransfer';
export const PAYMENT_METHODS: PaymentMethod[] = ['cash', 'wireTransfer'];

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

/** The seller fields of the form from the profile (empty text where the profile has nothing). */
export function sellerFormValues(seller: Partial<SellerProfile>): Record<SellerField, string> {
  return Object.fromEntries(SELLER_FIELDS.map((field) => [field, text(seller[field])])) as Record<SellerField, string>;
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
  };
}


/**
 * GET /api/invoice/seller: a SUPER_ADMIN names the company; company staff get their own
 * company's (companyId may be left out).
 */
export async function fetchSeller(companyId?: Identifier | null): Promise<SellerProfile> {
  const query = companyId === undefined || companyId === null ? '' : `?companyId=${encodeURIComponent(companyId)}`;
  const { json } = await httpClient(`${API_URL}/invoice/seller${query}`);
  return json as SellerProfile;
}

/** POST /api/invoice: the new invoice's PDF, its id and its number. */
export async function postInvoice(request: InvoiceRequest): Promise<{ pdf: Blob; id: string | null; invoiceNumber: string | null }> {
  const response = await fetch(`${API_URL}/invoice`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/pdf, application/json' },
    body: JSON.stringify(request),
  });
  if (!response.ok) throw await responseError(response);
  return {
    pdf: await response.blob(),
    id: response.headers.get('X-Invoice-Id'),
    invoiceNumber: response.headers.get('X-Invoice-Number'),
  };
}

/** GET /api/invoices/{id}/download: the stored PDF. */
export async function fetchInvoicePdf(id: Identifier): Promise<Blob> {
  const response = await fetch(`${API_URL}/invoices/${encodeURIComponent(id)}/download`, { credentials: 'include' });
  if (!response.ok) throw await responseError(response);
  return response.blob();
}

/** Saves a file the browser already holds: an object URL on a temporary <a download>. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: the download may still be reading the URL when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The API's sentences about an invoice request that the console has in both languages. */
const KNOWN_MESSAGES: Record<string, string> = {
  'Please select at least one container': 'invoice.selectContainer',
  'One or more containers were not found': 'invoice.containersNotFound',
  'All containers of an invoice must belong to one company': 'invoice.oneCompany',
};

/**
 * What to say when generating failed: a known sentence in the page's language; the server's
 * sentence for a 400 (e.g. 'Buyer name is required'); for a 400 that names a field, the general
 * "check the form" (the field itself shows the detail); sign-in, permission and network problems
 * as everywhere; anything else invoice.generationError ('Failed to generate invoice').
 */
export function generationErrorMessage(error: unknown, translate: Translate): string {
  const message = bodyOf(error)?.message;
  if (message && KNOWN_MESSAGES[message]) return translate(KNOWN_MESSAGES[message]);
  const status = statusOf(error);
  if (status === 400 && message) return /^Invalid \w+: /.test(message) ? translate('errors.validation.failed') : message;
  if (status === 401 || status === 403 || error instanceof TypeError) return errorMessage(error, translate, 'invoice.generationError');
  return translate('invoice.generationError');
}

/** Field errors of a 400 that belong to a field of the form. */
export function generationFieldErrors(error: unknown): Record<string, string> | undefined {
  const errors = bodyOf(error)?.errors;
  if (!errors) return undefined;
  const fields = Object.entries(errors)
    .filter(([field]) => field !== 'containerIds' && field !== '_')
    .map(([field, message]) => [field, fieldMessageKey(message)]);
  return fields.length ? Object.fromEntries(fields) : undefined;
}
