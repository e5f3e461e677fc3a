import type { InvoiceFormValues } from './invoiceRequest';
import { todayIso } from './fileName';

/**
 * The starting values of each form (SPEC.md §2: the defaults "differ between the two invoice
 * forms"). The page form invoices an export sale paid in cash with no tax by default; the container
 * dialog a sale paid by wire transfer with 15 % VAT. The seller is the same in both: the invoicing
 * company's profile (GET /api/invoice/seller), filled in once it has loaded (SellerPrefill).
 * Every value can be changed before generating.
 */
const buyer = { buyerName: '', buyerAddress: '', buyerPhone: '', buyerEmail: '' };
const seller = { companyName: '', companyNameAr: '', companyAddress: '', companyCity: '', companyCountry: '', sellerVatNumber: '' };

/** /containers?action=invoice: today, cash, empty tax. */
export const pageFormDefaults = (): InvoiceFormValues => ({
  date: todayIso(),
  paymentMethod: 'cash',
  ...buyer,
  ...seller,
  salePrice: '',
  taxPercentage: '',
});

/** The container invoice dialog: today, wire transfer, tax 15. */
export const dialogFormDefaults = (): InvoiceFormValues => ({
  date: todayIso(),
  paymentMethod: 'wireTransfer',
  ...buyer,
  ...seller,
  salePrice: '',
  taxPercentage: '15',
});
