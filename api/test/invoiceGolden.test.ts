import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeZatcaTlv } from '../src/services/invoices/zatca';
import { ENGINES } from './support/engines';
import { findParagraph, pdfSegments, type Segment } from './support/pdfText';
import { pdfPagePng } from '../../test/support/pdf';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';
import { binary } from './support/binaryBody';

/**
 * The golden set: bilingual strings that a layout which reorders text by hand gets wrong (a postal
 * code printed backwards, a building number reversed, a space lost, a wrapped address's halves
 * swapped), each typed by a user, sent through the real API, and read back from the real PDF.
 * Each must stand on the page as the Unicode bidirectional algorithm orders it, line by line.
 */
const SELLER = {
  legalNameEn: 'Gulf Motors (الخليج) Trading, LLC', // Arabic inside an English line, parentheses, comma
  legalNameAr: 'شركة BMW الخليج', // a Latin name inside Arabic
  address: 'مبنى 12، شارع 45', // building and street numbers
  city: 'جدة (المنطقة الغربية)، حي الصناعية', // parentheses and commas in Arabic
  country: 'المملكة العربية السعودية',
  vatNumber: '300000000000003',
  commercialRegistrationNumber: '4030123456',
  currency: 'SAR',
};
const BUYER = {
  buyerName: 'معرض 77 للسيارات', // a name with digits
  buyerAddress: 'حي الروضة، جدة 23435، المملكة العربية السعودية', // a postal code
  buyerPhone: '+966 50 123 4567',
  buyerEmail: 'sales@example.com',
};
// Long enough to wrap in the seller's and buyer's columns: two and three lines.
const TWO_LINES = 'مبنى 12، شارع 45، المنطقة الصناعية الثانية، طريق الملك عبدالعزيز، جدة';
const THREE_LINES = 'حي الروضة، شارع الأمير سلطان، مبنى 12، الدور 3، مكتب 305، جدة 23435، المملكة العربية السعودية، ص.ب 9876';

/** Keeps the PDF and its first page as PNG under test-results/, to look at. */
async function keep(pdf: Buffer, name: string) {
  const dir = path.resolve('test-results/invoices');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.pdf`), pdf);
  writeFileSync(path.join(dir, `${name}.png`), await pdfPagePng(pdf, { dpi: 110 }));
}

const lines = (segments: Segment[] | null) => segments?.length ?? 0;

describe.each(ENGINES)('invoice golden set on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let containerId: number;
  let pdf: Buffer;
  let segments: Segment[];

  const invoice = async (overrides: Record<string, unknown> = {}) => {
    const res = await w.clients.SHIPPER.post('/api/invoice')
      .send({ containerIds: [containerId], paymentMethod: 'wireTransfer', date: '2026-11-24', ...BUYER, salePrice: '123456.78', taxPercentage: '15', ...overrides })
      .buffer(true)
      .parse(binary);
    expect(res.status, res.body.toString().slice(0, 300)).toBe(201);
    return res.body as Buffer;
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
    const profile = await w.clients.COMPANY_ADMIN.patch(`/api/companies/${w.companyA.id}`).send(SELLER);
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    const now = new Date().toISOString();
    const [from] = await t.db('ports').insert({ name: 'Savannah', nameAr: 'سافانا', country: 'United States', createdAt: now });
    const [to] = await t.db('ports').insert({ name: 'Jeddah', nameAr: 'جدة الإسلامي', country: 'Saudi Arabia', createdAt: now });
    [containerId] = (await t.db('containers').insert({ number: 'MSCU1234565', companyId: w.companyA.id, containerSize: '40HC', sealNumber: 'SL-2026-77', fromPortId: from, toPortId: to, createdAt: now })).map(Number);
    await t.db('vehicles').insert({ vin: validVin(), make: 'TOYOTA', model: 'Land Cruiser', year: 2024, containerId, companyId: w.companyA.id, status: 'LOADED', vehicleInfo: JSON.stringify({ color: 'أبيض لؤلؤي' }), createdAt: now });
    pdf = await invoice();
    await keep(pdf, `golden-${engine}`);
    segments = await pdfSegments(pdf);
  });
  afterAll(() => t.close());

  it.each([
    ['a postal code', BUYER.buyerAddress],
    ['building and street numbers', SELLER.address],
    ['a buyer name with digits', BUYER.buyerName],
    ['a Latin name inside Arabic', SELLER.legalNameAr],
    ['an Arabic name inside an English line', SELLER.legalNameEn],
    ['parentheses and commas in Arabic', SELLER.city],
    ['a phone number', BUYER.buyerPhone],
    ['the date', '2026-11-24'],
    ['a price with thousands separators and the currency', '123,456.78 SAR'],
    ['the tax', '18,518.52 SAR'],
    ['the total', '141,975.30 SAR'],
    ['a percentage in English', 'VAT (15%)'],
    ['a percentage in Arabic', 'ضريبة القيمة المضافة (15٪)'],
    ['the ports in English', 'Savannah, United States → Jeddah, Saudi Arabia'],
    ['the ports in Arabic (nameAr)', 'سافانا ← جدة الإسلامي'],
    ['an Arabic colour', 'أبيض لؤلؤي'],
    ['the VAT number', SELLER.vatNumber],
    ['the commercial registration number', SELLER.commercialRegistrationNumber],
    ['the amount in words in English', 'One hundred forty-one thousand nine hundred seventy-five Saudi riyals and 30/100 only'],
  ])('prints %s as typed, in reading order', (_what, text) => {
    expect(findParagraph(segments, text), `${text}\n--- the page shows:\n${segments.map((s) => s.text).join('\n')}`).not.toBeNull();
  });

  it('prints the amount in words in Arabic, its letters in order', () => {
    // Vowel marks (the tanween of ألفاً) widen a word's box over the space beside it, so this
    // one is compared without spaces; 75 takes the accusative (ريالاً سعودياً).
    const expected = 'فقط مائة وواحد وأربعون ألفاً وتسعمائة وخمسة وسبعون ريالاً سعودياً وثلاثون هللة لا غير';
    const page = segments.map((s) => s.text.replace(/ /g, ''));
    const visual = [...expected.replace(/[\u064B-\u065F]/g, '').replace(/ /g, '')].reverse().join('');
    expect(page.some((s) => s.includes(visual)), expected).toBe(true);
  });

  it('wraps long Arabic addresses to two and three lines, the lines in reading order', async () => {
    const wrapped = await pdfSegments(await invoice({ companyAddress: TWO_LINES, buyerAddress: THREE_LINES }));
    expect(lines(findParagraph(wrapped, TWO_LINES))).toBe(2);
    expect(lines(findParagraph(wrapped, THREE_LINES))).toBe(3);
  });

  it('finds a reversed or run-together string missing (the check can fail)', () => {
    expect(findParagraph(segments, 'حي الروضة، جدة 53432، المملكة العربية السعودية')).toBeNull();
    expect(findParagraph(segments, 'مبنى 21، شارع 45')).toBeNull();
    expect(findParagraph(segments, 'معرض 77للسيارات')).toBeNull();
  });

  it('is a tax invoice with a ZATCA QR code carrying the legal name and VAT number', async () => {
    expect(findParagraph(segments, 'TAX INVOICE')).not.toBeNull();
    const { data, info } = await sharp(await pdfPagePng(pdf, { dpi: 200 })).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const qr = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(qr).not.toBeNull();
    const [sellerName, vatNumber, , total, vat] = decodeZatcaTlv(qr!.data);
    expect({ sellerName, vatNumber, total, vat }).toEqual({ sellerName: SELLER.legalNameAr, vatNumber: SELLER.vatNumber, total: '141975.30', vat: '18518.52' });
  });

  it('without a VAT number says it is not a tax invoice and carries no QR code', async () => {
    await w.clients.COMPANY_ADMIN.patch(`/api/companies/${w.companyA.id}`).send({ vatNumber: null });
    try {
      const plain = await invoice();
      await keep(plain, `not-tax-${engine}`);
      const page = await pdfSegments(plain);
      expect(findParagraph(page, 'Not a tax invoice: the seller has no VAT number.')).not.toBeNull();
      expect(findParagraph(page, 'ليست فاتورة ضريبية: لا يوجد رقم ضريبي للبائع.')).not.toBeNull();
      expect(findParagraph(page, 'TAX INVOICE')).toBeNull();
      expect(findParagraph(page, 'INVOICE')).not.toBeNull();
      const { data, info } = await sharp(await pdfPagePng(plain, { dpi: 200 })).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)).toBeNull();
    } finally {
      await w.clients.COMPANY_ADMIN.patch(`/api/companies/${w.companyA.id}`).send({ vatNumber: SELLER.vatNumber });
    }
  });
});
