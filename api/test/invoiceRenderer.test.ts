import { describe, expect, it } from 'vitest';
import { createInvoiceRenderer } from '../src/services/invoices/renderer';
import { sampleInvoice } from '../src/services/invoices/sampleInvoice';
import { pdfText } from './support/pdfText';

describe('invoice renderer kept warm (as the server makes it)', () => {
  it('lays out its sample invoices at start, then real ones', async () => {
    const renderer = createInvoiceRenderer({ keepWarm: true });
    try {
      await renderer.warmedUp;
      const data = sampleInvoice(99);
      const text = await pdfText(await renderer.render(data));
      for (const expected of [data.invoiceNumber, data.containers[9].number, data.containers[9].vehicles[3].vin, '229,999.99 SAR']) expect(text).toContain(expected);
    } finally {
      await renderer.close();
    }
  }, 60_000);

  it('closes cleanly while still warming up', async () => {
    const renderer = createInvoiceRenderer({ keepWarm: true });
    await renderer.close();
    await expect(renderer.warmedUp).resolves.toBeUndefined();
  });
});

describe('invoice renderer replacing its worn workers', () => {
  it('hands over to a fresh pool every few invoices, losing none', async () => {
    const renderer = createInvoiceRenderer({ rendersPerPool: 3 });
    try {
      const invoices = Array.from({ length: 8 }, (_, n) => sampleInvoice(n));
      const pdfs: Buffer[] = [];
      // One at a time, as the numbering does per company: each pool takes 3, then the next one.
      for (const data of invoices) pdfs.push(await renderer.render(data));
      for (const [n, pdf] of pdfs.entries()) expect(await pdfText(pdf)).toContain(invoices[n].invoiceNumber);
      expect(renderer.poolsStarted).toBe(3);
      // And when several are asked for at once across a hand-over.
      const together = await Promise.all(invoices.slice(0, 5).map((data) => renderer.render(data)));
      for (const [n, pdf] of together.entries()) expect(await pdfText(pdf)).toContain(invoices[n].invoiceNumber);
    } finally {
      await renderer.close();
    }
  }, 60_000);
});

describe('invoice renderer closing', () => {
  it('ends every pool, a worn one still finishing included, and takes no invoice after', async () => {
    const renderer = createInvoiceRenderer({ rendersPerPool: 2 });
    const invoices = Array.from({ length: 4 }, (_, n) => sampleInvoice(n));
    await renderer.render(invoices[0]);
    await renderer.render(invoices[1]);
    // The third starts on the worn pool as its successor takes over; close while it runs.
    const settledAt: number[] = [];
    const running = invoices.slice(2).map((data) => renderer.render(data).then(() => 'done', () => 'ended').finally(() => settledAt.push(Date.now())));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await renderer.close();
    const closedAt = Date.now();
    const settled = await Promise.all(running);
    // Nothing is laid out after close() returned (the server closes the database next): every
    // invoice had finished, or was ended by it.
    expect(settled.every((s) => s === 'done' || s === 'ended')).toBe(true);
    expect(Math.max(...settledAt)).toBeLessThanOrEqual(closedAt + 100);
    await expect(renderer.render(invoices[0])).rejects.toThrow(/closed/);
  }, 60_000);
});

