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
  hasLogo: boolean;
};
