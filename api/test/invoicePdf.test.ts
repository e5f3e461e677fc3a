import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InvoiceData } from '../src/services/invoices/invoiceData';
import { renderInvoicePdf } from '../src/services/invoices/pdf';
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

  it('draws the QR code over exactly the modules pdfmake would draw', () => {
    const qrEnc = createRequire(import.meta.url)('pdfmake/js/qrEnc').default;
    const cells = (rects: { x: number; y: number; w: number; h: number }[]) => {
      const covered = new Set<string>();
      for (const r of rects) {
        for (let x = r.x; x < r.x + r.w; x++) {
          for (let y = r.y; y < r.y + r.h; y++) {
            expect(covered.has(`${x},${y}`)).toBe(false);
            covered.add(`${x},${y}`);
          }
        }
      }
      return [...covered].sort();
    };
    for (const [data, fit] of [[invoice('x', [], 'x').zatcaQr!, 110], ['A', 110], ['0123456789', 50]] as const) {
      const [background, ...modules] = qrEnc.measure({ qr: data, fit })._canvas;
      const [drawnBackground, ...drawn] = qrCanvas(data, fit).canvas;
      expect(drawnBackground).toEqual(background);
      expect(drawn.length).toBeLessThan(modules.length);
      expect(drawn.every((r) => r.type === 'rect' && r.color === modules[0].color && r.lineWidth === 0)).toBe(true);
      expect(cells(drawn)).toEqual(cells(modules));
    }
  });
});
