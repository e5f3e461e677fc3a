import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InvoiceData } from '../src/services/invoices/invoiceData';
import { renderInvoicePdf } from '../src/services/invoices/pdf';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { qrCanvas } from '../src/services/invoices/qr';
import { zatcaTlvBase64 } from '../src/services/invoices/zatca';

const invoice = (buyer: string, vins: string[], color: string): InvoiceData => ({
  invoiceNumber: 'INV-2026-000007',
  issuedDate: '2026-11-21',
  issuedAt: '2026-11-21T10:00:00.000Z',
  paymentMethod: 'cash',
  currency: 'USD',
  seller: { name: 'شركة الخليج للسيارات', address: null, city: 'Riyadh', country: null, vatNumber: '300000000000003' },
  buyer: { name: buyer, address: null, phone: null, email: null },
  containers: [{ number: 'MSCU1234565', containerSize: '40HC', sealNumber: null, fromPort: null, toPort: 'جدة - السعودية', vehicles: vins.map((vin) => ({ vin, make: 'TOYOTA', model: 'Land Cruiser', year: 2024, color })) }],
  salePrice: '100.00',
  taxPercentage: '15',
  taxAmount: '15.00',
  totalAmount: '115.00',
  zatcaQr: zatcaTlvBase64({ sellerName: 'شركة الخليج للسيارات', vatNumber: '300000000000003', timestamp: '2026-11-21T10:00:00.000Z', total: '115.00', vatAmount: '15.00' }),
});

/** Page 1 drawn by poppler (so only glyphs embedded in the PDF show), and the text it reads. */
function read(pdf: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), 'vx-pdf-'));
  writeFileSync(path.join(dir, 'a.pdf'), pdf);
  execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', path.join(dir, 'a.pdf'), path.join(dir, 'page')]);
  return {
    image: readFileSync(path.join(dir, 'page-1.png')),
    text: execFileSync('pdftotext', ['-layout', path.join(dir, 'a.pdf'), '-']).toString('utf8').normalize('NFKC'),
  };
}

describe('invoice PDF', () => {
  // Fonts and laid-out words are shared by the documents of a thread; each PDF must still embed
  // exactly the glyphs it shows, whatever was rendered before it.
  it('draws the same invoice identically before and after another one, each with its own glyphs', async () => {
    const a = invoice('Quentin Zygmunt', ['WVWZZZ1JZXW000001'], 'White');
    const b = invoice('فاطمة الزهراء', ['JTMHV05J604012345', 'KMHCT41BAEU123456'], 'أبيض');
    const first = read(await renderInvoicePdf(a));
    const other = read(await renderInvoicePdf(b));
    const again = read(await renderInvoicePdf(a));
    expect(again.text).toBe(first.text);
    expect(again.image.equals(first.image)).toBe(true);
    for (const expected of ['Quentin Zygmunt', 'WVWZZZ1JZXW000001', 'White', 'TAX INVOICE', 'فاتورة ضريبية']) expect(first.text).toContain(expected);
    for (const expected of ['فاطمة الزهراء', 'JTMHV05J604012345', 'KMHCT41BAEU123456', 'أبيض']) expect(other.text).toContain(expected);
    expect(other.text).not.toContain('Quentin');
  });

  it('heads the vehicle table of every container, not only the first', async () => {
    const data = invoice('Quentin Zygmunt', ['WVWZZZ1JZXW000001'], 'White');
    const second = { ...data.containers[0], number: 'MAEU1111111', vehicles: [{ ...data.containers[0].vehicles[0], vin: 'JTMHV05J604012345' }] };
    const { text } = read(await renderInvoicePdf({ ...data, containers: [data.containers[0], second] }));
    for (const heading of ['VIN', 'Colour', 'رقم الهيكل']) expect(text.split(heading).length - 1, heading).toBe(2);
  });

  it('draws a QR code that reads back as its data, in fewer rectangles than modules', () => {
    for (const [data, fit] of [[invoice('x', [], 'x').zatcaQr!, 110], ['A', 110], ['0123456789', 50]] as const) {
      const [background, ...drawn] = qrCanvas(data, fit).canvas;
      const { modules } = QRCode.create(data, { errorCorrectionLevel: 'L' });
      const m = background.w / modules.size;
      expect(Number.isInteger(m) && m >= 1 && background.w <= fit).toBe(true);
      // Every dark module is covered once, and nothing else.
      const covered = new Set<string>();
      for (const r of drawn) {
        for (let x = r.x; x < r.x + r.w; x += m) {
          for (let y = r.y; y < r.y + r.h; y += m) {
            expect(covered.has(`${x / m},${y / m}`)).toBe(false);
            covered.add(`${x / m},${y / m}`);
          }
        }
      }
      const dark = new Set<string>();
      for (let row = 0; row < modules.size; row++) for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) dark.add(`${col},${row}`);
      expect([...covered].sort()).toEqual([...dark].sort());
      expect(drawn.length).toBeLessThan(dark.size);

      // Painted as a page would show it (4 pixels a point, a white margin), a reader decodes it.
      const scale = 4;
      const margin = 4 * m * scale;
      const size = background.w * scale + 2 * margin;
      const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
      for (const r of drawn) {
        for (let y = r.y * scale; y < (r.y + r.h) * scale; y++) {
          for (let x = r.x * scale; x < (r.x + r.w) * scale; x++) {
            const at = ((y + margin) * size + x + margin) * 4;
            pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
          }
        }
      }
      expect(jsQR(pixels, size, size)?.data).toBe(data);
    }
  });
});
