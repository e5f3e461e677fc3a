import type { InvoiceFormValues } from './invoiceRequest';
import { todayIso } from './fileName';

/**
 * The starting values of the one invoice form, used by both flows (the container page's dialog
 * and /containers?action=invoice). The VAT rate, the payment method and the seller come from the
 * invoicing company's profile (GET /api/invoice/seller), filled in once it has loaded
 * (ProfilePrefill): both flows start alike, and an invoice at 0 % is not a tax invoice unless the
 * seller ticks it. Every value can be changed before generating.
 */
export const invoiceFormDefaults = (): InvoiceFormValues => ({
  date: todayIso(),
  paymentMethod: 'wireTransfer',
  buyerName: '',
  buyerAddress: '',
  buyerPhone: '',
  buyerEmail: '',
  companyName: '',
  companyNameAr: '',
  companyAddress: '',
  companyCity: '',
  companyCountry: '',
  sellerVatNumber: '',
  salePrice: '',
  taxPercentage: '',
  taxInvoice: false,
});
