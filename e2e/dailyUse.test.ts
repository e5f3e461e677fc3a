import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  ApiClient,
  admin,
  createContainer,
  createInvoice,
  createVehicle,
  launchBrowser,
  newPage,
  screenshot,
  signIn, signInWithSession,
  takeToast,
  uniqueCode,
  datePicker,
  datePickerText,
  pickerDateOf,
} from './support';
import { todayIso } from '../admin/src/invoices/fileName';

/**
 * Daily use, made safer: the bulk status starts empty, invoiced containers are marked and asked
 * about before they are invoiced again, stored invoices download under their number, and the
 * super admin's vehicle list shows and filters by company, buyer, container and date. In English
 * and Arabic, with screenshots.
 */
let browser: Browser;
let api: ApiClient;
type User = { id: number; username: string; password: string };

const LANGUAGES = ['en', 'ar'] as const;
const TEXT = {
  en: { addFilter: 'Add filter', company: 'Company', buyer: 'Buyer', companyAndBuyer: 'Company / buyer' },
  ar: { addFilter: 'إضافة عامل تصفية', company: 'الشركة', buyer: 'المشتري', companyAndBuyer: 'الشركة / المشتري' },
};

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
});
afterAll(async () => {
  await browser?.close();
});

const expectDirection = async (page: Page, language: 'en' | 'ar') =>
  expect(await page.evaluate(() => document.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');

describe('the bulk status dialog', () => {
  for (const language of LANGUAGES) {
    it(`starts empty and sends nothing until a status is chosen (${language})`, async () => {
      const company = await api.createCompany(`Bulk Co ${language}`);
      const model = `Bulk${uniqueCode('M')}`;
      const first = await createVehicle(api, { companyId: company.id, model, status: 'LOADED' });
      const second = await createVehicle(api, { companyId: company.id, model, status: 'SHIPPED' });
      const { context, page } = await newPage(browser, { language });
      try {
        await signInWithSession(page, admin().username, admin().password);
        await page.goto(`/vehicles?filter=${encodeURIComponent(JSON.stringify({ q: model }))}`);
        const table = page.getByTestId('vehicles-table');
        await table.getByRole('row').filter({ hasText: first.vin }).getByRole('checkbox').check();
        await table.getByRole('row').filter({ hasText: second.vin }).getByRole('checkbox').check();
        await page.getByTestId('bulk-status').click();
        const dialog = page.getByTestId('bulk-status-dialog');
        await dialog.waitFor();
        await expectDirection(page, language);
        expect(await dialog.getByTestId('bulk-status-select').inputValue()).toBe('');
        const apply = dialog.getByTestId('bulk-status-apply');
        expect(await apply.isDisabled()).toBe(true);
        expect(await dialog.locator('.MuiFormHelperText-root').innerText()).toBe(
          language === 'en' ? 'Choose the status to give the selected vehicles' : 'اختر الحالة التي ستُعطى للمركبات المحددة',
        );
        await screenshot(page, `${language}-daily-bulk-status-empty`);
        await dialog.getByRole('combobox').click();
        await page.getByRole('option').nth(3).click(); // At Warehouse
        expect(await apply.isEnabled()).toBe(true);
        expect(await apply.textContent()).toBe(language === 'en' ? 'Set status of 2 vehicles' : 'تعيين حالة مركبتين');
        await screenshot(page, `${language}-daily-bulk-status-chosen`);
        await apply.click();
        await dialog.waitFor({ state: 'hidden' });
        await takeToast(page); // closing the undoable toast sends the changes
        for (const vehicle of [first, second]) await expect.poll(async () => (await api.send('GET', `/vehicles/${vehicle.id}`)).status).toBe('AT_WAREHOUSE');
        // Opened again, it is empty again.
        await table.getByRole('row').filter({ hasText: first.vin }).getByRole('checkbox').check();
        await page.getByTestId('bulk-status').click();
        expect(await dialog.getByTestId('bulk-status-select').inputValue()).toBe('');
        expect(await dialog.getByTestId('bulk-status-apply').isDisabled()).toBe(true);
      } finally {
        await context.close();
      }
    });
  }
});

describe('invoicing a container again', () => {
  let company: { id: number; name: string };
  let shipper: User;
  beforeAll(async () => {
    company = await api.createCompany('Reinvoice Traders');
    shipper = await api.createUser('SHIPPER', company.id);
  });

  for (const language of LANGUAGES) {
    it(`marks invoiced containers in invoice mode and asks before invoicing one again (${language})`, async () => {
      const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id, containerSize: '40HC' });
      const fresh = await createContainer(api, { companyId: company.id, shipperId: shipper.id, containerSize: '20' });
      const earlier = await createInvoice(shipper, { containerIds: [container.id], buyerName: 'First Buyer' });
      const { context, page } = await newPage(browser, { language });
      try {
        await signInWithSession(page, shipper.username, shipper.password);
        await page.goto('/containers?action=invoice');
        const table = page.getByTestId('invoice-containers-table');
        const row = table.getByRole('row').filter({ hasText: container.number });
        await row.getByTestId('invoice-numbers').waitFor();
        expect(await row.getByTestId('invoice-numbers').innerText()).toBe(earlier.invoiceNumber);
        expect(await table.getByRole('row').filter({ hasText: fresh.number }).getByTestId('invoice-numbers').count()).toBe(0);
        await expectDirection(page, language);
        await screenshot(page, `${language}-daily-invoice-mode-invoiced`);

        await row.getByTestId('invoice-checkbox').locator('input').check();
        const form = page.getByTestId('invoice-form');
        await form.locator('[data-testid=seller-source][data-state=loaded]').waitFor();
        await form.locator('input[name=buyerName]').fill('Second Buyer');
        await form.locator('input[name=salePrice]').fill('2000');
        let posted = 0;
        const onRequest = (request: { url: () => string; method: () => string }) => {
          if (request.method() === 'POST' && request.url().endsWith('/api/invoice')) posted += 1;
        };
        page.on('request', onRequest);

        await page.getByTestId('generate-invoice').click();
        const confirm = page.getByTestId('reinvoice-dialog');
        await confirm.waitFor();
        const line = await confirm.getByTestId('reinvoice-line').innerText();
        expect(line).toContain(container.number);
        expect(line).toContain(earlier.invoiceNumber);
        await screenshot(page, `${language}-daily-invoice-again-confirm`);
        await confirm.getByTestId('reinvoice-cancel').click();
        await confirm.waitFor({ state: 'hidden' });
        expect(posted).toBe(0);
        expect(new URL(page.url()).searchParams.get('action')).toBe('invoice');

        await page.getByTestId('generate-invoice').click();
        const [download] = await Promise.all([page.waitForEvent('download'), confirm.getByTestId('reinvoice-confirm').click()]);
        expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}-Second-Buyer\.pdf$/);
        await page.waitForURL((url) => url.pathname === '/invoices');
        expect(posted).toBe(1);
        page.off('request', onRequest);

        // Back in invoice mode, the container carries both numbers now (the list was refreshed).
        await page.goto('/containers?action=invoice');
        await expect.poll(() => row.getByTestId('invoice-numbers').innerText()).toMatch(new RegExp(`^${earlier.invoiceNumber}\\s+INV-\\d{4}-\\d{6}$`));
        // A container never invoiced is not asked about.
        await table.getByRole('row').filter({ hasText: fresh.number }).getByTestId('invoice-checkbox').locator('input').check();
      } finally {
        await context.close();
      }
    });
  }

  it('marks them in the container invoice dialog too, and asks before invoicing again', async () => {
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const other = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const earlier = await createInvoice(shipper, { containerIds: [container.id, other.id], buyerName: 'First Buyer' });
    const { context, page } = await newPage(browser, { language: 'en' });
    try {
      await signInWithSession(page, shipper.username, shipper.password);
      await page.goto(`/containers/${container.id}`);
      await page.getByTestId('container-invoice-button').click();
      const dialog = page.getByTestId('container-invoice-dialog');
      await dialog.waitFor();
      await dialog.getByRole('combobox').first().click();
      const option = page.getByRole('option').filter({ hasText: container.number });
      expect(await option.getByTestId('invoiced-note').innerText()).toBe(`Invoiced: ${earlier.invoiceNumber}`);
      await screenshot(page, 'en-daily-invoice-dialog-invoiced');
      await page.keyboard.press('Escape');
      await dialog.locator('input[name=buyerName]').fill('Dialog Buyer');
      await dialog.locator('input[name=salePrice]').fill('3000');
      await dialog.getByTestId('generate-invoice').click();
      const confirm = page.getByTestId('reinvoice-dialog');
      await confirm.waitFor();
      expect(await confirm.getByTestId('reinvoice-line').innerText()).toBe(`${container.number} is on ${earlier.invoiceNumber}`);
      const [download] = await Promise.all([page.waitForEvent('download'), confirm.getByTestId('reinvoice-confirm').click()]);
      expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}-Dialog-Buyer\.pdf$/);
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  });
});

describe('the invoice list', () => {
  for (const language of LANGUAGES) {
    it(`downloads each invoice under its number, and shows the company to the super admin (${language})`, async () => {
      const company = await api.createCompany(`Numbered Downloads ${language}`);
      const shipper = await api.createUser('SHIPPER', company.id);
      const [a, b] = [await createContainer(api, { companyId: company.id, shipperId: shipper.id }), await createContainer(api, { companyId: company.id, shipperId: shipper.id })];
      // Two invoices of one day and buyer: both were invoice-2026-03-01.pdf.
      const first = await createInvoice(shipper, { containerIds: [a.id], buyerName: 'First Buyer' });
      const second = await createInvoice(shipper, { containerIds: [b.id], buyerName: 'First Buyer' });
      const { context, page } = await newPage(browser, { language });
      try {
        await signInWithSession(page, admin().username, admin().password);
        await page.goto(`/invoices?filter=${encodeURIComponent(JSON.stringify({ q: 'First Buyer' }))}`);
        const table = page.getByTestId('invoices-table');
        for (const invoice of [first, second]) {
          // Numbers are per company: the row of this company's invoice.
          const row = table.getByRole('row').filter({ hasText: invoice.invoiceNumber }).filter({ hasText: company.name });
          await row.waitFor();
          const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('download-invoice').click()]);
          expect(download.suggestedFilename()).toBe(`${invoice.invoiceNumber}-First-Buyer.pdf`);
        }
        expect(await table.getByRole('columnheader', { name: TEXT[language].company, exact: true }).count()).toBe(1);
        await expectDirection(page, language);
        await screenshot(page, `${language}-daily-invoices-company`);
      } finally {
        await context.close();
      }
    });
  }
});

describe("the super admin's vehicle list", () => {
  for (const language of LANGUAGES) {
    it(`shows Company and Buyer, and filters by company, buyer, container and date (${language})`, async () => {
      const model = uniqueCode('F');
      const mine = await api.createCompany(`Fleet One ${language}`);
      const theirs = await api.createCompany(`Fleet Two ${language}`);
      const buyer = await api.createUser('BUYER', mine.id);
      const shipper = await api.createUser('SHIPPER', mine.id);
      const container = await createContainer(api, { companyId: mine.id, shipperId: shipper.id });
      const sold = await createVehicle(api, { companyId: mine.id, model, buyerId: buyer.id, containerId: container.id });
      const unsold = await createVehicle(api, { companyId: mine.id, model });
      const elsewhere = await createVehicle(api, { companyId: theirs.id, model });
      const { context, page } = await newPage(browser, { language });
      try {
        await signIn(page, admin().username, admin().password);
        const list = async (filter: Record<string, unknown>) => {
          await page.goto(`/vehicles?filter=${encodeURIComponent(JSON.stringify({ q: model, ...filter }))}`);
          await page.waitForLoadState('networkidle');
        };
        const table = page.getByTestId('vehicles-table');
        const row = (vin: string) => table.getByRole('row').filter({ hasText: vin });
        const shownVins = async () => (await table.locator('tbody tr').allInnerTexts()).map((text) => [sold, unsold, elsewhere].find((v) => text.includes(v.vin))?.vin);

        await list({});
        await row(elsewhere.vin).waitFor();
        // At 1280 px the buyer goes under the company, in one column, so the table fits (phoneLayouts.test.ts).
        expect(await table.getByRole('columnheader', { name: TEXT[language].companyAndBuyer, exact: true }).count()).toBe(1);
        expect(await row(sold.vin).innerText()).toContain(mine.name);
        expect(await row(sold.vin).innerText()).toContain(buyer.username);
        expect(await row(elsewhere.vin).innerText()).toContain(theirs.name);
        await expectDirection(page, language);
        await screenshot(page, `${language}-daily-vehicles-company-buyer`);

        // The company, then the buyer, chosen from "Add filter".
        await page.getByRole('button', { name: TEXT[language].addFilter }).click();
        await page.getByRole('menuitemcheckbox', { name: TEXT[language].company }).click();
        const companyInput = page.getByRole('combobox', { name: TEXT[language].company });
        await companyInput.fill(mine.name);
        await page.getByRole('option', { name: new RegExp(mine.name) }).click();
        await row(elsewhere.vin).waitFor({ state: 'detached' });
        expect((await shownVins()).sort()).toEqual([sold.vin, unsold.vin].sort());

        await page.getByRole('button', { name: TEXT[language].addFilter }).click();
        await page.getByRole('menuitemcheckbox', { name: TEXT[language].buyer }).click();
        await page.getByRole('combobox', { name: TEXT[language].buyer }).fill(buyer.username);
        await page.getByRole('option', { name: new RegExp(buyer.username) }).click();
        await row(unsold.vin).waitFor({ state: 'detached' });
        expect(await shownVins()).toEqual([sold.vin]);
        await screenshot(page, `${language}-daily-vehicles-filtered`);

        // The container and the dates (from the address, as a saved link would give them).
        await list({ containerId: container.id });
        await row(sold.vin).waitFor();
        expect(await shownVins()).toEqual([sold.vin]);
        expect(await page.getByTestId('filter-container').locator('input').inputValue()).toBe(container.number);
        const today = todayIso();
        await list({ createdAt_gte: today, createdAt_lte: today });
        await row(elsewhere.vin).waitFor();
        expect((await shownVins()).length).toBe(3);
        expect(await datePickerText(page.getByTestId('filter-added-from'))).toBe(pickerDateOf(today, language));
        await screenshot(page, `${language}-daily-vehicles-dates`);
        await list({ createdAt_gte: '2000-01-01', createdAt_lte: '2000-12-31' });
        await row(sold.vin).waitFor({ state: 'detached' });
        expect(await page.getByText(elsewhere.vin).count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }

  it('gives company staff the buyer, container and date filters but no company', async () => {
    const company = await api.createCompany('Staff Filters');
    const companyAdmin = await api.createUser('COMPANY_ADMIN', company.id);
    const shipper = await api.createUser('SHIPPER', company.id);
    await createVehicle(api, { companyId: company.id }); // a list with rows has the filter button
    const menuOf = async (user: User) => {
      const { context, page } = await newPage(browser, { language: 'en' });
      try {
        await signInWithSession(page, user.username, user.password);
        await page.goto('/vehicles');
        await page.getByRole('button', { name: 'Add filter' }).click();
        await page.getByRole('menuitemcheckbox').first().waitFor();
        const items = (await page.getByRole('menuitemcheckbox').allInnerTexts()).map((t) => t.trim());
        return items;
      } finally {
        await context.close();
      }
    };
    expect(await menuOf(companyAdmin)).toEqual(['Buyer', 'Container', 'Added from', 'Added until']);
    expect(await menuOf(shipper)).toEqual(['Container', 'Added from', 'Added until']);
  });
});
