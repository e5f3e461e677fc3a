/** Everything the invoice PDF shows, gathered by the route and handed to the PDF worker. */
export type InvoiceVehicle = { vin: string; make: string | null; model: string | null; year: number | null; color: string | null };
export type InvoiceContainer = {
  number: string;
  containerSize: string | null;
  sealNumber: string | null;
  fromPort: string | null;
  toPort: string | null;
  vehicles: InvoiceVehicle[];
};
export type InvoiceData = {
  invoiceNumber: string;
  issuedDate: string; // yyyy-MM-dd
  issuedAt: string; // ISO 8601 timestamp (ZATCA)
  paymentMethod: 'cash' | 'wireTransfer';
  currency: string;
  seller: { name: string; address: string | null; city: string | null; country: string | null; vatNumber: string | null };
  buyer: { name: string; address: string | null; phone: string | null; email: string | null };
  containers: InvoiceContainer[];
  salePrice: string; // 2 decimals
  taxPercentage: string;
  taxAmount: string;
  totalAmount: string;
  /** ZATCA TLV (base64), when the seller's VAT number is given. */
  zatcaQr: string | null;
};
