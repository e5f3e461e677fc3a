import { describe, expect, it } from 'vitest';
import type { InvoiceData } from '../src/services/invoices/invoiceData';
import { renderInvoicePdf } from '../src/services/invoices/pdf';
import { sampleInvoice } from '../src/services/invoices/sampleInvoice';
import { png } from './support/fixtures';
import { pdfImageCount, pdfPagePng } from '../../test/support/pdf';
import { pdfPageTexts, pdfText } from './support/pdfText';

const invoice = (buyer: string, vins: string[], color: string): InvoiceData => {
  const sample = sampleInvoice(7);
  return {
    ...sample,
    buyer: { name: buyer, address: null, phone: null, email: null },
    containers: [{ ...sample.containers[0], vehicles: vins.map((vin) => ({ vin, make: 'TOYOTA', model: 'Land Cruiser', year: 2024, color })) }],
  };
};

/** The text a reader copies out, and page 1 drawn by pdfjs (so only glyphs embedded in the PDF show). */
async function read(pdf: Buffer) {
  return { image: await pdfPagePng(pdf, { dpi: 50 }), text: await pdfText(pdf) };
}

describe('invoice PDF (Typst)', () => {
  // One compiler per thread keeps fonts and the template between invoices; each PDF must still
  // show only its own data and embed the glyphs it shows, whatever was rendered before it.
  it('draws the same invoice identically before and after another one', async () => {
    const a = invoice('Quentin Zygmunt', ['WVWZZZ1JZXW000001'], 'White');
    const b = invoice('فاطمة الزهراء', ['JTMHV05J604012345', 'KMHCT41BAEU123456'], 'أبيض');
    const first = await read(await renderInvoicePdf(a));
    const other = await read(await renderInvoicePdf(b));
    const again = await read(await renderInvoicePdf(a));
    expect(again.text).toBe(first.text);
    expect(first.image.subarray(1, 4).toString()).toBe('PNG');
    expect(again.image.equals(first.image)).toBe(true);
    expect(other.image.equals(first.image)).toBe(false);
    for (const expected of ['Quentin Zygmunt', 'WVWZZZ1JZXW000001', 'White', 'TAX INVOICE']) expect(first.text).toContain(expected);
    for (const expected of ['JTMHV05J604012345', 'KMHCT41BAEU123456']) expect(other.text).toContain(expected);
    expect(other.text).not.toContain('Quentin');
  });

  it('lists one row per vehicle with its container, and heads the table again on every page', async () => {
    const data = sampleInvoice(3); // 10 containers × 4 vehicles: two pages
    const pdf = await renderInvoicePdf(data);
    const pages = (await pdfPageTexts(pdf)).filter((p) => p.trim());
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages.slice(0, 2)) expect(page).toMatch(/VIN/);
    const all = pages.join('\n');
    for (const c of data.containers) for (const v of c.vehicles) expect(all).toMatch(new RegExp(`${c.number}\\s+${v.vin}`));
    expect(all).toContain(`${data.invoiceNumber} — 2/${pages.length}`);
  });

  it('shows the seller’s logo when the company has one', async () => {
    const images = async (logo: Buffer | null) => pdfImageCount(await renderInvoicePdf({ ...invoice('Buyer', [], 'White'), logo }), 1);
    expect(await images(null)).toBe(0);
    expect(await images(await png(400, 150))).toBe(1);
  });

  it('never reads user text as Typst markup', async () => {
    const markup = '#panic("x") *b* $x$ <l> @r // c';
    const { text } = await read(await renderInvoicePdf(invoice(markup, [], '#read("/etc/passwd")')));
    expect(text).toContain('#panic("x") *b* $x$ <l> @r // c');
  });
});
