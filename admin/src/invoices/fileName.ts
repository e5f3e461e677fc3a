/** Characters no file system accepts in a name; control characters (a tab) count as spaces. */
const UNSAFE = /[/\\:*?"<>|]/g;
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The PDF of the container-list flow: invoice-{yyyy-MM-dd}.pdf (as the API names it too). */
export const pageInvoiceFileName = (date: string) => `invoice-${date}.pdf`;

/**
 * The PDF of the container invoice dialog: invoice-{buyer name with spaces as hyphens}-{yyyy-MM-dd}.pdf.
 * Runs of spaces become one hyphen; characters a file name cannot hold are left out.
 */
export function dialogInvoiceFileName(buyerName: string, date: string): string {
  const buyer = buyerName.replace(CONTROL, ' ').replace(UNSAFE, '').trim().replace(/\s+/g, '-');
  return buyer ? `invoice-${buyer}-${date}.pdf` : pageInvoiceFileName(date);
}

/**
 * A stored invoice downloaded from the list: its number (INV-2026-000123.pdf), as the API names
 * the download; the stored name (invoice-{date}.pdf) is the same for every invoice of a day.
 */
export function invoiceDownloadName(invoice: { id: unknown; invoiceNumber?: string | null; fileName?: string | null }): string {
  const number = invoice.invoiceNumber?.replace(CONTROL, '').replace(UNSAFE, '').trim();
  return number ? `${number}.pdf` : invoice.fileName || `invoice-${String(invoice.id)}.pdf`;
}

/** Today in the user's time zone as yyyy-MM-dd (the default invoice date). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
