import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createInvoiceRenderer } from '../src/services/invoices/renderer';
import { sampleInvoice } from '../src/services/invoices/sampleInvoice';

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

describe('invoice renderer kept warm (as the server makes it)', () => {
  it('lays out its sample invoices at start, then real ones', async () => {
    const renderer = createInvoiceRenderer({ keepWarm: true });
    try {
      await renderer.warmedUp;
      const data = sampleInvoice(99);
      const text = pdfText(await renderer.render(data));
      for (const expected of [data.invoiceNumber, data.containers[9].number, data.containers[9].vehicles[3].vin, '229999.99']) expect(text).toContain(expected);
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
