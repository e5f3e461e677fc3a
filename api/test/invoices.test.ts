import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { findParagraph, pdfSegments, pdfText } from './support/pdfText';
import { pdfPagePng } from '../../test/support/pdf';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';
import { binary } from './support/binaryBody';


describe.each(ENGINES)('invoices on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let containerA: number;
  let containerA2: number;
  let containerB: number;
  let vin: string;

  const request = (overrides: Record<string, unknown> = {}) => ({
    containerIds: [containerA],
    paymentMethod: 'cash',
    date: '2026-11-21',
    buyerName: 'Mohammed Al Otaibi',
    buyerAddress: 'Olaya St, Riyadh',
    buyerPhone: '+966500000000',
    buyerEmail: 'buyer@example.com',
    companyName: 'شركة الخليج للسيارات',
    companyAddress: 'King Fahd Rd',
    companyCity: 'Riyadh',
    companyCountry: 'Saudi Arabia',
    salePrice: '19999.99',
    taxPercentage: '15',
    ...overrides,
  });

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
    const [port] = await t.db('ports').insert({ name: 'Jeddah', nameAr: 'جدة', country: 'Saudi Arabia', createdAt: new Date().toISOString() });
    const c = async (companyId: number, number: string) =>
      Number((await t.db('containers').insert({ number, companyId, containerSize: '40HC', sealNumber: 'SEAL-7', toPortId: port, createdAt: new Date().toISOString() }))[0]);
    containerA = await c(w.companyA.id, 'MSCU1234565');
    containerA2 = await c(w.companyA.id, 'MAEU1111111');
    containerB = await c(w.companyB.id, 'CSQU3054383');
    vin = validVin();
    await t.db('vehicles').insert({ vin, make: 'TOYOTA', model: 'Land Cruiser', year: 2024, containerId: containerA, companyId: w.companyA.id, status: 'LOADED', vehicleInfo: JSON.stringify({ color: 'White' }), createdAt: new Date().toISOString() });
  });
  afterAll(() => t.close());

  it('answers with a bilingual PDF naming the buyer, containers, VINs and the exact total, and records the invoice', async () => {
    const res = await w.clients.SHIPPER.post('/api/invoice').send(request({ sellerVatNumber: '300000000000003' })).buffer(true).parse(binary);
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${res.headers['x-invoice-number']}-Mohammed-Al-Otaibi.pdf"`);
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.body);
    for (const expected of ['Mohammed Al Otaibi', 'MSCU1234565', vin, '22,999.99 USD', '3,000.00 USD', '19,999.99 USD', 'INV-2026-', 'Cash', 'TAX INVOICE']) expect(text).toContain(expected);
    // Arabic labels come out in reading order.
    for (const arabic of ['فاتورة ضريبية', 'المشتري', 'البائع', 'الإجمالي', 'شركة الخليج للسيارات']) expect(text).toContain(arabic);

    const resultsDir = path.resolve('test-results/invoices');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, `invoice-${engine}.pdf`), res.body);
    writeFileSync(path.join(resultsDir, `invoice-${engine}.png`), await pdfPagePng(res.body, { dpi: 90 }));

    const id = Number(res.headers['x-invoice-id']);
    const row = await w.clients.SHIPPER.get(`/api/invoices/${id}`);
    expect(row.body).toMatchObject({
      invoiceNumber: res.headers['x-invoice-number'],
      fileName: `${res.headers['x-invoice-number']}-Mohammed-Al-Otaibi.pdf`,
      containerNumber: 'MSCU1234565',
      containerIds: [containerA],
      buyerName: 'Mohammed Al Otaibi',
      salePrice: 19999.99,
      taxPercentage: 15,
      taxAmount: 3000,
      totalAmount: 22999.99,
      paymentMethod: 'cash',
      issuedDate: '2026-11-21',
      fileSize: res.body.length,
      createdBy: w.shipper.id,
      currency: 'USD',
      sellerName: 'شركة الخليج للسيارات',
      sellerVatNumber: '300000000000003',
    });
    const download = await w.clients.COMPANY_ADMIN.get(`/api/invoices/${id}/download`).buffer(true).parse(binary);
    expect(download.body.equals(res.body)).toBe(true);
  });

  it.each([
    ['0.10', '15', 0.1, 0.02, 0.12],
    ['19999.99', '15', 19999.99, 3000, 22999.99],
    ['1000', '0', 1000, 0, 1000],
    ['0', '15', 0, 0, 0],
    ['333.33', '7.5', 333.33, 25, 358.33],
  ])('computes exact money: %s at %s%%', async (price, tax, salePrice, taxAmount, totalAmount) => {
    const res = await w.clients.SHIPPER.post('/api/invoice').send(request({ salePrice: price, taxPercentage: tax }));
    const row = await w.clients.SHIPPER.get(`/api/invoices/${res.headers['x-invoice-id']}`);
    expect(row.body).toMatchObject({ salePrice, taxAmount, totalAmount });
  });

  it('numbers 20 concurrent invoices of a company consecutively, each number once', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => w.clients.COMPANY_ADMIN.post('/api/invoice').send(request({ date: '2027-01-05' }))));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => r.headers['x-invoice-number'] as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `INV-2027-${String(i + 1).padStart(6, '0')}`));
    // Another company counts on its own.
    const other = await w.clients.SUPER_ADMIN.post('/api/invoice').send(request({ containerIds: [containerB], date: '2027-03-01' }));
    expect(other.headers['x-invoice-number']).toBe('INV-2027-000001');
  });

  it('takes the seller from the company’s invoice profile when the form leaves it out', async () => {
    const profile = { legalNameEn: 'Gulf Motors Trading LLC', legalNameAr: 'شركة الخليج للسيارات المحدودة', address: 'مبنى 12، شارع 45', city: 'Jeddah', country: 'Saudi Arabia', vatNumber: '311111111111113', commercialRegistrationNumber: '4030123456', currency: 'SAR' };
    expect((await w.clients.COMPANY_ADMIN.patch(`/api/companies/${w.companyA.id}`).send(profile)).status).toBe(200);
    try {
      const { companyName: _n, companyAddress: _a, companyCity: _c, companyCountry: _k, ...withoutSeller } = request();
      const res = await w.clients.SHIPPER.post('/api/invoice').send(withoutSeller).buffer(true).parse(binary);
      expect(res.status).toBe(201);
      const page = await pdfSegments(res.body);
      for (const expected of ['Gulf Motors Trading LLC', 'شركة الخليج للسيارات المحدودة', 'مبنى 12، شارع 45', '311111111111113', '4030123456', '22,999.99 SAR']) {
        expect(findParagraph(page, expected), expected).not.toBeNull();
      }
      const row = await w.clients.SHIPPER.get(`/api/invoices/${res.headers['x-invoice-id']}`);
      expect(row.body).toMatchObject({ sellerName: 'Gulf Motors Trading LLC', sellerNameAr: 'شركة الخليج للسيارات المحدودة', sellerAddress: 'مبنى 12، شارع 45', sellerCity: 'Jeddah', sellerCountry: 'Saudi Arabia', sellerVatNumber: '311111111111113', sellerCommercialRegistrationNumber: '4030123456', currency: 'SAR' });

      // What the form does say wins over the profile.
      const typed = await w.clients.SHIPPER.post('/api/invoice').send(request({ companyName: 'Typed Seller', companyCity: 'Dammam' }));
      const typedRow = await w.clients.SHIPPER.get(`/api/invoices/${typed.headers['x-invoice-id']}`);
      expect(typedRow.body).toMatchObject({ sellerName: 'Typed Seller', sellerCity: 'Dammam', sellerNameAr: 'شركة الخليج للسيارات المحدودة', sellerVatNumber: '311111111111113' });

      // A field sent empty is blank on this invoice: without the VAT number it is no tax invoice.
      const blank = await w.clients.SHIPPER.post('/api/invoice').send(request({ sellerVatNumber: '', companyNameAr: null })).buffer(true).parse(binary);
      expect(blank.status).toBe(201);
      const blankRow = await w.clients.SHIPPER.get(`/api/invoices/${blank.headers['x-invoice-id']}`);
      expect(blankRow.body).toMatchObject({ sellerVatNumber: null, sellerNameAr: null, sellerCity: 'Riyadh' });
      expect(findParagraph(await pdfSegments(blank.body), 'Not a tax invoice: the seller has no VAT number.')).not.toBeNull();

      // A Saudi seller's VAT number typed on the form is checked like the profile's.
      const wrongVat = await w.clients.SHIPPER.post('/api/invoice').send(request({ sellerVatNumber: '123456789012345' }));
      expect(wrongVat.status).toBe(400);
      expect(wrongVat.body.errors).toEqual({ sellerVatNumber: 'VAT number must be 15 digits for Saudi Arabia, starting and ending with 3' });
    } finally {
      await w.clients.SUPER_ADMIN.patch(`/api/companies/${w.companyA.id}`).send({ legalNameEn: null, legalNameAr: null, address: null, city: null, country: null, vatNumber: null, commercialRegistrationNumber: null, currency: 'USD' });
    }
  });

  it('without any seller name on the form or the profile uses the company’s name', async () => {
    const res = await w.clients.SHIPPER.post('/api/invoice').send(request({ companyName: '' }));
    expect(res.status).toBe(201);
    const row = await w.clients.SHIPPER.get(`/api/invoices/${res.headers['x-invoice-id']}`);
    expect(row.body.sellerName).toBe('Gulf Motors');
  });

  it('refuses bad requests with the spec’s messages and saves nothing', async () => {
    const before = Number((await t.db('invoices').count({ n: '*' }))[0].n);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ containerIds: [] }, /Please select at least one container/],
      [{ containerIds: undefined }, /Please select at least one container/],
      [{ buyerName: '  ' }, /Buyer name is required/],
      [{ salePrice: '-1' }, /Sale price must be 0 or more/],
      [{ salePrice: '10.999' }, /at most 2 decimals/],
      [{ taxPercentage: '101' }, /Tax percentage must be from 0 to 100/],
      [{ date: '2026-02-30' }, /date/],
      [{ date: '21/11/2026' }, /date/],
      [{ buyerEmail: 'not-an-email' }, /e-mail/],
      [{ paymentMethod: 'cheque' }, /cash or wireTransfer/],
      [{ containerIds: [containerB] }, /not found/],
      [{ containerIds: [containerA, 999999] }, /not found/],
    ];
    for (const [overrides, message] of cases) {
      const res = await w.clients.SHIPPER.post('/api/invoice').send(request(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const mixed = await w.clients.SUPER_ADMIN.post('/api/invoice').send(request({ containerIds: [containerA, containerB] }));
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toMatch(/one company/);
    expect((await w.clients.BUYER.post('/api/invoice').send(request())).status).toBe(403);
    expect(Number((await t.db('invoices').count({ n: '*' }))[0].n)).toBe(before);
  });

  it('keeps invoices inside their company on every route', async () => {
    const theirs = await w.clients.SUPER_ADMIN.post('/api/invoice').send(request({ containerIds: [containerB] }));
    const id = theirs.headers['x-invoice-id'];
    expect((await w.clients.SHIPPER.get(`/api/invoices/${id}`)).status).toBe(404);
    expect((await w.clients.SHIPPER.get(`/api/invoices/${id}/download`)).status).toBe(404);
    expect((await w.clients.COMPANY_ADMIN.delete(`/api/invoices/${id}`)).status).toBe(404);
    const list = await w.clients.SHIPPER.get('/api/invoices').query({ range: '[0,999]' });
    expect(list.body.every((i: { companyId: number }) => i.companyId === w.companyA.id)).toBe(true);
    expect(list.headers['content-range']).toMatch(/^invoices 0-\d+\/\d+$/);
    for (const route of ['/api/invoices', `/api/invoices/${id}`]) expect((await w.clients.BUYER.get(route)).status).toBe(403);
    const deleted = await w.clients.SUPER_ADMIN.delete(`/api/invoices/${id}`);
    expect(deleted.status).toBe(200);
    expect(Number((await t.db('file_chunks').where({ invoiceId: Number(id) }).count({ n: '*' }))[0].n)).toBe(0);
  });

  it('lists invoices with the spec’s fields, multi-container numbers comma-joined', async () => {
    const res = await w.clients.SHIPPER.post('/api/invoice').send(request({ containerIds: [containerA, containerA2], paymentMethod: 'wireTransfer' }));
    const list = await w.clients.SHIPPER.get('/api/invoices').query({ filter: JSON.stringify({ id: [Number(res.headers['x-invoice-id'])] }) });
    expect(list.body[0]).toEqual(expect.objectContaining({ invoiceNumber: expect.stringMatching(/^INV-2026-\d{6}$/), containerNumber: 'MAEU1111111, MSCU1234565', paymentMethod: 'wireTransfer', fileSize: expect.any(Number), issuedDate: '2026-11-21', createdAt: expect.any(String) }));
  });
});
