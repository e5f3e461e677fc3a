import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ApiClient, createContainer, createVehicle, launchBrowser, newPage, screenshot, signInWithSession, takeToast } from './support';
import { findParagraph, pdfSegments } from '../api/test/support/pdfText';
import { pdfPagePng } from '../test/support/pdf';

/**
 * An Arabic invoice made the way a user makes it: the console in Arabic, the seller prefilled
 * from the company's invoice profile, Arabic buyer details typed into the form, the PDF downloaded
 * from the browser and read back. Every number keeps its digits in order and every word its space.
 */
let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
});
afterAll(async () => {
  await browser?.close();
});

describe('an Arabic invoice generated from the console', () => {
  it('downloads a PDF whose Arabic text reads as typed', async () => {
    const company = await api.createCompany('Arabic Invoice Traders');
    await api.send('PATCH', `/companies/${company.id}`, {
      legalNameEn: 'Gulf Motors Trading LLC',
      legalNameAr: 'شركة BMW الخليج',
      address: 'مبنى 12، شارع 45',
      city: 'جدة',
      country: 'المملكة العربية السعودية',
      vatNumber: '300000000000003',
      currency: 'SAR',
    });
    const shipper = await api.createUser('SHIPPER', company.id);
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id, containerSize: '40HC' });
    await createVehicle(api, { companyId: company.id, containerId: container.id, model: 'Land Cruiser' });

    const { context, page } = await newPage(browser, { language: 'ar' });
    try {
      await signInWithSession(page, shipper.username, shipper.password);
      await page.goto('/containers?action=invoice');
      await page.getByRole('checkbox', { name: `تحديد الحاوية ${container.number}` }).check();
      const form = page.getByTestId('invoice-form');
      await form.locator('[data-testid=seller-source][data-state=loaded]').waitFor();
      expect(await form.locator('input[name=companyNameAr]').inputValue()).toBe('شركة BMW الخليج');
      expect(await form.getByTestId('sale-price-currency').innerText()).toBe('SAR');

      await form.locator('input[name=buyerName]').fill('معرض 77 للسيارات');
      await form.locator('input[name=buyerAddress]').fill('حي الروضة، جدة 23435، المملكة العربية السعودية');
      await form.locator('input[name=buyerPhone]').fill('+966 50 123 4567');
      await form.locator('input[name=salePrice]').fill('123456.78');
      await form.locator('input[name=taxPercentage]').fill('15');
      await screenshot(page, 'arabic-invoice-form');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('generate-invoice').click()]);
      // The number, and where to download it again (a framed console may drop the download).
      expect(await takeToast(page)).toMatch(/^تم إنشاء الفاتورة INV-\d{4}-\d{6}\n/);
      const pdf = readFileSync((await download.path())!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

      const dir = path.resolve('test-results/invoices');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'arabic-from-console.pdf'), pdf);
      writeFileSync(path.join(dir, 'arabic-from-console.png'), await pdfPagePng(pdf, { dpi: 110 }));

      const segments = await pdfSegments(pdf);
      for (const text of [
        'معرض 77 للسيارات',
        'حي الروضة، جدة 23435، المملكة العربية السعودية',
        '+966 50 123 4567',
        'شركة BMW الخليج',
        'مبنى 12، شارع 45',
        '123,456.78 SAR',
        '141,975.30 SAR',
        'فاتورة ضريبية',
        container.number,
      ]) {
        expect(findParagraph(segments, text), text).not.toBeNull();
      }
    } finally {
      await context.close();
    }
  });
});
