import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiClient, admin, createContainer, createVehicle, launchBrowser, newPage, screenshot, signIn, signInWithSession } from './support';
import { pngBytes, sessionCookie, uploadThroughApi } from './fileHelpers';

/**
 * What a buyer follows of its cars: the vehicle page as a read-only shipment view (route, dates,
 * shipping line, history, photos, documents; nothing empty, no disabled inputs) and a dashboard
 * of the cards it can open, with its cars arriving soon.
 */
let browser: Browser;
let api: ApiClient;
let buyer: { id: number; username: string; password: string };
let routed: Record<string, any>;
let overdue: Record<string, any>;
let othersCar: Record<string, any>;
let container: Record<string, any>;

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  const company = await api.createCompany('Buyer View Motors');
  const shipper = await api.createUser('SHIPPER', company.id);
  buyer = await api.createUser('BUYER', company.id);
  const otherBuyer = await api.createUser('BUYER', company.id);
  const busan = await api.send('POST', '/ports', { name: 'Busan', nameAr: 'بوسان', country: 'KR' });
  const jeddah = await api.send('POST', '/ports', { name: 'Jeddah', nameAr: 'جدة', country: 'SA' });
  container = await createContainer(api, {
    companyId: company.id,
    shipperId: shipper.id,
    containerSize: '40HC',
    shippingLine: 'Maersk',
    fromPortId: busan.id,
    toPortId: jeddah.id,
    loadingDate: inDays(-20),
    arrivalDate: inDays(5),
  });
  const late = await createContainer(api, { companyId: company.id, shipperId: shipper.id, arrivalDate: inDays(-2) });
  routed = await createVehicle(api, { companyId: company.id, model: 'Land Cruiser', year: 2021, containerId: container.id, buyerId: buyer.id, status: 'SHIPPED', vehicleInfo: { color: 'White' } });
  await api.send('PATCH', `/vehicles/${routed.id}/status`, { status: 'AT_PORT' });
  overdue = await createVehicle(api, { companyId: company.id, model: 'Camry', containerId: late.id, buyerId: buyer.id, status: 'AT_PORT' });
  othersCar = await createVehicle(api, { companyId: company.id, model: 'Patrol', containerId: container.id, buyerId: otherBuyer.id });
  const cookie = await sessionCookie(admin().username, admin().password);
  await uploadThroughApi(cookie, `/vehicles/${routed.id}/files`, [
    { name: 'front.png', bytes: await pngBytes({ r: 240, g: 240, b: 240 }), type: 'image/png' },
    { name: 'side.png', bytes: await pngBytes({ r: 200, g: 200, b: 200 }), type: 'image/png' },
  ]);
  await uploadThroughApi(cookie, `/vehicles/${routed.id}/files`, [{ name: 'bill-of-lading.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' }]);
});
afterAll(async () => {
  await browser?.close();
});

const TEXTS = {
  en: { from: 'Busan - South Korea', to: 'Jeddah - Saudi Arabia', shippingLine: 'Shipping line', trim: 'Trim', arriving: 'Arriving soon', due: 'Was due' },
  ar: { from: 'بوسان - كوريا الجنوبية', to: 'جدة - المملكة العربية السعودية', shippingLine: 'خط الشحن', trim: 'الفئة', arriving: 'تصل قريبًا', due: 'كان موعد وصولها' },
} as const;

async function expectShipmentView(page: Page, language: 'en' | 'ar') {
  const view = page.getByTestId('vehicle-view');
  await view.waitFor();
  // Facts, not a disabled form: no inputs at all, no notice about permissions.
  expect(await view.locator('input, textarea').count()).toBe(0);
  expect(await page.getByTestId('analysis-no-permission').count()).toBe(0);
  expect(await page.getByTestId('vehicle-edit').count()).toBe(0);

  const shipment = page.getByTestId('section-shipment');
  expect(await shipment.getByTestId('route-from').innerText()).toBe(TEXTS[language].from);
  expect(await shipment.getByTestId('route-to').innerText()).toBe(TEXTS[language].to);
  expect(await shipment.getByTestId('shipment-container').textContent()).toContain(container.number);
  expect(await shipment.getByTestId('shipment-shipping-line').textContent()).toContain('Maersk');
  expect(await shipment.getByTestId('shipment-loading-date').textContent()).toMatch(/\d{4}/);
  expect(await shipment.getByTestId('shipment-arrival-date').textContent()).toMatch(/\d{4}/);
  // The container page is not the buyer's: its number is text, not a link.
  expect(await shipment.getByRole('link').count()).toBe(0);
  // Facts nobody entered are left out.
  expect(await page.getByTestId('section-facts').innerText()).not.toContain(TEXTS[language].trim);
  expect(await page.getByTestId('section-facts').innerText()).toContain('Land Cruiser');

  // The history, the photos (to look at) and the documents (to download).
  expect(await page.getByTestId('status-history').locator('li').count()).toBe(2);
  expect(await page.getByTestId('section-images').getByTestId('gallery-item').count()).toBe(2);
  expect(await page.getByTestId('upload-images').count()).toBe(0);
  await page.getByTestId('section-documents').getByText('bill-of-lading.pdf').waitFor();
  expect(await page.getByTestId('upload-documents').count()).toBe(0);
}

describe('the buyer’s shipment view', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`shows a buyer its car as a read-only shipment view, in ${language === 'en' ? 'English' : 'Arabic'}`, async () => {
      const { context, page } = await newPage(browser, { language });
      try {
        await signInWithSession(page, buyer.username, buyer.password);
        await page.goto(`/vehicles/${routed.id}/edit`);
        await expectShipmentView(page, language);
        expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
        await screenshot(page, `buyer-vehicle-${language}`);

        // A container without a route or a shipping line: those rows are left out, as are photos it lacks.
        await page.goto(`/vehicles/${overdue.id}/edit`);
        await page.getByTestId('shipment-arrival-date').waitFor();
        expect(await page.getByTestId('shipment-route').count()).toBe(0);
        expect(await page.getByTestId('shipment-shipping-line').count()).toBe(0);
        expect(await page.getByTestId('section-images').count()).toBe(0);
      } finally {
        await context.close();
      }
    });

    it(`shows a buyer the cards it can open and its cars arriving soon, in ${language === 'en' ? 'English' : 'Arabic'}`, async () => {
      const { context, page } = await newPage(browser, { language });
      try {
        await signIn(page, buyer.username, buyer.password);
        const arriving = page.getByTestId('arriving-soon');
        await arriving.getByRole('listitem').first().waitFor();
        expect(await page.getByTestId('count-vehicles').innerText()).toBe('2');
        for (const hidden of ['containers', 'ports', 'companies', 'users']) expect(await page.getByTestId(`count-${hidden}`).count(), hidden).toBe(0);
        expect(await page.getByTestId('statistics').count()).toBe(0);

        expect(await arriving.getByRole('heading').innerText()).toBe(TEXTS[language].arriving);
        const rows = await arriving.getByRole('listitem').allInnerTexts();
        // Soonest first: the overdue car, then the one due in five days; never another buyer's.
        expect(rows).toHaveLength(2);
        expect(rows[0]).toContain(overdue.vin);
        expect(rows[0]).toContain(TEXTS[language].due);
        expect(rows[1]).toContain(routed.vin);
        expect(rows[1]).toContain(language === 'en' ? 'Jeddah' : 'جدة');
        expect(rows.join('\n')).not.toContain(othersCar.vin);
        await screenshot(page, `buyer-dashboard-${language}`);

        await arriving.getByRole('link', { name: routed.vin }).click();
        await page.getByTestId('vehicle-view').waitFor();
      } finally {
        await context.close();
      }
    });
  }

  it('reads well on a phone (390 px), in both languages', async () => {
    for (const language of ['en', 'ar'] as const) {
      const { context, page } = await newPage(browser, { language, width: 390, height: 844 });
      try {
        await signInWithSession(page, buyer.username, buyer.password);
        await page.goto(`/vehicles/${routed.id}/edit`);
        await page.getByTestId('section-shipment').getByTestId('route-to').waitFor();
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await screenshot(page, `buyer-vehicle-mobile-${language}`);
      } finally {
        await context.close();
      }
    }
  });
});
