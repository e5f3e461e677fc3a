import type { PaymentMethod } from './paymentMethods';

/**
 * GET /api/invoice/seller: the seller an invoice of a company carries unless its form says
 * otherwise, in the invoice form's field names. The API builds it (resources/companies/profile.ts)
 * and the console prefills both invoice forms with it.
 */
export type SellerProfile = {
  companyId: number;
  /** The profile's English legal name, else the company's name. */
  companyName: string;
  companyNameAr: string | null;
  companyAddress: string | null;
  companyCity: string | null;
  companyCountry: string | null;
  sellerVatNumber: string | null;
  commercialRegistrationNumber: string | null;
  /** ISO 4217, counted in hundredths. */
  currency: string;
  /** The VAT rate both invoice forms start with, as typed: "15", "2.5", "0". */
  taxPercentage: string;
  /** The payment method both invoice forms start with. */
  paymentMethod: PaymentMethod;
  hasLogo: boolean;
};
