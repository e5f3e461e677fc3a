import { renderInvoicePdf } from './pdf';
import type { InvoiceData } from './invoiceData';

/** Runs in a worker thread: PDF layout is CPU work that must not hold up the event loop. */
export default async function render(data: InvoiceData): Promise<Uint8Array> {
  return new Uint8Array(await renderInvoicePdf(data));
}
