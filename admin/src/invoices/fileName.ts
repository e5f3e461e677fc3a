import { invoiceFileName } from '@domain/invoiceFileName';

export { invoiceFileName };

/**
 * A stored invoice saved from the list: `<number>-<buyer>.pdf`, the name of every flow
 * (@domain/invoiceFileName), as the API names the download.
 */
export function invoiceDownloadName(invoice: { id: unknown; invoiceNumber?: string | null; buyerName?: string | null }): string {
  return invoiceFileName(invoice.invoiceNumber || `invoice-${String(invoice.id)}`, invoice.buyerName);
}

/** Today in the user's time zone as yyyy-MM-dd (the default invoice date). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
