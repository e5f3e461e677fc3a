import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/**
 * A tiny stand-in for the API on a free port, reached with the real fetch: it answers each POST
 * as its script says (a 503, a refused key, a dropped connection, or 201 with the record) and keeps the keys
 * it was sent, in order.
 */
async function startApi(script: ('503' | '422' | 'drop' | '201')[]) {
  const keys: (string | undefined)[] = [];
  let nextId = 1;
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      keys.push(req.headers['idempotency-key'] as string | undefined);
      const step = script.shift() ?? '201';
      if (step === 'drop') return req.socket.destroy();
      if (step === '503') {
        res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
        return res.end(JSON.stringify({ message: 'The database is not answering', code: 'db.unavailable' }));
      }
      if (step === '422') {
        res.writeHead(422, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify({ message: 'This Idempotency-Key was already used for a different request', code: 'idempotency.keyReused' }));
      }
      if (req.url === '/api/invoice') {
        res.writeHead(201, { 'Content-Type': 'application/pdf', 'X-Invoice-Id': String(nextId++) });
        return res.end('%PDF');
      }
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: nextId++, ...JSON.parse(Buffer.concat(parts).toString() || '{}') }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  // The console calls same-origin paths (/api/...): here they go to this server.
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => realFetch(new URL(url, base), init));
  closeAfter.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return keys;
}

const closeAfter: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closeAfter.splice(0)) await close();
});

describe('Idempotency-Key: one per submission, kept through retries of a failed create', () => {
  const vin = { vin: '1HGCM82633A004352', make: 'Honda' };

  it('sends a failed create again (a 503, a dropped connection) with its first key, and the next create after a success with a new one', async () => {
    const keys = await startApi(['503', 'drop', '201', '201']);
    await expect(dataProvider.create('vehicles', { data: vin })).rejects.toMatchObject({ status: 503 });
    await expect(dataProvider.create('vehicles', { data: { ...vin } })).rejects.toBeInstanceOf(TypeError);
    expect(await dataProvider.create('vehicles', { data: { ...vin } })).toMatchObject({ data: { id: 1, vin: vin.vin } });
    await dataProvider.create('vehicles', { data: { ...vin } });
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('sends changed data, or the same data to another resource, with a new key', async () => {
    const keys = await startApi(['503', '503', '201']);
    const data = { vin: '2T1BURHE0JC074343', make: 'Toyota' };
    await expect(dataProvider.create('vehicles', { data })).rejects.toMatchObject({ status: 503 });
    await expect(dataProvider.create('containers', { data })).rejects.toMatchObject({ status: 503 });
    await dataProvider.create('vehicles', { data: { ...data, make: 'Lexus' } });
    expect(new Set(keys).size).toBe(3);
  });

  it('sends a new key after the server refused the key (422 idempotency.keyReused), so the next Save is not refused again', async () => {
    const keys = await startApi(['503', '422', '201']);
    const data = { vin: 'JN1AZ4EH7FM730841', make: 'Nissan' };
    await expect(dataProvider.create('vehicles', { data })).rejects.toMatchObject({ status: 503 });
    await expect(dataProvider.create('vehicles', { data })).rejects.toMatchObject({ status: 422 });
    await dataProvider.create('vehicles', { data });
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('sends two clicks of one Save that are out at once with one key', async () => {
    const keys = await startApi(['201', '201']);
    const data = { vin: 'WVWZZZ1JZXW000001', make: 'Volkswagen' };
    await Promise.all([dataProvider.create('vehicles', { data }), dataProvider.create('vehicles', { data: { ...data } })]);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends an invoice that failed again with its first key, and the next invoice with a new one', async () => {
    const keys = await startApi(['503', '201', '201']);
    const request = { containerIds: [4], currency: 'USD' } as unknown as InvoiceRequest;
    await expect(postInvoice(request)).rejects.toMatchObject({ status: 503 });
    expect(await postInvoice({ ...request })).toMatchObject({ id: '1' });
    await postInvoice({ ...request });
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
