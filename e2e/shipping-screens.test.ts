import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiClient, admin, createContainer, createVehicle, launchBrowser, newPage, screenshot, signIn, openSignedIn, goInConsole } from './support';

/**
 * Screenshots of the vehicle, container and dashboard screens in English and Arabic, for a person
 * to look at (test-results/screens). Besides opening each screen, the checks here are about
 * direction and language: Arabic pages run right to left and show no English interface words.
 */
let browser: Browser;
let api: ApiClient;
let shipper: { id: number; username: string; password: string };
let buyer: { id: number; username: string; password: string };
let container: Record<string, any>;
let vehicle: Record<string, any>;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  const company = await api.createCompany('Gulf Star Auto Export');
  shipper = await api.createUser('SHIPPER', company.id);
  buyer = await api.createUser('BUYER', company.id);
  const baltimore = await api.send('POST', '/ports', { name: 'Port of Baltimore', nameAr: 'ميناء بالتيمور', country: 'US' });
  const jebelAli = await api.send('POST', '/ports', { name: 'Jebel Ali', nameAr: 'جبل علي', country: 'AE' });
  container = await createContainer(api, {
    companyId: company.id,
    shipperId: shipper.id,
    containerSize: '40HC',
    bookingNumber: 'BK-77120',
    sealNumber: 'SL-552201',
    shippingLine: 'Maersk',
    loadingDate: '2026-02-14',
    arrivalDate: '2026-03-20',
    fromPortId: baltimore.id,
    toPortId: jebelAli.id,
  });
  await createContainer(api, { companyId: company.id, shipperId: shipper.id, containerSize: '20FT', shippingLine: 'MSC' });
  const statuses = ['NEW_PURCHASE', 'DISPATCHED', 'IN_PROGRESS', 'AT_WAREHOUSE', 'LOADED', 'LOADED', 'SHIPPED', 'AT_PORT', 'RECEIVED'];
  for (const [i, status] of statuses.entries()) {
    await createVehicle(api, {
      companyId: company.id,
      status,
      model: ['Accord', 'Civic', 'Pilot'][i % 3],
      vehicleInfo: { color: ['White', 'Black', 'Silver'][i % 3] },
      containerId: status === 'LOADED' ? container.id : undefined,
      buyerId: i < 2 ? buyer.id : undefined,
    });
  }
  vehicle = await createVehicle(api, {
    companyId: company.id,
    model: 'Accord',
    buyerId: buyer.id,
    fromPortId: baltimore.id,
    toPortId: jebelAli.id,
    notes: 'Minor scratch on the rear bumper.',
    vehicleInfo: { color: 'Pearl White', trim: 'EX-L', bodyClass: 'Sedan', doors: '4', fuelTypePrimary: 'Gasoline' },
  });
  await api.send('PATCH', `/vehicles/${vehicle.id}/status`, { status: 'DISPATCHED' });
  await api.send('PATCH', `/vehicles/${vehicle.id}/status`, { status: 'AT_WAREHOUSE' });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Interface words left in English on an Arabic page: the texts of headings, table headers, buttons,
 * labels, helper lines, alerts, chips and placeholders. Data (VINs, makes, names, e-mails, codes)
 * is English on both pages and is not what this looks for.
 */
const INTERFACE = 'h1, h2, h3, thead, button, label, [role=tab], .MuiFormHelperText-root, .MuiAlert-message, .MuiChip-label, .MuiTablePagination-root';
async function englishWords(page: Page) {
  const scope = page.locator('main, [role=dialog]');
  const texts = await scope.locator(INTERFACE).evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText));
  const placeholders = await scope.locator('input[placeholder]').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).placeholder));
  const shown = [...texts, ...placeholders].join('\n');
  expect(shown.length).toBeGreaterThan(20); // the selectors found the interface
  const text = shown.replace(/\S+@\S+/g, ' '); // user names are e-mails
  const allowed = /^(Gulf|Star|Auto|Export|VIN|ISO|vPIC|HONDA|Honda)$/;
  return [...new Set(text.match(/[A-Za-z]{3,}/g) ?? [])].filter((word) => !allowed.test(word) && !/^[A-Z0-9]+$/.test(word));
}

describe('screenshots of the shipping screens', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`captures vehicles, containers and the dashboard in ${language === 'en' ? 'English' : 'Arabic'}`, async () => {
      const shot = (p: Page, name: string) => screenshot(p, `${language}-${name}`);
      const checkLanguage = async (p: Page, where: string) => {
        expect(await p.evaluate(() => document.dir), where).toBe(language === 'ar' ? 'rtl' : 'ltr');
        if (language === 'ar') expect(await englishWords(p), where).toEqual([]);
      };

      const { context, page } = await newPage(browser, { language });
      await openSignedIn(page, admin().username, admin().password);
      await page.getByTestId('status-card-LOADED').waitFor();
      await checkLanguage(page, 'dashboard');
      await shot(page, 'dashboard-statistics');

      await goInConsole(page, '/vehicles');
      await page.getByTestId('vehicles-table').waitFor();
      await checkLanguage(page, 'vehicles');
      await shot(page, 'vehicles');
      await page.getByTestId('vehicles-table').getByRole('checkbox').nth(1).check();
      await page.getByTestId('vehicles-table').getByRole('checkbox').nth(2).check();
      await shot(page, 'vehicles-selected');
      await page.getByTestId('bulk-status').click();
      await page.getByTestId('bulk-status-dialog').waitFor();
      await checkLanguage(page, 'bulk dialog');
      await shot(page, 'vehicles-bulk-status');
      await page.keyboard.press('Escape');
      await page.getByTestId('bulk-status-dialog').waitFor({ state: 'hidden' });
      await page.getByTestId('status-select').first().click();
      await page.getByRole('listbox').waitFor();
      await shot(page, 'vehicles-status-dropdown');
      await page.keyboard.press('Escape');
      await page.getByTestId('add-vehicle').first().click();
      const addDialog = page.getByTestId('vehicle-dialog');
      await addDialog.getByRole('button').last().click(); // empty: shows the checks
      await checkLanguage(page, 'add vehicle');
      await shot(page, 'vehicles-add-dialog');
      await page.keyboard.press('Escape');
      await addDialog.waitFor({ state: 'hidden' });
      await page.getByTestId('delete-button').first().click();
      await page.getByRole('dialog').waitFor();
      await shot(page, 'vehicles-delete-confirm');
      await page.keyboard.press('Escape');

      await goInConsole(page, `/vehicles/${vehicle.id}/edit`);
      await page.getByTestId('vin-decode').waitFor();
      await page.getByTestId('status-history').waitFor();
      await checkLanguage(page, 'vehicle edit');
      await shot(page, 'vehicle-edit');
      await goInConsole(page, '/vehicles/abc/edit');
      await page.getByTestId('page-error').waitFor();
      await shot(page, 'vehicle-invalid-id');

      await goInConsole(page, '/containers');
      await page.getByTestId('containers-table').waitFor();
      await checkLanguage(page, 'containers');
      await shot(page, 'containers');
      await page.getByTestId('add-container').first().click();
      await page.getByTestId('container-dialog').getByRole('button').last().click();
      await checkLanguage(page, 'add container');
      await shot(page, 'containers-add-dialog');
      await page.keyboard.press('Escape');
      await page.getByTestId('container-dialog').waitFor({ state: 'hidden' });

      await goInConsole(page, `/containers/${container.id}`);
      await page.getByTestId('section-available').getByRole('table').waitFor();
      await checkLanguage(page, 'container page');
      await shot(page, 'container-page');
      await goInConsole(page, '/containers/99999999');
      await page.getByTestId('page-error').waitFor();
      await shot(page, 'container-load-failed');
      await context.close();

      // A shipper's dashboard: statistics without the admin figures.
      const shipperSession = await newPage(browser, { language });
      await openSignedIn(shipperSession.page, shipper.username, shipper.password);
      await shipperSession.page.getByTestId('status-card-LOADED').waitFor();
      await shot(shipperSession.page, 'dashboard-shipper');
      await shipperSession.context.close();

      // A buyer: no statistics, a read-only list and vehicle page.
      const buyerSession = await newPage(browser, { language });
      await openSignedIn(buyerSession.page, buyer.username, buyer.password);
      await buyerSession.page.getByTestId('recent-vehicles').getByRole('listitem').first().waitFor();
      await checkLanguage(buyerSession.page, 'buyer dashboard');
      await shot(buyerSession.page, 'dashboard-buyer-vehicles');
      await goInConsole(buyerSession.page, '/vehicles');
      await buyerSession.page.getByTestId('vehicles-table').waitFor();
      await shot(buyerSession.page, 'vehicles-buyer');
      await goInConsole(buyerSession.page, `/vehicles/${vehicle.id}/edit`);
      await buyerSession.page.getByTestId('vehicle-view').waitFor();
      await checkLanguage(buyerSession.page, 'buyer vehicle page');
      await shot(buyerSession.page, 'vehicle-buyer-view');
      await buyerSession.context.close();

      // A phone.
      const phone = await newPage(browser, { language, width: 390, height: 844 });
      await openSignedIn(phone.page, admin().username, admin().password);
      await phone.page.getByTestId('status-card-LOADED').waitFor();
      await shot(phone.page, 'mobile-dashboard-statistics');
      await goInConsole(phone.page, '/vehicles');
      await phone.page.getByTestId('vehicles-table').waitFor();
      await shot(phone.page, 'mobile-vehicles');
      await goInConsole(phone.page, `/containers/${container.id}`);
      await phone.page.getByTestId('container-show').waitFor();
      await shot(phone.page, 'mobile-container-page');
      await phone.context.close();
    });
  }
});
