/** How an invoice is paid (SPEC.md §3): the invoice request's and the company profile's choices. */
export const PAYMENT_METHODS = ['cash', 'wireTransfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
