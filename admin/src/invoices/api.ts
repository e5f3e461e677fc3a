import type { Identifier } from 'react-admin';
import { API_URL, fetchOk, sendJson } from '../providers/http';
import { jsonRequest, sendOnce } from '../providers/submissionKeys';
import type { InvoiceRequest, SellerProfile } from './invoiceRequest';

/**
 * GET /api/invoice/seller: a SUPER_ADMIN names the company; company staff get their own
 * company's (companyId may be left out).
 */
export async function fetchSeller(companyId?: Identifier | null): Promise<SellerProfile> {
  const query = companyId === undefined || companyId === null ? '' : `?companyId=${encodeURIComponent(companyId)}`;
  return sendJson<SellerProfile>('GET', `/invoice/seller${query}`);
}

/**
 * POST /api/invoice: the new invoice's PDF, its id and its number. The same request sent again
 * after a failure goes with the same Idempotency-Key (submissionKeys.ts), so it never takes a
 * second number; the submission ends once the whole PDF has been read.
 */
export function postInvoice(request: InvoiceRequest): Promise<{ pdf: Blob; id: string | null; invoiceNumber: string | null }> {
  return sendOnce(jsonRequest(`${API_URL}/invoice`, request), async (key) => {
    const response = await fetchOk(`${API_URL}/invoice`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/pdf, application/json', 'Idempotency-Key': key },
      body: JSON.stringify(request),
    });
    return {
      pdf: await response.blob(),
      id: response.headers.get('X-Invoice-Id'),
      invoiceNumber: response.headers.get('X-Invoice-Number'),
    };
  });
}

/** GET /api/invoices/{id}/download: the stored PDF. */
export async function fetchInvoicePdf(id: Identifier): Promise<Blob> {
  const response = await fetchOk(`${API_URL}/invoices/${encodeURIComponent(id)}/download`);
  return response.blob();
}
