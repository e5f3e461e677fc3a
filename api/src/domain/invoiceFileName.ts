/**
 * The one name of an invoice's PDF, in every flow (the API's Content-Disposition of a new or a
 * stored invoice, the name the console saves it under): `<invoice number>-<buyer>.pdf`,
 * e.g. INV-2026-000123-Gulf-Motors.pdf or INV-2026-000124-معرض-77-للسيارات.pdf.
 * Fit for any file system: invisible formatting (bidi overrides, zero-width characters) and
 * characters that mean something to a file system or a shell quote are left out, control
 * characters and runs of spaces become one hyphen, and the buyer is cut to 80 characters.
 * Arabic and other scripts stay as typed (the API sends them as RFC 5987 filename*).
 */
const INVISIBLE_FORMATTING = /\p{Cf}/gu;
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const CONTROL = /[\u0000-\u001f\u007f]/g;
const UNSAFE = /["'<>:|?*\\/]/g;
export const BUYER_IN_FILE_NAME_MAX = 80;

const clean = (text: string) =>
  text.normalize('NFC').replace(INVISIBLE_FORMATTING, '').replace(CONTROL, ' ').replace(UNSAFE, '').trim().replace(/\s+/g, '-');

export function invoiceFileName(invoiceNumber: string, buyerName: string | null | undefined): string {
  const number = clean(invoiceNumber).replace(/^\.+/, '') || 'invoice';
  const buyer = [...clean(buyerName ?? '')]
    .slice(0, BUYER_IN_FILE_NAME_MAX)
    .join('')
    .replace(/^[-.]+|[-.]+$/g, '');
  return buyer ? `${number}-${buyer}.pdf` : `${number}.pdf`;
}
