/** Everything the invoice PDF shows, gathered by the route and handed to the PDF worker. */
/** `color` as typed, or a known colour's English name; `colorAr` that colour's Arabic name (printed under it). */
export type InvoiceVehicle = { vin: string; make: string | null; model: string | null; year: number | null; color: string | null; colorAr?: string | null };
/** A port by its English and Arabic names (the Arabic falls back to the English one). */
export type InvoicePort = { name: string; nameAr: string };
export type InvoiceContainer = {
  number: string;
  containerSize: string | null;
  sealNumber: string | null;
  fromPort: InvoicePort | null;
  toPort: InvoicePort | null;
  vehicles: InvoiceVehicle[];
};
export type InvoiceSeller = {
  name: string;
  nameAr: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  vatNumber: string | null;
  commercialRegistrationNumber: string | null;
};
export type InvoiceData = {
  invoiceNumber: string;
  issuedDate: string; // yyyy-MM-dd
  issuedAt: string; // ISO 8601 timestamp (ZATCA)
  paymentMethod: 'cash' | 'wireTransfer';
  /** ISO 4217, printed after every amount. */
  currency: string;
  seller: InvoiceSeller;
  buyer: { name: string; address: string | null; phone: string | null; email: string | null };
  containers: InvoiceContainer[];
  /** Amounts as accountants read them: "123,456.78" (exact, from integer minor units). */
  salePrice: string;
  taxPercentage: string;
  taxAmount: string;
  totalAmount: string;
  amountInWords: { en: string; ar: string };
  /**
   * Titled TAX INVOICE / فاتورة ضريبية, with the ZATCA QR code: the seller has a VAT number and
   * charges VAT, or chose a tax invoice at 0 % (resources/invoices/taxInvoice.ts).
   */
  taxInvoice: boolean;
  /** ZATCA TLV (base64) of a tax invoice; null otherwise. */
  zatcaQr: string | null;
  /** The seller's logo (PNG), if the company has one. */
  logo: Uint8Array | null;
};
