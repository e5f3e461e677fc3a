import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiClient, createContainer, createVehicle, datePicker, datePickerText, launchBrowser, newPage, openSignedIn, pickerDateOf, screenshot, settled, typeDate } from './support';

/**
 * Two things a user met in daily use: the Activity page's date filters showed the browser's own
 * date order (mm/dd/yyyy in an English browser, in Arabic too) instead of the console's picker in
 * the page's language; and on a phone the vehicle's document checklist was a table wider than the
 * screen, its Upload buttons cut at the edge.
 */
type Language = 'en' | 'ar';
const PHONE = { width: 390, height: 844 };
const LABELS = { en: { from: 'From', to: 'To' }, ar: { from: 'من', to: 'إلى' } };
const NO_RESULTS = { en: /found using the current filters/, ar: /باستخدام عوامل التصفية الحالية/ };
const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
/** How far the page is wider than the screen (sideways scrolling). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

let browser: Browser;
type User = { id: number; username: string; password: string };
let companyAdmin: User;
let shipper: User;
let vehicle: Record<string, any>;

beforeAll(async () => {
  browser = await launchBrowser();
  const api = await ApiClient.asAdmin();
  const company = await api.createCompany('Dates And Papers');
  companyAdmin = await api.createUser('COMPANY_ADMIN', company.id);
  shipper = await api.createUser('SHIPPER', company.id);
  const asShipper = await ApiClient.signIn(shipper.username, shipper.password);
  // Loaded long ago: every kind of the checklist is due and overdue, with its buttons.
  const container = await createContainer(asShipper, { loadingDate: '2020-01-10' });
  vehicle = await createVehicle(asShipper, { make: 'Toyota', model: 'Camry', containerId: container.id, status: 'LOADED' });
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['en', 'ar'] as Language[])('in %s', (language) => {
  it('filters the Activity page by days typed in the page’s own date order', async () => {
    const { context, page } = await newPage(browser, { language });
    await openSignedIn(page, companyAdmin.username, companyAdmin.password, '/audit-log');
    const from = datePicker(page, new RegExp(`^${LABELS[language].from}$`));
    const to = datePicker(page, new RegExp(`^${LABELS[language].to}$`));
    await page.getByText(vehicle.vin).first().waitFor();

    // Today to today: the shipper's changes of today are listed, the URL carries the days.
    await typeDate(from, today(), language);
    await typeDate(to, today(), language);
    expect(await datePickerText(from)).toBe(pickerDateOf(today(), language));
    expect(await datePickerText(to)).toBe(pickerDateOf(today(), language));
    await page.waitForURL((url) => {
      const filter = JSON.parse(url.searchParams.get('filter') ?? '{}');
      return filter.createdAt_gte === today() && filter.createdAt_lte === today();
    });
    await page.getByText(vehicle.vin).first().waitFor();
    await screenshot(page, `activity-dates-${language}`);

    // From tomorrow: nothing yet, and the list says its filters found nothing.
    await typeDate(from, tomorrow(), language);
    await page.waitForURL((url) => JSON.parse(url.searchParams.get('filter') ?? '{}').createdAt_gte === tomorrow());
    await page.getByText(NO_RESULTS[language]).waitFor();
    expect(await page.getByText(vehicle.vin).count()).toBe(0);
    await context.close();
  });

  it('shows the document checklist within a phone’s screen, each Upload button whole', async () => {
    const { context, page } = await newPage(browser, { language, ...PHONE });
    await openSignedIn(page, shipper.username, shipper.password, `/vehicles/${vehicle.id}/edit`);
    const section = page.getByTestId('section-checklist');
    const kinds = section.locator('[data-testid^=checklist-][data-status]');
    await kinds.first().waitFor();
    await section.scrollIntoViewIfNeeded();
    await settled(page);
    expect(await kinds.count()).toBeGreaterThan(1);
    const uploads = section.locator('[data-testid^=checklist-upload-]:not([data-testid$=-input])');
    expect(await uploads.count()).toBe(await kinds.count());
    for (const upload of await uploads.all()) {
      const box = (await upload.boundingBox())!;
      expect(box.x, 'starts on the screen').toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, 'ends on the screen').toBeLessThanOrEqual(PHONE.width);
    }
    // Nothing scrolls sideways, in the section or the page.
    expect(await section.evaluate((node) => [...node.querySelectorAll('*')].some((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible'))).toBe(false);
    expect(await overflow(page)).toBe(0);
    await screenshot(page, `vehicle-checklist-phone-${language}`);
    await context.close();
  });
});
