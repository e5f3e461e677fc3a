import type { SheetLanguage } from '../../domain/sheetColumns';
import type { ExportColumn } from '../sheetExport';
import type { Invoice } from './model';

type Row = Invoice & { companyName?: string | null };

const HEADINGS: Record<string, Record<SheetLanguage, string>> = {
  invoiceNumber: { en: 'Invoice number', ar: 'رقم الفاتورة' },
  issuedDate: { en: 'Date', ar: 'التاريخ' },
  containerNumber: { en: 'Containers', ar: 'الحاويات' },
  buyerName: { en: 'Buyer', ar: 'المشتري' },
  salePrice: { en: 'Sale price', ar: 'سعر البيع' },
  taxAmount: { en: 'Tax', ar: 'الضريبة' },
  totalAmount: { en: 'Total', ar: 'الإجمالي' },
  currency: { en: 'Currency', ar: 'العملة' },
  paymentMethod: { en: 'Payment method', ar: 'طريقة الدفع' },
  sellerName: { en: 'Seller', ar: 'البائع' },
  companyName: { en: 'Company', ar: 'الشركة' },
};

const amount = (value: number | string | null | undefined) => (value === null || value === undefined || value === '' ? null : Number(value));

/** The invoice sheet an export writes: what the invoices list shows, amounts as numbers. */
export function invoiceExportColumns(language: SheetLanguage): ExportColumn<Row>[] {
  const cells: Record<string, (row: Row) => string | number | null> = {
    invoiceNumber: (row) => row.invoiceNumber,
    issuedDate: (row) => row.issuedDate,
    containerNumber: (row) => row.containerNumber,
    buyerName: (row) => row.buyerName,
    salePrice: (row) => amount(row.salePrice),
    taxAmount: (row) => amount(row.taxAmount),
    totalAmount: (row) => amount(row.totalAmount),
    currency: (row) => row.currency,
    paymentMethod: (row) => row.paymentMethod,
    sellerName: (row) => row.sellerName,
    companyName: (row) => row.companyName ?? null,
  };
  return Object.entries(HEADINGS).map(([key, heading]) => ({ heading: heading[language], cell: cells[key] }));
}
