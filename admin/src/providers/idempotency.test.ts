import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from './dataProvider';
import { postInvoice } from '../invoices/api';
import type { InvoiceRequest } from '../invoices/invoiceRequest';

afterEach(() => vi.unstubAllGlobals());

/** The requests the console sent, with their headers. */
function recordFetches(answer: () => Response) {
  const sent: { url: string; method: string; headers: Headers }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    sent.push({ url: String(url), method: init.method ?? 'GET', headers: new Headers(init.headers) });
    return answer();
  }));
  return sent;
}

const json = (body: unknown, status = 201) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('Idempotency-Key on creates (the console sends one per submission)', () => {
  it('sends a new key with every create, and none with reads and updates', async () => {
    const sent = recordFetches(() => json({ id: 7, number: 'MSCU1234565' }));
    await dataProvider.create('containers', { data: { number: 'MSCU1234565' } });
    await dataProvider.create('vehicles', { data: { vin: '1HGCM82633A004352' } });
    await dataProvider.update('vehicles', { id: 7, data: { make: 'Kia' }, previousData: { id: 7 } });
    const keys = sent.filter((r) => r.method === 'POST').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(sent.find((r) => r.method === 'PATCH')!.headers.get('Idempotency-Key')).toBeNull();
  });

  it('sends one with an invoice', async () => {
    const sent = recordFetches(() => new Response(new Blob(['%PDF']), { status: 201, headers: { 'Content-Type': 'application/pdf', 'X-Invoice-Id': '3' } }));
    await postInvoice({} as InvoiceRequest);
    expect(sent[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });
});
