import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { findParagraph, pdfSegments } from './support/pdfText';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { binary } from './support/binaryBody';

/**
 * What both invoice forms start from (the company profile's VAT rate and payment method), when an
 * invoice is titled a tax invoice, and the one file name of every flow.
 */
describe.each(ENGINES)('invoice defaults, title and file name on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let containerId: number;
  const VAT_NUMBER = '300000000000003';

  const request = (overrides: Record<string, unknown> = {}) => ({
    containerIds: [containerId],
    paymentMethod: 'wireTransfer',
    date: '2026-11-26',
    buyerName: 'Gulf Buyer',
    salePrice: '1000',
    taxPercentage: '0',
    ...overrides,
  });
  const issue = async (overrides: Record<string, unknown> = {}) => {
    const res = await w.clients.SHIPPER.post('/api/invoice').send(request(overrides)).buffer(true).parse(binary);
    expect(res.status, res.body.toString().slice(0, 300)).toBe(201);
    return { res, page: await pdfSegments(res.body as Buffer) };
  };
  const invoiceCount = async () => Number((await t.db('invoices').count({ n: '*' }))[0].n);

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
    [containerId] = (await t.db('containers').insert({ number: 'MSCU1234565', companyId: w.companyA.id, createdAt: new Date().toISOString() })).map(Number);
  });
  afterAll(() => t.close());

  it('gives both forms the profile’s VAT rate and payment method, 0 % and wire transfer until the company chooses', async () => {
    const before = await w.clients.SHIPPER.get('/api/invoice/seller');
    expect(before.body).toMatchObject({ taxPercentage: '0', paymentMethod: 'wireTransfer', currency: 'USD' });

    const saved = await w.clients.COMPANY_ADMIN.patch(`/api/companies/${w.companyA.id}`).send({ invoiceTaxPercentage: '2.5', invoicePaymentMethod: 'cash' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ invoiceTaxPercentage: 2.5, invoicePaymentMethod: 'cash' });
    expect((await w.clients.SHIPPER.get('/api/invoice/seller')).body).toMatchObject({ taxPercentage: '2.5', paymentMethod: 'cash' });

    await w.clients.COMPANY_ADMIN.patch(`/api/companies/${w.companyA.id}`).send({ invoiceTaxPercentage: 15 });
    expect((await w.clients.SHIPPER.get('/api/invoice/seller')).body).toMatchObject({ taxPercentage: '15', paymentMethod: 'cash' });
  });

  it.each([
    [{ invoiceTaxPercentage: '101' }, 'invoiceTaxPercentage'],
    [{ invoiceTaxPercentage: '-1' }, 'invoiceTaxPercentage'],
    [{ invoiceTaxPercentage: '1.234' }, 'invoiceTaxPercentage'],
    [{ invoicePaymentMethod: 'cheque' }, 'invoicePaymentMethod'],
  ])('refuses a profile default of %j and changes nothing', async (body, field) => {
    const before = (await w.clients.SHIPPER.get('/api/invoice/seller')).body;
    const res = await w.clients.COMPANY_ADMIN.patch(`/api/companies/${w.companyA.id}`).send(body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toContain(field);
    expect((await w.clients.SHIPPER.get('/api/invoice/seller')).body).toEqual(before);
  });

  it('titles an invoice at 0 % VAT "INVOICE", not "TAX INVOICE", unless the seller chooses a tax invoice', async () => {
    await w.clients.COMPANY_ADMIN.patch(`/api/companies/${w.companyA.id}`).send({ vatNumber: VAT_NUMBER });
    try {
      const zero = await issue();
      expect(findParagraph(zero.page, 'TAX INVOICE')).toBeNull();
      expect(findParagraph(zero.page, 'INVOICE')).not.toBeNull();
      expect(findParagraph(zero.page, 'Not a tax invoice: no VAT is charged.')).not.toBeNull();

      const chosen = await issue({ taxInvoice: true });
      expect(findParagraph(chosen.page, 'TAX INVOICE')).not.toBeNull();
      expect(findParagraph(chosen.page, 'Not a tax invoice: no VAT is charged.')).toBeNull();

      // VAT charged by a seller with a VAT number: always a tax invoice.
      const charged = await issue({ taxPercentage: '15' });
      expect(findParagraph(charged.page, 'TAX INVOICE')).not.toBeNull();
    } finally {
      await w.clients.COMPANY_ADMIN.patch(`/api/companies/${w.companyA.id}`).send({ vatNumber: null });
    }
  });

  it('refuses a tax invoice without the seller’s VAT number, storing nothing', async () => {
    const before = await invoiceCount();
    const res = await w.clients.SHIPPER.post('/api/invoice').send(request({ taxInvoice: true, sellerVatNumber: '' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ taxInvoice: "a tax invoice needs the seller's VAT number" });
    const wrongType = await w.clients.SHIPPER.post('/api/invoice').send(request({ taxInvoice: 'yes' }));
    expect(wrongType.status).toBe(400);
    expect(await invoiceCount()).toBe(before);
  });

  it('names the PDF <number>-<buyer>.pdf in every flow, an Arabic buyer as RFC 5987 filename*', async () => {
    const { res } = await issue({ buyerName: '  معرض 77 / للسيارات  ' });
    const number = res.headers['x-invoice-number'] as string;
    const expected = `${number}-معرض-77-للسيارات.pdf`;
    const disposition = res.headers['content-disposition'] as string;
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(expected)}`);
    const download = await w.clients.COMPANY_ADMIN.get(`/api/invoices/${res.headers['x-invoice-id']}/download`).buffer(true).parse(binary);
    expect(download.headers['content-disposition']).toBe(disposition);
    expect((await w.clients.SHIPPER.get(`/api/invoices/${res.headers['x-invoice-id']}`)).body.fileName).toBe(expected);

    // Characters no file system takes, control characters and invisible formatting are left out.
    const odd = await issue({ buyerName: 'A/B:\t"Motors"?\u202E' });
    expect(odd.res.headers['content-disposition']).toBe(`attachment; filename="${odd.res.headers['x-invoice-number']}-AB-Motors.pdf"`);
  });
});
