/** A container as the API lists it: its number and the numbers of the invoices that include it. */
export type InvoicedContainer = { id: unknown; number?: string; invoiceNumbers?: string[] };

/** The containers of a selection that are already on an invoice (asked before invoicing again). */
export const alreadyInvoiced = <C extends InvoicedContainer>(containers: C[]): C[] =>
  containers.filter((container) => Array.isArray(container.invoiceNumbers) && container.invoiceNumbers.length > 0);

/** The invoice numbers as one line: "INV-2026-000001, INV-2026-000007". */
export const invoiceNumbersText = (container: InvoicedContainer): string => (container.invoiceNumbers ?? []).join(', ');
