import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import {
  ApiClient,
  admin,
  createContainer,
  createVehicle,
  launchBrowser,
  newPage,
  screenshot,
  signIn, signInWithSession, goInConsole,
  takeToast,
  uniqueCode,
  createInvoice,
  datePicker,
  datePickerText,
  pickerDateOf,
} from './support';
import { todayIso } from '../admin/src/invoices/fileName';

/**
 * The invoice screens: /invoices (download, details, delete, empty state), the invoice mode of
 * /containers?action=invoice and the container invoice dialog of /containers/{id}. Both ways of
 * generating end in a downloaded PDF and a row in /invoices. Screenshots in English and Arabic.
 */
let browser: Browser;
let api: ApiClient;
type User = { id: number; username: string; password: string };
let company: { id: number; name: string; code: string };
let shipper: User;
let shipperSession: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  company = await api.createCompany('Invoice Screen Traders');
  shipper = await api.createUser('SHIPPER', company.id);
  shipperSession = await newPage(browser);
  await signIn(shipperSession.page, shipper.username, shipper.password);
});
afterAll(async () => {
  await shipperSession?.context.close();
  await browser?.close();
});

/** The bytes of a download, to check that it is a PDF. */
async function downloaded(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFileSync(file!);
}

const invoiceRow = (p: Page, text: string) => p.getByTestId('invoices-table').getByRole('row').filter({ hasText: text });

async function openInvoices(p: Page, q?: string) {
  await p.goto(q ? `/invoices?filter=${encodeURIComponent(JSON.stringify({ q }))}` : '/invoices');
}

describe('generating from the containers screen (/containers?action=invoice)', () => {
  it('is reached from /invoices, and generate stays disabled until a container is selected', async () => {
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const p = shipperSession.page;
    await p.goto('/invoices');
    await p.getByTestId('generate-invoice-link').first().click();
    await p.waitForURL((url) => url.pathname === '/containers' && url.searchParams.get('action') === 'invoice');
    await p.getByTestId('invoice-mode').waitFor();
    expect(await p.getByRole('heading', { level: 1 }).innerText()).toBe('Generate Invoice');
    const table = p.getByTestId('invoice-containers-table');
    await table.getByRole('row').filter({ hasText: container.number }).waitFor();
    // Invoice mode: a checkbox per container, no actions column, no edit or delete.
    expect(await table.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    expect(await table.getByTestId('delete-button').count()).toBe(0);
    expect(await table.getByTestId('edit-container').count()).toBe(0);
    expect(await p.getByTestId('add-container').count()).toBe(0);

    const generate = p.getByTestId('generate-invoice');
    expect(await generate.isDisabled()).toBe(true);
    expect(await p.getByTestId('select-container-hint').innerText()).toBe('Please select at least one container');
    await p.getByRole('checkbox', { name: `Select container ${container.number}` }).check();
    expect(await generate.isEnabled()).toBe(true);
    expect(await p.getByTestId('select-container-hint').count()).toBe(0);
    expect(await p.getByTestId('invoice-selection').innerText()).toContain('1 container selected');
    // The chip removes it again; so does clicking the row.
    await p.getByTestId('invoice-selection').getByRole('button').filter({ hasText: container.number }).locator('svg').click();
    expect(await generate.isDisabled()).toBe(true);
    await table.getByRole('row').filter({ hasText: container.number }).getByRole('cell').nth(2).click();
    expect(await p.getByRole('checkbox', { name: `Select container ${container.number}` }).isChecked()).toBe(true);

    await p.getByTestId('back-to-invoices').click();
    await p.waitForURL((url) => url.pathname === '/invoices');
  });

  it('downloads <number>-<buyer>.pdf, says so, and goes to /invoices where the invoice is listed', async () => {
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id, containerSize: '40HC' });
    await createVehicle(api, { companyId: company.id, containerId: container.id, model: 'Accord' });
    const p = shipperSession.page;
    await p.goto('/containers?action=invoice');
    await p.getByRole('checkbox', { name: `Select container ${container.number}` }).check();

    // The defaults of both flows: today, and from the company's profile the seller (an empty
    // profile: the company's name), its payment method and VAT rate (none chosen: wire transfer, 0).
    const form = p.getByTestId('invoice-form');
    await form.locator('[data-testid=seller-source][data-state=loaded]').waitFor();
    expect(await datePickerText(datePicker(form, /^Invoice date/))).toBe(pickerDateOf(todayIso()));
    expect(await form.getByRole('radio', { name: 'Wire transfer' }).isChecked()).toBe(true);
    expect(await form.getByRole('textbox', { name: /^Seller name/ }).inputValue()).toBe(company.name);
    expect(await form.getByRole('textbox', { name: /^Seller country/ }).inputValue()).toBe('');
    expect(await form.getByTestId('sale-price-currency').innerText()).toBe('USD');
    expect(await form.getByRole('textbox', { name: /^Tax/ }).inputValue()).toBe('0');

    await form.getByRole('textbox', { name: /^Buyer name/ }).fill('Gulf Motors Trading');
    await form.getByRole('textbox', { name: /^Buyer e-mail/ }).fill('buyer@gulf-motors.example');
    await form.getByRole('textbox', { name: /^Sale price/ }).fill('10000');
    expect(await p.getByTestId('invoice-total').inputValue()).toBe('10,000.00 USD');
    await form.getByRole('textbox', { name: /^Tax/ }).fill('');
    expect(await p.getByTestId('invoice-total').inputValue()).toBe('10,000.00 USD');
    await form.getByRole('textbox', { name: /^Tax/ }).fill('15');
    expect(await p.getByTestId('invoice-total').inputValue()).toBe('11,500.00 USD');
    await form.getByRole('textbox', { name: /^Sale price/ }).fill('2500.50');
    expect(await p.getByTestId('invoice-total').inputValue()).toBe('2,875.58 USD'); // 2875.575 rounded half up, in cents
    await form.getByRole('textbox', { name: /^Sale price/ }).fill('12,5');
    expect(await p.getByTestId('invoice-total').inputValue()).toBe('—');
    await form.getByRole('textbox', { name: /^Sale price/ }).fill('10000');

    const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('generate-invoice').click()]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}-Gulf-Motors-Trading\.pdf$/);
    expect((await downloaded(download)).subarray(0, 4).toString()).toBe('%PDF');
    // The toast names the number, and where to download the PDF again (docs/embedding.md: a
    // sandboxed frame may drop the download without a word).
    const toast = await takeToast(p);
    const number = /^Invoice (INV-\d{4}-\d{6}) generated\n/.exec(toast)?.[1];
    expect(toast).toBe(`Invoice ${number} generated\nIf the download did not start, download it again from the invoice list. Open it in the invoice list`);
    await p.waitForURL((url) => url.pathname === '/invoices');
    const row = invoiceRow(p, container.number);
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Gulf Motors Trading');
    expect(text).toContain('11,500.00 USD');
    expect(text).toContain(number);
    const [y, m, d] = todayIso().split('-').map(Number);
    expect(text).toContain(new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' }));
  });

  it("shows 'Failed to generate invoice' or the server's message, and stays on the form", async () => {
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const p = shipperSession.page;
    await p.goto('/containers?action=invoice');
    await p.getByRole('checkbox', { name: `Select container ${container.number}` }).check();
    const form = p.getByTestId('invoice-form');
    await form.getByRole('textbox', { name: /^Buyer name/ }).fill('Gulf Motors Trading');
    await form.getByRole('textbox', { name: /^Sale price/ }).fill('500');
    await p.route('**/api/invoice', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    try {
      await p.getByTestId('generate-invoice').click();
      expect(await takeToast(p)).toBe('Error\nFailed to generate invoice');
    } finally {
      await p.unroute('**/api/invoice');
    }
    // The server's own reason: the container was deleted meanwhile.
    await api.send('DELETE', `/containers/${container.id}`);
    await p.getByTestId('generate-invoice').click();
    expect(await takeToast(p)).toBe('Error\nOne or more containers were not found');
    expect(new URL(p.url()).searchParams.get('action')).toBe('invoice');
    expect(await p.getByTestId('generate-invoice').isEnabled()).toBe(true);
  });

  it('checks the form before sending: buyer name and sale price are required, amounts must be amounts', async () => {
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const p = shipperSession.page;
    await p.goto('/containers?action=invoice');
    await p.getByRole('checkbox', { name: `Select container ${container.number}` }).check();
    const form = p.getByTestId('invoice-form');
    await form.getByRole('textbox', { name: /^Tax/ }).fill('120');
    let posted = false;
    await p.route('**/api/invoice', (route) => {
      posted = true;
      return route.continue();
    });
    await p.getByTestId('generate-invoice').click();
    await form.getByText('Required').first().waitFor();
    expect(await form.innerText()).toContain('Enter a percentage from 0 to 100, with at most 2 decimals');
    expect(posted).toBe(false);
    await p.unroute('**/api/invoice');
    await takeToast(p).catch(() => undefined);
  });

  it('lets a super admin select containers of one company only', async () => {
    const other = await api.createCompany('Invoice Other Co');
    const otherShipper = await api.createUser('SHIPPER', other.id);
    const mine = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const theirs = await createContainer(api, { companyId: other.id, shipperId: otherShipper.id });
    const { context, page: p } = await newPage(browser);
    await signInWithSession(p, admin().username, admin().password);
    await p.goto('/containers?action=invoice');
    const search = p.getByPlaceholder('Number, booking, seal or line');
    await search.fill(mine.number);
    await p.getByRole('checkbox', { name: `Select container ${mine.number}` }).check();
    await search.fill(theirs.number);
    const theirsBox = p.getByRole('checkbox', { name: `Select container ${theirs.number}` });
    await theirsBox.waitFor();
    expect(await theirsBox.isDisabled()).toBe(true);
    // The selection survives the search.
    expect(await p.getByTestId('invoice-selection').innerText()).toContain(mine.number);
    await context.close();
  });
});

describe('the container invoice dialog (/containers/{id})', () => {
  it('has container rows without duplicates, keeps one row, and downloads <number>-<buyer>.pdf', async () => {
    const own = await api.createCompany('Dialog Invoice Lines');
    const ownShipper = await api.createUser('SHIPPER', own.id);
    const first = await createContainer(api, { companyId: own.id, shipperId: ownShipper.id, containerSize: '40HC' });
    const second = await createContainer(api, { companyId: own.id, shipperId: ownShipper.id, containerSize: '20FT' });
    await createVehicle(api, { companyId: own.id, containerId: first.id });
    const { context, page: p } = await newPage(browser);
    await signInWithSession(p, ownShipper.username, ownShipper.password);
    await p.goto(`/containers/${first.id}`);
    await p.getByTestId('container-invoice-button').click();
    const dialog = p.getByTestId('container-invoice-dialog');
    await dialog.waitFor();

    // The same defaults as the page form, from the company's profile (none chosen: 0, wire transfer).
    await dialog.locator('[data-testid=seller-source][data-state=loaded]').waitFor();
    expect(await dialog.getByRole('textbox', { name: /^Tax/ }).inputValue()).toBe('0');
    expect(await dialog.getByRole('radio', { name: 'Wire transfer' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('textbox', { name: /^Seller name/ }).inputValue()).toBe(own.name);
    expect(await datePickerText(datePicker(dialog, /^Invoice date/))).toBe(pickerDateOf(todayIso()));

    // The page's container is preselected; one row is always kept.
    const rows = dialog.getByTestId('invoice-container-row');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getByRole('combobox').innerText()).toContain(first.number);
    expect(await dialog.getByTestId('invoice-remove-row').first().isDisabled()).toBe(true);
    const add = dialog.getByTestId('invoice-add-row');
    await p.waitForFunction(() => !document.querySelector('[data-testid=invoice-add-row]')?.hasAttribute('disabled'));
    await add.click();
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).getByRole('combobox').innerText()).toContain(second.number);
    // Every container chosen: adding is disabled.
    expect(await add.isDisabled()).toBe(true);
    expect(await dialog.getByTestId('invoice-all-chosen').innerText()).toBe('Every container of this company is on the invoice.');
    // No duplicates: the second row cannot offer the first row's container.
    await rows.nth(1).getByRole('combobox').click();
    const options = await p.getByRole('listbox').getByRole('option').allInnerTexts();
    expect(options.join('\n')).toContain(second.number);
    expect(options.join('\n')).not.toContain(first.number);
    await p.keyboard.press('Escape');
    // Remove, and add again.
    await dialog.getByTestId('invoice-remove-row').nth(1).click();
    expect(await rows.count()).toBe(1);
    expect(await add.isEnabled()).toBe(true);
    await add.click();
    expect(await rows.count()).toBe(2);

    await dialog.getByRole('textbox', { name: /^Buyer name/ }).fill('Ahmed Al Harbi');
    await dialog.getByRole('textbox', { name: /^Sale price/ }).fill('2500.50');
    await dialog.getByRole('textbox', { name: /^Tax/ }).fill('15');
    expect(await dialog.getByTestId('invoice-total').inputValue()).toBe('2,875.58 USD');
    const [download] = await Promise.all([p.waitForEvent('download'), dialog.getByTestId('generate-invoice').click()]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}-Ahmed-Al-Harbi\.pdf$/);
    expect((await downloaded(download)).subarray(0, 4).toString()).toBe('%PDF');
    // The toast's link opens the invoice list at the new invoice, whose download gives the PDF again.
    const toast = p.getByTestId('toast');
    expect(await toast.innerText()).toMatch(/^Invoice INV-\d{4}-\d{6} generated\n/);
    const number = /INV-\d{4}-\d{6}/.exec(await toast.innerText())![0];
    await dialog.waitFor({ state: 'hidden' });
    await toast.getByTestId('generated-invoice-link').click();
    await p.waitForURL((url) => url.pathname === '/invoices' && (url.searchParams.get('filter') ?? '').includes(number));
    const again = invoiceRow(p, number);
    await again.waitFor();
    const [redownload] = await Promise.all([p.waitForEvent('download'), again.getByTestId('download-invoice').click()]);
    expect((await downloaded(redownload)).subarray(0, 4).toString()).toBe('%PDF');

    await openInvoices(p);
    const row = invoiceRow(p, 'Ahmed Al Harbi');
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(first.number);
    expect(text).toContain(second.number);
    expect(text).toContain('2,875.58 USD');
    await context.close();
  });

  it('is not offered to buyers (they cannot open the container page at all)', async () => {
    const buyer = await api.createUser('BUYER', company.id);
    const { context, page: p } = await newPage(browser);
    await signInWithSession(p, buyer.username, buyer.password);
    await p.goto('/invoices');
    await p.getByTestId('unauthorized').waitFor();
    await p.goto('/containers?action=invoice');
    await p.getByTestId('unauthorized').waitFor();
    await context.close();
  });
});

describe('the invoices list', () => {
  it('shows the details: payment method and size in KB', async () => {
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const invoice = await createInvoice(shipper, { containerIds: [container.id], buyerName: 'Details Buyer LLC', paymentMethod: 'wireTransfer', salePrice: '1000', taxPercentage: '5' });
    const p = shipperSession.page;
    await openInvoices(p, invoice.invoiceNumber);
    const row = invoiceRow(p, invoice.invoiceNumber);
    await row.waitFor();
    expect(await row.innerText()).toContain('1,050.00 USD');
    expect(await row.innerText()).toContain('Mar 01, 2026');
    await row.getByRole('button', { name: `Details of invoice ${invoice.invoiceNumber}` }).click();
    const dialog = p.getByTestId('invoice-details');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').first().innerText()).toContain(invoice.invoiceNumber);
    expect(await dialog.getByTestId('invoice-payment-method').innerText()).toBe('Wire transfer');
    expect(await dialog.getByTestId('invoice-file-size').innerText()).toBe(`${(invoice.size / 1024).toFixed(2)} KB`);
    expect(await dialog.getByTestId('invoice-total-amount').innerText()).toBe('1,050.00 USD');
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it("downloads the PDF, and says 'Failed to download invoice' when it cannot", async () => {
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const invoice = await createInvoice(shipper, { containerIds: [container.id], buyerName: 'Download Buyer', date: '2026-04-02' });
    const p = shipperSession.page;
    await openInvoices(p, invoice.invoiceNumber);
    const row = invoiceRow(p, invoice.invoiceNumber);
    const button = row.getByRole('button', { name: `Download invoice ${invoice.invoiceNumber}` });
    const [download] = await Promise.all([p.waitForEvent('download'), button.click()]);
    // Named with its number and buyer, as when it was generated: invoice-{date}.pdf was every invoice of the day.
    expect(download.suggestedFilename()).toBe(`${invoice.invoiceNumber}-Download-Buyer.pdf`);
    const bytes = await downloaded(download);
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    expect(bytes.length).toBe(invoice.size);

    await p.route('**/api/invoices/*/download', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
    try {
      await button.click();
      expect(await takeToast(p)).toBe('Error\nFailed to download invoice');
    } finally {
      await p.unroute('**/api/invoices/*/download');
    }
  });

  it('deletes an invoice only after confirmation', async () => {
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const invoice = await createInvoice(shipper, { containerIds: [container.id], buyerName: 'Delete Me Buyer' });
    const p = shipperSession.page;
    await openInvoices(p, invoice.invoiceNumber);
    const row = invoiceRow(p, invoice.invoiceNumber);
    await row.getByRole('button', { name: `Delete ${invoice.invoiceNumber}` }).click();
    const confirm = p.getByRole('dialog');
    expect(await confirm.innerText()).toContain(`Delete invoice ${invoice.invoiceNumber}?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: `Delete ${invoice.invoiceNumber}` }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    expect(await takeToast(p)).toBe('Invoice deleted');
    await row.waitFor({ state: 'detached' });
    await expect(api.send('GET', `/invoices/${invoice.id}`)).rejects.toThrow(/404/);
  });

  it('has an empty state whose Generate button opens the invoice mode', async () => {
    const empty = await api.createCompany('No Invoices Yet Co');
    const user = await api.createUser('COMPANY_ADMIN', empty.id);
    const { context, page: p } = await newPage(browser);
    await signInWithSession(p, user.username, user.password);
    await p.goto('/invoices');
    const state = p.getByTestId('empty-state');
    await state.waitFor();
    expect(await state.innerText()).toContain('No invoices yet.');
    await state.getByTestId('generate-invoice-link').click();
    await p.waitForURL((url) => url.pathname === '/containers' && url.search === '?action=invoice');
    await p.getByTestId('invoice-mode').waitFor();
    await p.getByTestId('empty-state').waitFor(); // no containers either
    await context.close();
  });
});

/** Interface words left in English on an Arabic page (see shipping-screens.test.ts). */
const INTERFACE = 'h1, h2, h3, thead, button, a.MuiButton-root, label, legend, dt, [data-testid=empty-state], [role=tab], .MuiFormHelperText-root, .MuiAlert-message, .MuiChip-label, .MuiTablePagination-root';
async function englishWords(page: Page) {
  const scope = page.locator('main, [role=dialog]');
  const texts = await scope.locator(INTERFACE).evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText));
  const placeholders = await scope.locator('input[placeholder]').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).placeholder));
  const text = [...texts, ...placeholders].join('\n').replace(/\S+@\S+/g, ' ');
  expect(text.length).toBeGreaterThan(20);
  return [...new Set(text.match(/[A-Za-z]{3,}/g) ?? [])].filter((word) => !/^[A-Z0-9]+$/.test(word) && !/^(PDF|ZATCA|QR|KB)$/.test(word));
}

describe('screenshots of the invoice screens', () => {
  let shots: { company: { id: number }; user: User; first: Record<string, any>; second: Record<string, any> };
  beforeAll(async () => {
    const own = await api.createCompany(`Gulf Star Auto Export ${uniqueCode('S')}`);
    const user = await api.createUser('SHIPPER', own.id);
    const first = await createContainer(api, { companyId: own.id, shipperId: user.id, containerSize: '40HC', shippingLine: 'Maersk', loadingDate: '2026-02-14' });
    const second = await createContainer(api, { companyId: own.id, shipperId: user.id, containerSize: '20FT', shippingLine: 'MSC' });
    for (let i = 0; i < 3; i++) await createVehicle(api, { companyId: own.id, containerId: i < 2 ? first.id : second.id });
    await createInvoice(user, { containerIds: [first.id, second.id], buyerName: 'Ahmed Al Harbi', buyerEmail: 'ahmed@example.com', paymentMethod: 'wireTransfer', salePrice: '48500', taxPercentage: '15', date: '2026-03-02', sellerVatNumber: '300000000000003' });
    await createInvoice(user, { containerIds: [second.id], buyerName: 'شركة الخليج للسيارات', salePrice: '12500.50', date: '2026-03-05' });
    shots = { company: own, user, first, second };
  });

  for (const language of ['en', 'ar'] as const) {
    it(`captures the list, details, delete, invoice mode and dialog in ${language === 'en' ? 'English' : 'Arabic'}`, async () => {
      const shot = (p: Page, name: string) => screenshot(p, `${language}-${name}`);
      const checkLanguage = async (p: Page, where: string) => {
        expect(await p.evaluate(() => document.dir), where).toBe(language === 'ar' ? 'rtl' : 'ltr');
        if (language === 'ar') expect(await englishWords(p), where).toEqual([]);
      };
      const { context, page: p } = await newPage(browser, { language });
      await signInWithSession(p, shots.user.username, shots.user.password);

      await p.goto('/invoices');
      await p.getByTestId('invoices-table').waitFor();
      await checkLanguage(p, 'invoices');
      await shot(p, 'invoices');
      await p.getByTestId('invoice-details-button').first().click();
      await p.getByTestId('invoice-details').waitFor();
      await checkLanguage(p, 'invoice details');
      await shot(p, 'invoices-details');
      await p.keyboard.press('Escape');
      await p.getByTestId('invoice-details').waitFor({ state: 'hidden' });
      await p.getByTestId('delete-button').first().click();
      await p.getByRole('dialog').waitFor();
      await checkLanguage(p, 'delete invoice');
      await shot(p, 'invoices-delete-confirm');
      await p.keyboard.press('Escape');
      await p.getByRole('dialog').waitFor({ state: 'hidden' });

      await goInConsole(p, '/containers?action=invoice');
      await p.getByTestId('invoice-containers-table').waitFor();
      await checkLanguage(p, 'invoice mode');
      await shot(p, 'invoice-mode');
      await p.getByTestId('invoice-checkbox').first().locator('input').check();
      await p.getByTestId('invoice-checkbox').nth(1).locator('input').check();
      const form = p.getByTestId('invoice-form');
      await form.locator('input[name=buyerName]').fill('Gulf Motors Trading');
      await form.locator('input[name=salePrice]').fill('25000');
      await form.locator('input[name=taxPercentage]').fill('5');
      await form.locator('input[name=buyerEmail]').fill('buyer@gulf-motors.example');
      await form.locator('input[name=buyerAddress]').fill(language === 'ar' ? 'شارع الملك فهد، الرياض' : '1 King Fahd Road, Riyadh');
      await checkLanguage(p, 'invoice mode filled');
      await shot(p, 'invoice-mode-filled');
      // The checks of the form: a missing buyer name, an amount that is not one.
      await form.locator('input[name=buyerName]').fill('');
      await form.locator('input[name=salePrice]').fill('12,5');
      await p.getByTestId('generate-invoice').click();
      await form.getByText(language === 'ar' ? /مبلغًا/ : /Enter an amount/).waitFor();
      await checkLanguage(p, 'invoice mode errors');
      await shot(p, 'invoice-mode-errors');

      await p.goto(`/containers/${shots.first.id}`);
      await p.getByTestId('container-invoice-button').click();
      const dialog = p.getByTestId('container-invoice-dialog');
      await dialog.waitFor();
      await p.waitForFunction(() => !document.querySelector('[data-testid=invoice-add-row]')?.hasAttribute('disabled'));
      await dialog.getByTestId('invoice-add-row').click();
      await dialog.locator('input[name=buyerName]').fill('Ahmed Al Harbi');
      await dialog.locator('input[name=salePrice]').fill('2500.50');
      await checkLanguage(p, 'container invoice dialog');
      await shot(p, 'container-invoice-dialog');
      await p.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await shot(p, 'container-page-invoice-button');
      await context.close();

      // An empty list (a company without invoices), and a phone.
      const empty = await api.createCompany(`Empty Invoices ${uniqueCode('E')}`);
      const emptyUser = await api.createUser('COMPANY_ADMIN', empty.id);
      const emptySession = await newPage(browser, { language });
      await signInWithSession(emptySession.page, emptyUser.username, emptyUser.password);
      await emptySession.page.goto('/invoices');
      await emptySession.page.getByTestId('empty-state').waitFor();
      await checkLanguage(emptySession.page, 'empty invoices');
      await shot(emptySession.page, 'invoices-empty');
      await emptySession.context.close();

      const phone = await newPage(browser, { language, width: 390, height: 844 });
      await signInWithSession(phone.page, shots.user.username, shots.user.password);
      await phone.page.goto('/invoices');
      await phone.page.getByTestId('invoices-table').waitFor();
      await shot(phone.page, 'mobile-invoices');
      await goInConsole(phone.page, '/containers?action=invoice');
      await phone.page.getByTestId('invoice-containers-table').waitFor();
      await shot(phone.page, 'mobile-invoice-mode');
      await goInConsole(phone.page, `/containers/${shots.first.id}`);
      await phone.page.getByTestId('container-invoice-button').click();
      await phone.page.getByTestId('container-invoice-dialog').waitFor();
      await shot(phone.page, 'mobile-container-invoice-dialog');
      await phone.context.close();
    });
  }
});
