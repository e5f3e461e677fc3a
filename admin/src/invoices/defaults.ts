import type { InvoiceFormValues } from './invoiceApi';
import { todayIso } from './fileName';

/**
 * The seller prefilled in each form (SPEC.md §2: "prefilled with defaults, which differ between
 * the two invoice forms"). The page form invoices an export sale from the port of loading, with no
 * tax by default; the container dialog a sale at destination with 15 % VAT (Saudi Arabia) paid by
 * wire transfer. Every value can be changed before generating.
 */
export const PAGE_SELLER = {
  companyName: 'Vehicle Export Trading',
  companyAddress: '1 Harbor Road',
  companyCity: 'Baltimore',
  companyCountry: 'United States',
} as const;

export const DIALOG_SELLER = {
  companyName: 'Vehicle Export Trading KSA',
  companyAddress: 'King Abdulaziz Road',
  companyCity: 'Jeddah',
  companyCountry: 'Saudi Arabia',
} as const;

const buyer = { buyerName: '', buyerAddress: '', buyerPhone: '', buyerEmail: '' };

/** /containers?action=invoice: today, cash, empty tax. */
export const pageFormDefaults = (): InvoiceFormValues => ({
  date: todayIso(),
  paymentMethod: 'cash',
  ...buyer,
  ...PAGE_SELLER,
  sellerVatNumber: '',
  salePrice: '',
  taxPercentage: '',
});

/** The container invoice dialog: today, wire transfer, tax 15. */
export const dialogFormDefaults = (): InvoiceFormValues => ({
  date: todayIso(),
  paymentMethod: 'wireTransfer',
  ...buyer,
  ...DIALOG_SELLER,
  sellerVatNumber: '',
  salePrice: '',
  taxPercentage: '15',
});
