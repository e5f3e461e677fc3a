import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { carPhoto } from '../api/test/support/carImages';
import { ApiClient, createContainer, createVehicle, launchBrowser, newPage, screenshot, signInWithSession, uniqueCode } from './support';
import { sessionCookie, uploadThroughApi } from './fileHelpers';

/**
 * Tracking links for buyers in the browser: a shipper makes one on the vehicle page and copies it;
 * the link opens the public tracking page with no session, on a 390 × 844 phone, in English and in
 * Arabic (right to left), showing the car, its container's milestones, route, arrival and photos;
 * a revoked or unknown link says so in both languages.
 */
type Language = 'en' | 'ar';
type Tree = { [key: string]: string | Tree };
const catalogues = { en: en as unknown as Tree, ar: ar as unknown as Tree };
const t = (language: Language, key: string) => key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], catalogues[language]) as string;
const PHONE = { width: 390, height: 844 };

const MARK = uniqueCode('Track');
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

let browser: Browser;
let shipper: { username: string; password: string };
let vehicle: Record<string, any>;
let container: Record<string, any>;
let companyName: string;
let trackingUrl: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const api = await ApiClient.asAdmin();
  companyName = `${MARK} Gulf Motors`;
  const company = await api.createCompany(companyName);
  shipper = await api.createUser('SHIPPER', company.id);
  const buyer = await api.createUser('BUYER', company.id);
  const from = await api.send('POST', '/ports', { name: `${MARK} Busan`, nameAr: 'بوسان', country: 'KR' });
  const to = await api.send('POST', '/ports', { name: `${MARK} Jebel Ali`, nameAr: 'جبل علي', country: 'AE' });
  container = await createContainer(api, {
    companyId: company.id,
    shipperId: (await api.send<{ id: number }[]>('GET', `/users?filter=${encodeURIComponent(JSON.stringify({ q: shipper.username }))}`))[0].id,
    containerSize: '40HC',
    shippingLine: `${MARK} Line`,
    sealNumber: 'SEAL-TRACK-1',
    fromPortId: from.id,
    toPortId: to.id,
    loadingDate: inDays(-6),
    arrivalDate: inDays(18),
  });
  vehicle = await createVehicle(api, { companyId: company.id, make: 'Toyota', model: 'Land Cruiser', year: 2022, containerId: container.id, buyerId: buyer.id, notes: `${MARK} paid 38,000 USD` });
  await api.send('PATCH', `/vehicles/${vehicle.id}/status`, { status: 'AT_WAREHOUSE' });
  await api.send('PATCH', `/containers/${container.id}/status`, { status: 'LOADED' });
  await api.send('PATCH', `/containers/${container.id}/status`, { status: 'DEPARTED' });
  const cookie = await sessionCookie(shipper.username, shipper.password);
  const photos = await Promise.all([carPhoto('White', 'studio'), carPhoto('Silver', 'skyRoad', 40), carPhoto('White', 'lot', -30)]);
  await uploadThroughApi(cookie, `/vehicles/${vehicle.id}/files`, photos.map((bytes, i) => ({ name: `land-cruiser-${i + 1}.jpg`, bytes, type: 'image/jpeg' })));
});
afterAll(async () => {
  await browser?.close();
});

/** Nothing on the page is wider than the phone: no sideways scrolling. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Every thumbnail has loaded as an image (a broken one has no natural width). */
const loadedPhotos = (page: Page) =>
  page.getByTestId('tracking-photos').locator('img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0));

describe('tracking links for buyers', () => {
  it('a shipper makes a link on the vehicle page, copies it, and sees it listed', async () => {
    const { context, page } = await newPage(browser, { language: 'en' });
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signInWithSession(page, shipper.username, shipper.password);
      await page.goto(`/vehicles/${vehicle.id}/edit`);
      await page.getByTestId('tracking-link-button').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: t('en', 'tracking.links.title') }).isVisible()).resolves.toBe(true);
      await expect(dialog.getByText(t('en', 'tracking.links.none')).textContent()).resolves.toBe(t('en', 'tracking.links.none'));
      // Out of range: the button stays off until the days are 1 to 365.
      await dialog.getByTestId('tracking-link-days').fill('400');
      await expect(dialog.getByTestId('tracking-link-create').isDisabled()).resolves.toBe(true);
      await dialog.getByTestId('tracking-link-days').fill('14');
      await dialog.getByTestId('tracking-link-create').click();
      const url = dialog.getByTestId('tracking-link-url');
      await url.waitFor();
      trackingUrl = await url.inputValue();
      expect(trackingUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/track\/[A-Za-z0-9_-]{43}$/);
      await dialog.getByRole('button', { name: t('en', 'tracking.links.copy') }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(trackingUrl);
      await dialog.getByTestId('tracking-link-row').first().waitFor();
      expect(await dialog.getByTestId('tracking-link-row').count()).toBe(1);
      expect(await dialog.getByTestId('tracking-link-row').innerText()).toContain(shipper.username);
      await screenshot(page, 'tracking-link-dialog-en');
    } finally {
      await context.close();
    }
  });

  for (const language of ['en', 'ar'] as const) {
    it(`the link opens the tracking page on a phone without signing in, in ${language === 'en' ? 'English' : 'Arabic'}`, async () => {
      const { context, page } = await newPage(browser, { language, ...PHONE });
      try {
        await page.goto(new URL(trackingUrl).pathname);
        await page.getByTestId('tracking-summary').waitFor();
        expect(new URL(page.url()).pathname).toMatch(/^\/track\//);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
        expect(await page.getByTestId('tracking-title').innerText()).toContain('Toyota Land Cruiser');
        expect(await page.getByTestId('tracking-title').innerText()).toContain('2022');
        expect(await page.getByTestId('tracking-vin').innerText()).toContain(vehicle.vin.slice(-6));
        expect(await page.getByTestId('tracking-vin').innerText()).not.toContain(vehicle.vin);
        expect(await page.getByTestId('tracking-summary').getByTestId('status-chip').innerText()).toBe(t(language, 'vehicleStatus.SHIPPED'));
        expect(await page.getByTestId('tracking-container').innerText()).toContain(container.number);
        expect(await page.getByTestId('tracking-shipment').innerText()).toContain(language === 'ar' ? 'جبل علي' : `${MARK} Jebel Ali`);
        expect(await page.getByTestId('tracking-shipment').innerText()).toContain(language === 'ar' ? 'بوسان' : `${MARK} Busan`);
        // The expected arrival: the container's arrival date, in the page's language (Latin digits).
        const eta = await page.getByTestId('tracking-eta').innerText();
        const arrival = container.arrivalDate as string;
        expect(eta).toContain(arrival.slice(0, 4));
        expect(eta).not.toContain(t(language, 'tracking.unknown'));
        const milestones = page.getByTestId('tracking-milestones');
        expect(await milestones.locator('[data-done=true]').count()).toBe(2);
        expect(await milestones.innerText()).toContain(t(language, 'containerStatus.DEPARTED'));
        expect(await milestones.innerText()).toContain(t(language, 'milestones.notYet'));
        const history = await page.getByTestId('tracking-history').getByTestId('status-chip').allInnerTexts();
        expect(history[0]).toBe(t(language, 'vehicleStatus.SHIPPED'));
        expect(history).toContain(t(language, 'vehicleStatus.AT_WAREHOUSE'));
        await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=tracking-photos] img')].every((img) => (img as HTMLImageElement).complete));
        expect(await loadedPhotos(page)).toEqual([true, true, true]);
        // Nothing the buyer is not meant to see: the notes, the company, the seal, the shipping line, the staff.
        const text = await page.locator('body').innerText();
        for (const secret of [`${MARK} paid`, companyName, 'SEAL-TRACK-1', `${MARK} Line`, shipper.username, vehicle.vin]) expect(text).not.toContain(secret);
        // No sign-in was asked for, and the page fits the phone.
        expect(await page.getByTestId('login-form').count()).toBe(0);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `tracking-page-phone-${language}`);

        // The switch turns the page into the other language where it stands.
        await page.getByTestId('language-switch').click();
        const other: Language = language === 'en' ? 'ar' : 'en';
        await page.waitForFunction((dir) => document.documentElement.dir === dir, other === 'ar' ? 'rtl' : 'ltr');
        await page.getByText(t(other, 'tracking.shipment'), { exact: true }).waitFor();
        expect(new URL(page.url()).pathname).toMatch(/^\/track\//);
      } finally {
        await context.close();
      }
    });
  }

  it('a revoked link, and an unknown one, say the link is not available, in both languages', async () => {
    // The shipper revokes it from a phone, in Arabic: the dialog fills the screen there.
    const { context, page } = await newPage(browser, { language: 'ar', ...PHONE });
    try {
      await signInWithSession(page, shipper.username, shipper.password);
      await page.goto(`/vehicles/${vehicle.id}/edit`);
      await page.getByTestId('tracking-link-button').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('tracking-link-row').first().waitFor();
      expect(await dialog.getByRole('heading').first().innerText()).toBe(t('ar', 'tracking.links.title'));
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'tracking-link-dialog-phone-ar');
      await dialog.getByTestId('tracking-link-row').first().getByRole('button', { name: new RegExp(t('ar', 'tracking.links.revoke')) }).click();
      await dialog.getByText(t('ar', 'tracking.links.none')).waitFor();
    } finally {
      await context.close();
    }
    for (const language of ['en', 'ar'] as const) {
      const phone = await newPage(browser, { language, ...PHONE });
      try {
        await phone.page.goto(new URL(trackingUrl).pathname);
        const notice = phone.page.getByTestId('tracking-unavailable');
        await notice.waitFor();
        expect(await notice.innerText()).toContain(t(language, 'tracking.notFoundTitle'));
        expect(await notice.innerText()).toContain(t(language, 'tracking.notFound'));
        expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
        await screenshot(phone.page, `tracking-page-revoked-${language}`);
        await phone.page.goto(`/track/${'x'.repeat(43)}`);
        await phone.page.getByTestId('tracking-unavailable').waitFor();
      } finally {
        await phone.context.close();
      }
    }
  });
});
