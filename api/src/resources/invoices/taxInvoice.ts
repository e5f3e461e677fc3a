import { badRequest } from '../../http/errors';

/**
 * Whether an invoice is a tax invoice (titled TAX INVOICE / فاتورة ضريبية, with the ZATCA QR
 * code). Only a seller with a VAT number issues one. With VAT charged it always is; at 0 % only
 * when the seller chose it (a zero-rated export sale): an invoice that charges no VAT is not
 * titled a tax invoice by default. Asking for one without a VAT number is refused (400), since
 * the title would claim what the invoice cannot be.
 */
export function isTaxInvoice(input: { taxPercentage: number; taxInvoice: boolean }, sellerVatNumber: string | null): boolean {
  if (!sellerVatNumber) {
    if (input.taxInvoice) throw badRequest("Invalid invoice: a tax invoice needs the seller's VAT number", { taxInvoice: "a tax invoice needs the seller's VAT number" });
    return false;
  }
  return input.taxPercentage > 0 || input.taxInvoice;
}
