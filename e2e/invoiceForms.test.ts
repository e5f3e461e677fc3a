import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { ApiClient, createContainer, createInvoice, createVehicle, launchBrowser, newPage, screenshot, signIn, signInWithSession, takeToast, uniqueCode, windowScreenshot } from './support';
import { findParagraph, pdfSegments } from '../api/test/support/pdfText';

/**
 * One invoice form in both flows (issue 33, point 2): a company admin chooses the invoice defaults
 * (VAT rate, payment method) in Company settings, and the page form and the container dialog both
 * start from them; at 0 % VAT the PDF is titled a plain invoice unless the seller ticks "tax
 * invoice"; every flow saves <number>-<buyer>.pdf, an Arabic buyer included. And invoice mode on a
 * 390 px phone (point 3): cards with full dates, the earlier invoices and the checkbox on screen.
 * English and Arabic, 1440 and 390 px, with screenshots.
 */
type Language = 'en' | 'ar';
const LANGUAGES: Language[] = ['en', 'ar'];
const catalogues = { en, ar } as unknown as Record<Language, Record<string, any>>;
const t = (language: Language, key: string): string => key.split('.').reduce((node, part) => node[part], catalogues[language]) as unknown as string;

let browser: Browser;
let api: ApiClient;
type User = { id: number; username: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
});
afterAll(async () => {
  await browser?.close();
});

const field = (scope: Page | Locator, name: string) => scope.locator(`input[name=${name}]`);
const sellerLoaded = (scope: Locator) => scope.locator('[data-testid=seller-source][data-state=loaded]').waitFor();
const checked = (scope: Locator, language: Language, method: 'cash' | 'wireTransfer') =>
  scope.getByRole('radio', { name: t(language, `invoice.paymentMethods.${method}`) }).isChecked();

/** A company of its own per test, with a VAT number, a shipper and a container with a car. */
async function world(label: string) {
  const company = await api.createCompany(`${label} ${uniqueCode('F')}`);
  await api.send('PATCH', `/companies/${company.id}`, { legalNameEn: `${label} LLC`, vatNumber: '300000000000003', country: 'Saudi Arabia', currency: 'SAR' });
  const companyAdmin: User = await api.createUser('COMPANY_ADMIN', company.id);
  const shipper: User = await api.createUser('SHIPPER', company.id);
  const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id, containerSize: '40HC', loadingDate: '2026-11-05' });
  await createVehicle(api, { companyId: company.id, containerId: container.id });
  return { company, companyAdmin, shipper, container };
}

for (const language of LANGUAGES) {
  describe(`the invoice forms in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    it('start from the company profile’s VAT rate and payment method in both flows, and name the PDF <number>-<buyer>.pdf', async () => {
      const { companyAdmin, shipper, container } = await world(`Invoice Defaults ${language}`);

      // The company admin chooses the defaults in Company settings.
      const admin = await newPage(browser, { language, width: 1440, height: 900 });
      try {
        await signInWithSession(admin.page, companyAdmin.username, companyAdmin.password);
        await admin.page.goto('/company-settings');
        const profile = admin.page.getByTestId('invoice-profile');
        await field(profile, 'invoiceTaxPercentage').waitFor();
        expect(await field(profile, 'invoiceTaxPercentage').inputValue()).toBe('0');
        expect(await checked(profile, language, 'wireTransfer')).toBe(true);
        await field(profile, 'invoiceTaxPercentage').fill('15');
        await profile.getByRole('radio', { name: t(language, 'invoice.paymentMethods.cash') }).check();
        await screenshot(admin.page, `${language}-invoiceForms-profile-defaults-1440`);
        await admin.page.getByTestId('profile-save').click();
        expect(await takeToast(admin.page)).toBe(t(language, 'companyProfile.saved'));
      } finally {
        await admin.context.close();
      }

      const { context, page } = await newPage(browser, { language, width: 1440, height: 900 });
      try {
        await signIn(page, shipper.username, shipper.password);
        // The page flow.
        await page.goto('/containers?action=invoice');
        const form = page.getByTestId('invoice-form');
        await sellerLoaded(form);
        expect(await field(form, 'taxPercentage').inputValue()).toBe('15');
        expect(await checked(form, language, 'cash')).toBe(true);
        expect(await form.getByTestId('invoice-title').getAttribute('data-title')).toBe('tax');

        // The container page's dialog: the same defaults.
        await page.goto(`/containers/${container.id}`);
        await page.getByTestId('container-invoice-button').click();
        const dialog = page.getByTestId('container-invoice-dialog');
        await sellerLoaded(dialog);
        expect(await field(dialog, 'taxPercentage').inputValue()).toBe('15');
        expect(await checked(dialog, language, 'cash')).toBe(true);

        // At 0 % the PDF is a plain invoice unless the seller ticks "tax invoice".
        await field(dialog, 'taxPercentage').fill('0');
        const title = dialog.getByTestId('invoice-title');
        await expect.poll(() => title.getAttribute('data-title')).toBe('plain');
        expect(await title.innerText()).toContain(t(language, 'invoice.titles.plain'));
        const choice = dialog.locator('input[name=taxInvoice]');
        expect(await choice.isChecked()).toBe(false);
        await field(dialog, 'buyerName').fill(language === 'ar' ? 'شركة الحربي للسيارات' : 'Al Harbi Motors');
        await field(dialog, 'salePrice').fill('1000');
        await screenshot(page, `${language}-invoiceForms-dialog-zero-vat-1440`);

        const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('generate-invoice').click()]);
        expect(await takeToast(page)).toMatch(new RegExp(`^${t(language, 'invoice.generatedNumbered').replace('%{number}', 'INV-\\d{4}-\\d{6}')}`));
        const buyer = language === 'ar' ? 'شركة-الحربي-للسيارات' : 'Al-Harbi-Motors';
        expect(download.suggestedFilename()).toMatch(new RegExp(`^INV-\\d{4}-\\d{6}-${buyer}\\.pdf$`));
        const plain = await pdfSegments(readFileSync((await download.path())!));
        expect(findParagraph(plain, 'TAX INVOICE')).toBeNull();
        expect(findParagraph(plain, 'Not a tax invoice: no VAT is charged.')).not.toBeNull();

        // The same invoice downloaded from the list has the same name.
        const number = download.suggestedFilename().slice(0, 'INV-0000-000000'.length);
        await page.goto(`/invoices?filter=${encodeURIComponent(JSON.stringify({ q: number }))}`);
        const row = page.getByTestId('invoices-table').getByRole('row').filter({ hasText: number });
        await row.waitFor();
        const [again] = await Promise.all([page.waitForEvent('download'), row.getByTestId('download-invoice').click()]);
        expect(again.suggestedFilename()).toBe(download.suggestedFilename());

        // Ticked: a tax invoice at 0 % (a zero-rated sale).
        await page.goto(`/containers/${container.id}`);
        await page.getByTestId('container-invoice-button').click();
        await sellerLoaded(dialog);
        await field(dialog, 'taxPercentage').fill('0');
        await choice.check();
        await expect.poll(() => title.getAttribute('data-title')).toBe('tax');
        await field(dialog, 'buyerName').fill('Zero Rated Buyer');
        await field(dialog, 'salePrice').fill('1000');
        await screenshot(page, `${language}-invoiceForms-dialog-tax-choice-1440`);
        // The container is on the first invoice already: the console asks before a second.
        const downloading = page.waitForEvent('download');
        await dialog.getByTestId('generate-invoice').click();
        await page.getByTestId('reinvoice-dialog').getByTestId('reinvoice-confirm').click();
        const taxDownload = await downloading;
        const tax = await pdfSegments(readFileSync((await taxDownload.path())!));
        expect(findParagraph(tax, 'TAX INVOICE')).not.toBeNull();
      } finally {
        await context.close();
      }
    });

    it('shows invoice mode on a 390 px phone as cards, dates whole, earlier invoices and checkboxes on screen', async () => {
      const { shipper, container } = await world(`Invoice Phone ${language}`);
      const earlier = await createInvoice(shipper, { containerIds: [container.id], buyerName: 'Earlier Buyer' });
      const { context, page } = await newPage(browser, { language, width: 390, height: 844 });
      try {
        await signInWithSession(page, shipper.username, shipper.password);
        await page.goto('/containers?action=invoice');
        const cards = page.locator('[data-testid=invoice-containers-table][data-layout=cards]');
        await cards.waitFor();
        const card = cards.getByTestId('record-card').filter({ hasText: container.number });
        await card.waitFor();
        // Every fact of the table's row, the date with its year, the earlier invoice.
        const text = await card.innerText();
        expect(text).toContain(earlier.invoiceNumber);
        expect(text).toContain('2026');
        expect(await card.locator('[data-fact=invoiceNumbers]').count()).toBe(1);
        // Nothing wider than the phone; the checkbox is on screen and selects.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        const box = card.getByTestId('invoice-checkbox');
        const bounds = (await box.boundingBox())!;
        expect(bounds.x).toBeGreaterThanOrEqual(0);
        expect(bounds.x + bounds.width).toBeLessThanOrEqual(390);
        const cardBounds = (await card.boundingBox())!;
        expect(cardBounds.x + cardBounds.width).toBeLessThanOrEqual(390);
        await box.locator('input').check();
        expect(await page.getByTestId('invoice-selection').innerText()).toContain(container.number);
        await page.getByTestId('invoice-phone-page-checkbox').waitFor();
        await screenshot(page, `${language}-invoiceForms-invoice-mode-390`);

        // The form below: the profile's defaults (none chosen: 0 %, wire transfer), title "Invoice".
        const form = page.getByTestId('invoice-form');
        await sellerLoaded(form);
        expect(await field(form, 'taxPercentage').inputValue()).toBe('0');
        expect(await checked(form, language, 'wireTransfer')).toBe(true);
        expect(await form.getByTestId('invoice-title').getAttribute('data-title')).toBe('plain');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      } finally {
        await context.close();
      }
      // The container dialog on the phone (a fresh page): the same defaults, full screen.
      const phone = await newPage(browser, { language, width: 390, height: 844 });
      try {
        const page = phone.page;
        await signInWithSession(page, shipper.username, shipper.password);
        await page.goto(`/containers/${container.id}`);
        await page.getByTestId('container-invoice-button').click();
        const dialog = page.getByTestId('container-invoice-dialog');
        await sellerLoaded(dialog);
        expect(await field(dialog, 'taxPercentage').inputValue()).toBe('0');
        expect(await checked(dialog, language, 'wireTransfer')).toBe(true);
        await dialog.locator('input[name=taxInvoice]').waitFor();
        // Full screen, nothing beside it (once its opening transition is over).
        const paper = dialog.locator('.MuiDialog-paper');
        await expect.poll(async () => JSON.stringify(await paper.boundingBox())).toMatch(/^\{"x":0,"y":0,"width":390,/);
        expect(await dialog.evaluate((d) => d.querySelector('.MuiDialogContent-root')!.scrollWidth)).toBeLessThanOrEqual(390);
        await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
        // The window as the phone shows it: support's screenshot() grows the window to the height
        // of the page behind (2,000 px and more), which draws the full-screen dialog that tall.
        expect(await page.evaluate(() => [window.scrollX, document.documentElement.scrollWidth])).toEqual([0, 390]);
        await windowScreenshot(page, `${language}-invoiceForms-dialog-390`);
      } finally {
        await phone.context.close();
      }
    });
  });
}
