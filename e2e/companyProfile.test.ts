import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { ApiClient, admin, createContainer, createVehicle, launchBrowser, menuEntries, newPage, screenshot, signIn, signInWithSession, takeToast, uniqueCode } from './support';
import { filesDir, textFile } from './fileHelpers';

/**
 * The seller's invoice profile: a COMPANY_ADMIN fills it in Company settings (Arabic legal name,
 * Saudi VAT number, SAR, a logo), a SHIPPER of the company finds the invoice forms prefilled from
 * it with SAR next to the price, in English and in Arabic; a SUPER_ADMIN reaches any company's
 * from /companies. Screenshots go to /tmp/shots.
 */
let browser: Browser;
let api: ApiClient;
type User = { id: number; username: string; password: string };
let company: { id: number; name: string; code: string };
let companyAdmin: User;
let shipper: User;
let container: Record<string, any>;
let logoFile: string;

const PROFILE = {
  legalNameEn: 'Gulf Star Auto Export LLC',
  legalNameAr: 'شركة نجمة الخليج لتصدير السيارات',
  address: 'King Abdulaziz Road, Al Baghdadiyah',
  city: 'Jeddah',
  country: 'Saudi Arabia',
  vatNumber: '300000000000003',
  commercialRegistrationNumber: '4030123456',
};

/** Screenshots of these screens, among the others in test-results/screens. */
const shot = (page: Page, name: string) => screenshot(page, `companyProfile-${name}`);

/** A logo-like PNG: a navy badge with a gold bar and star, on white. */
async function makeLogo(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200">
    <rect width="600" height="200" fill="#ffffff"/>
    <rect x="10" y="20" width="160" height="160" rx="24" fill="#1f4e79"/>
    <polygon points="90,45 105,85 148,85 113,110 126,152 90,126 54,152 67,110 32,85 75,85" fill="#f2b705"/>
    <rect x="200" y="60" width="370" height="34" rx="6" fill="#1f4e79"/>
    <rect x="200" y="112" width="260" height="22" rx="6" fill="#f2b705"/>
  </svg>`;
  const file = path.join(filesDir, 'gulf-star-logo.png');
  writeFileSync(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

const field = (scope: Page | Locator, name: string) => scope.locator(`input[name=${name}]`);

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  company = await api.createCompany(`Gulf Star Auto ${uniqueCode('G')}`);
  companyAdmin = await api.createUser('COMPANY_ADMIN', company.id);
  shipper = await api.createUser('SHIPPER', company.id);
  container = await createContainer(api, { companyId: company.id, shipperId: shipper.id, containerSize: '40HC', shippingLine: 'Maersk' });
  await createVehicle(api, { companyId: company.id, containerId: container.id });
  logoFile = await makeLogo();
});
afterAll(async () => {
  await browser?.close();
});

describe('Company settings (a company admin)', () => {
  it('fills the invoice profile: Arabic legal name, Saudi VAT number, SAR, a logo; refuses a wrong VAT number on its field', async () => {
    const { context, page: p } = await newPage(browser);
    await signIn(p, companyAdmin.username, companyAdmin.password);
    expect(await menuEntries(p)).toEqual(['Dashboard', 'Users', 'Vehicles', 'Containers', 'Ports', 'Invoices', 'Activity', 'Settings']);
    await p.getByTestId('main-menu').getByRole('menuitem', { name: 'Settings' }).click();
    await p.waitForURL((url) => url.pathname === '/company-settings');
    const page = p.getByTestId('company-settings');
    await page.waitFor();
    expect(await p.getByRole('heading', { level: 1 }).innerText()).toBe('Company settings');
    expect(await p.getByTestId('company-settings-name').innerText()).toContain(company.name);
    expect(await p.getByTestId('company-logo-empty').innerText()).toBe('No logo yet.');

    const form = p.getByTestId('invoice-profile');
    expect(await field(form, 'legalNameAr').getAttribute('dir')).toBe('rtl');
    expect(await field(form, 'currency').inputValue()).toBe('USD');
    await field(form, 'legalNameEn').fill(PROFILE.legalNameEn);
    await field(form, 'legalNameAr').fill(PROFILE.legalNameAr);
    await field(form, 'address').fill(PROFILE.address);
    await field(form, 'city').fill(PROFILE.city);
    await field(form, 'country').fill(PROFILE.country);
    await field(form, 'commercialRegistrationNumber').fill(PROFILE.commercialRegistrationNumber);

    // The currency select offers USD, SAR and AED first.
    await field(form, 'currency').click();
    await field(form, 'currency').fill('');
    const options = p.getByTestId('currency-options').getByRole('option');
    await options.first().waitFor();
    expect((await options.allInnerTexts()).slice(0, 3).map((text) => text.split(/\s/)[0])).toEqual(['USD', 'SAR', 'AED']);
    await shot(p, 'en-settings-currency-options');
    await options.nth(1).click();
    expect(await field(form, 'currency').inputValue()).toBe('SAR');

    // A VAT number that is not Saudi is refused on its field, before anything is sent.
    await field(form, 'vatNumber').fill('300000000000004');
    let patched = 0;
    await p.route('**/api/companies/*', (route) => {
      if (route.request().method() === 'PATCH') patched++;
      return route.continue();
    });
    await p.getByTestId('profile-save').click();
    const vatError = 'A Saudi VAT number has 15 digits, starting and ending with 3';
    await form.getByText(vatError).waitFor();
    expect(patched).toBe(0);
    await shot(p, 'en-settings-vat-error');
    expect(await takeToast(p)).toBe('Error\nThe form is not valid. Please check for errors');

    // A currency invoices cannot count in (three decimals) is refused on the field before anything is sent.
    await field(form, 'vatNumber').fill(PROFILE.vatNumber);
    await field(form, 'currency').fill('KWD');
    await p.keyboard.press('Escape');
    await p.getByTestId('profile-save').click();
    await form.getByText('Choose a currency counted in hundredths (ISO 4217), for example SAR, AED or USD').waitFor();
    expect(patched).toBe(0);
    expect(await takeToast(p)).toBe('Error\nThe form is not valid. Please check for errors');
    await p.unroute('**/api/companies/*');

    await field(form, 'currency').fill('sar');
    await p.keyboard.press('Escape');
    expect(await field(form, 'currency').inputValue()).toBe('SAR');
    await p.getByTestId('profile-save').click();
    expect(await takeToast(p)).toBe('Invoice details saved');
    const saved = await api.send('GET', `/companies/${company.id}`);
    expect(saved).toMatchObject({ ...PROFILE, currency: 'SAR', hasLogo: false });

    // The logo: a wrong file is refused, a PNG is shown once uploaded.
    await p.getByTestId('logo-upload-input').setInputFiles(textFile('not-a-logo.txt', 'hello'));
    expect(await takeToast(p)).toBe('Error\nThe logo must be a PNG, JPEG or WebP image');
    // A file named like a PNG that is none: the server looks at the content (415).
    await p.getByTestId('logo-upload-input').setInputFiles(textFile('fake-logo.png', 'plain text, not a PNG'));
    expect(await takeToast(p)).toBe('Error\nThe logo must be a PNG, JPEG or WebP image');
    expect(await p.getByTestId('company-logo-empty').innerText()).toBe('No logo yet.');
    await p.getByTestId('logo-upload-input').setInputFiles(logoFile);
    expect(await takeToast(p)).toBe('Logo uploaded');
    const logo = p.getByTestId('company-logo');
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const firstSrc = await logo.getAttribute('src');
    expect(firstSrc).toMatch(new RegExp(`^/api/companies/${company.id}/logo\\?v=\\d+$`));
    expect((await api.send('GET', `/companies/${company.id}`)).hasLogo).toBe(true);

    // Removing asks first; cancelling keeps it.
    await p.getByTestId('logo-remove').click();
    const confirm = p.getByRole('dialog');
    expect(await confirm.innerText()).toContain('Remove the logo?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await logo.count()).toBe(1);
    await p.getByTestId('logo-remove').click();
    await p.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    expect(await takeToast(p)).toBe('Logo removed');
    await p.getByTestId('company-logo-empty').waitFor();
    expect((await api.send('GET', `/companies/${company.id}`)).hasLogo).toBe(false);

    // Uploaded again: a new address, so the browser cannot show a cached copy.
    await p.getByTestId('logo-upload-input').setInputFiles(logoFile);
    expect(await takeToast(p)).toBe('Logo uploaded');
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await logo.getAttribute('src')).not.toBe(firstSrc);

    // Kept after a reload.
    await p.reload();
    await page.waitFor();
    expect(await field(form, 'legalNameAr').inputValue()).toBe(PROFILE.legalNameAr);
    expect(await field(form, 'vatNumber').inputValue()).toBe(PROFILE.vatNumber);
    expect(await field(form, 'currency').inputValue()).toBe('SAR');
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await shot(p, 'en-settings');

    // The companies list stays a super admin's page, and so do other companies' settings.
    await p.goto('/companies');
    await p.getByTestId('unauthorized').waitFor();
    await p.goto(`/companies/${company.id}/settings`);
    await p.getByTestId('unauthorized').waitFor();
    await context.close();
  });

  it('shows the settings page in Arabic, right to left', async () => {
    const { context, page: p } = await newPage(browser, { language: 'ar' });
    await signIn(p, companyAdmin.username, companyAdmin.password);
    expect(await menuEntries(p)).toContain('الإعدادات');
    await p.goto('/company-settings');
    await p.getByTestId('company-settings').waitFor();
    expect(await p.evaluate(() => document.dir)).toBe('rtl');
    expect(await p.getByRole('heading', { level: 1 }).innerText()).toBe('إعدادات الشركة');
    const form = p.getByTestId('invoice-profile');
    expect(await field(form, 'legalNameAr').inputValue()).toBe(PROFILE.legalNameAr);
    expect(await field(form, 'legalNameAr').getAttribute('dir')).toBe('rtl');
    expect(await form.innerText()).toContain('الاسم القانوني (بالعربية)');
    await expect.poll(() => p.getByTestId('company-logo').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // A wrong VAT number is refused in Arabic too.
    await field(form, 'vatNumber').fill('123');
    await p.getByTestId('profile-save').click();
    await form.getByText('الرقم الضريبي السعودي 15 رقمًا يبدأ وينتهي بالرقم 3').waitFor();
    await shot(p, 'ar-settings-vat-error');
    await takeToast(p);
    await field(form, 'vatNumber').fill(PROFILE.vatNumber);
    await p.getByTestId('profile-save').click();
    expect(await takeToast(p)).toBe('تم حفظ بيانات الفاتورة');
    await shot(p, 'ar-settings');
    await context.close();
  });
});

/** Waits until the seller fields of an invoice form have been filled from the profile. */
const sellerLoaded = (scope: Locator) => scope.locator('[data-testid=seller-source][data-state=loaded]').waitFor();

async function expectSellerFromProfile(scope: Locator) {
  await sellerLoaded(scope);
  expect(await field(scope, 'companyName').inputValue()).toBe(PROFILE.legalNameEn);
  expect(await field(scope, 'companyNameAr').inputValue()).toBe(PROFILE.legalNameAr);
  expect(await field(scope, 'companyNameAr').getAttribute('dir')).toBe('rtl');
  expect(await field(scope, 'companyAddress').inputValue()).toBe(PROFILE.address);
  expect(await field(scope, 'companyCity').inputValue()).toBe(PROFILE.city);
  expect(await field(scope, 'companyCountry').inputValue()).toBe(PROFILE.country);
  expect(await field(scope, 'sellerVatNumber').inputValue()).toBe(PROFILE.vatNumber);
  expect(await scope.getByTestId('sale-price-currency').innerText()).toBe('SAR');
}

describe('the invoice forms of a shipper of that company', () => {
  it('prefills the seller from the profile, with SAR next to the price and on the total and the list', async () => {
    const { context, page: p } = await newPage(browser);
    await signIn(p, shipper.username, shipper.password);
    expect(await menuEntries(p)).not.toContain('Settings');
    await p.goto('/containers?action=invoice');
    const form = p.getByTestId('invoice-form');
    await expectSellerFromProfile(form);
    // The profile's invoice defaults, none chosen yet: wire transfer, 0 %.
    expect(await form.getByRole('radio', { name: 'Wire transfer' }).isChecked()).toBe(true);
    expect(await field(form, 'taxPercentage').inputValue()).toBe('0');
    // A shipper cannot change the profile: no link to it.
    expect(await form.getByTestId('seller-profile-link').count()).toBe(0);

    await p.getByRole('checkbox', { name: `Select container ${container.number}` }).check();
    await field(form, 'buyerName').fill('Al Harbi Motors');
    await field(form, 'salePrice').fill('10000');
    await field(form, 'taxPercentage').fill('15');
    expect(await p.getByTestId('invoice-total').inputValue()).toBe('11,500.00 SAR');
    expect((await form.innerText()).replace(/[\u2066\u2069]/g, '')).toContain('Including tax 15%: 1,500.00 SAR');
    await shot(p, 'en-invoice-form');

    const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('generate-invoice').click()]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}-Al-Harbi-Motors\.pdf$/);
    expect(await takeToast(p)).toMatch(/^Invoice \S+ generated\n/);
    await p.waitForURL((url) => url.pathname === '/invoices');
    const row = p.getByTestId('invoices-table').getByRole('row').filter({ hasText: 'Al Harbi Motors' });
    await row.waitFor();
    expect(await row.innerText()).toContain('11,500.00 SAR');
    const [invoice] = await api.send<any[]>('GET', `/invoices?filter=${encodeURIComponent(JSON.stringify({ q: 'Al Harbi Motors' }))}`);
    expect(invoice).toMatchObject({ currency: 'SAR', sellerName: PROFILE.legalNameEn, sellerNameAr: PROFILE.legalNameAr, sellerVatNumber: PROFILE.vatNumber });
    await shot(p, 'en-invoice-list');

    // The container dialog: the same seller and the same defaults (wire transfer, 0 %).
    await p.goto(`/containers/${container.id}`);
    await p.getByTestId('container-invoice-button').click();
    const dialog = p.getByTestId('container-invoice-dialog');
    await expectSellerFromProfile(dialog);
    expect(await dialog.getByRole('radio', { name: 'Wire transfer' }).isChecked()).toBe(true);
    expect(await field(dialog, 'taxPercentage').inputValue()).toBe('0');
    await field(dialog, 'taxPercentage').fill('15');
    await field(dialog, 'salePrice').fill('2000');
    expect(await dialog.getByTestId('invoice-total').inputValue()).toBe('2,300.00 SAR');
    await shot(p, 'en-invoice-dialog');
    await context.close();
  });

  it('shows the prefilled page form in Arabic, right to left', async () => {
    const { context, page: p } = await newPage(browser, { language: 'ar' });
    await signInWithSession(p, shipper.username, shipper.password);
    await p.goto('/containers?action=invoice');
    expect(await p.evaluate(() => document.dir)).toBe('rtl');
    const form = p.getByTestId('invoice-form');
    await expectSellerFromProfile(form);
    expect(await form.innerText()).toContain('اسم البائع بالعربية');
    await p.getByRole('checkbox', { name: `تحديد الحاوية ${container.number}` }).check();
    await field(form, 'buyerName').fill('شركة الحربي للسيارات');
    await field(form, 'salePrice').fill('48500');
    await field(form, 'taxPercentage').fill('15');
    expect(await p.getByTestId('invoice-total').inputValue()).toBe('55,775.00 SAR');
    await shot(p, 'ar-invoice-form');
    await p.goto('/invoices');
    await p.getByTestId('invoices-table').waitFor();
    expect(await p.getByTestId('invoices-table').innerText()).toContain('11,500.00 SAR');
    await shot(p, 'ar-invoice-list');
    await context.close();
  });
});

describe('a super admin', () => {
  it('opens any company’s invoice profile from /companies, and the page form prefills once a container is chosen', async () => {
    const { context, page: p } = await newPage(browser);
    await signIn(p, admin().username, admin().password);
    expect(await menuEntries(p)).not.toContain('Settings');
    await p.goto(`/companies?filter=${encodeURIComponent(JSON.stringify({ q: company.code }))}`);
    const row = p.getByTestId('companies-table').getByRole('row').filter({ hasText: company.code });
    await row.waitFor();
    await shot(p, 'en-companies-list');
    await row.getByRole('link', { name: `Invoice profile of ${company.name}` }).click();
    await p.waitForURL((url) => url.pathname === `/companies/${company.id}/settings`);
    await p.getByTestId('company-settings').waitFor();
    expect(await field(p.getByTestId('invoice-profile'), 'legalNameEn').inputValue()).toBe(PROFILE.legalNameEn);
    await shot(p, 'en-settings-super-admin');
    await p.getByRole('link', { name: 'Back to Companies' }).click();
    await p.waitForURL((url) => url.pathname === '/companies');

    await p.goto('/companies/999999/settings');
    expect(await p.getByTestId('page-error').innerText()).toContain('Company not found');

    // A malformed company ID has no message of its own in SPEC.md §8: 'Invalid route'.
    await p.goto('/companies/abc/settings');
    expect(await p.getByTestId('page-error').innerText()).toContain('Invalid route');

    // A failure to load says so, and offers to try again.
    let fail = true;
    await p.route(`**/api/companies/${company.id}`, (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.continue(),
    );
    await p.goto(`/companies/${company.id}/settings`);
    const error = p.getByTestId('page-error');
    expect(await error.innerText()).toContain('The company settings could not be loaded.');
    await shot(p, 'en-settings-load-error');
    fail = false;
    await error.getByRole('button', { name: 'Try again' }).click();
    await p.getByTestId('company-settings').waitFor();
    await p.unroute(`**/api/companies/${company.id}`);

    await p.goto('/containers?action=invoice');
    const form = p.getByTestId('invoice-form');
    await form.locator('[data-testid=seller-source][data-state=waiting]').waitFor();
    expect(await field(form, 'companyName').inputValue()).toBe('');
    await p.getByPlaceholder('Number, booking, seal or line').fill(container.number);
    await p.getByRole('checkbox', { name: `Select container ${container.number}` }).check();
    await expectSellerFromProfile(form);
    expect(await form.getByTestId('seller-profile-link').getAttribute('href')).toBe(`/companies/${company.id}/settings`);
    await context.close();
  });
});
