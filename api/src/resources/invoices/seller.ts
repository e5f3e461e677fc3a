import { vatNumberProblem } from '../../domain/vatNumber';
import { badRequest } from '../../http/errors';
import type { InvoiceSeller } from '../../services/invoices/invoiceData';
import type { SellerProfile } from '../companies/profile';
import type { InvoiceRequest } from './schema';

/** What the form says when it says anything (null: left blank), else the profile's value. */
const orProfile = <T>(typed: T | null | undefined, profile: T | null): T | null => (typed === undefined ? profile : typed);

/**
 * The seller an invoice carries: what the form says, and the company's invoice profile for all it
 * leaves out. A seller always has a name (the profile's legal name, else the company's). The VAT
 * number is checked with the profile's rule against the invoice's own country (a Saudi seller's
 * number is 15 digits starting and ending with 3); left blank, the invoice is not a tax invoice.
 */
export function invoiceSeller(input: InvoiceRequest, profile: SellerProfile): InvoiceSeller {
  const seller: InvoiceSeller = {
    name: input.companyName || profile.companyName,
    nameAr: orProfile(input.companyNameAr, profile.companyNameAr),
    address: orProfile(input.companyAddress, profile.companyAddress),
    city: orProfile(input.companyCity, profile.companyCity),
    country: orProfile(input.companyCountry, profile.companyCountry),
    vatNumber: orProfile(input.sellerVatNumber, profile.sellerVatNumber),
    commercialRegistrationNumber: profile.commercialRegistrationNumber,
  };
  const problem = vatNumberProblem(seller.vatNumber, { country: seller.country, currency: profile.currency });
  if (problem) throw badRequest(`Invalid invoice: ${problem}`, { sellerVatNumber: problem });
  return seller;
}

/** The name the ZATCA QR code carries: the seller's legal name, in Arabic where it has one. */
export const zatcaSellerName = (seller: InvoiceSeller) => seller.nameAr ?? seller.name;
