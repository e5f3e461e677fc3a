import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { admin, ApiClient, baseUrl, createVehicle, launchBrowser, newPage, screenshot, settled, signIn, uniqueCode, uniqueEmail } from './support';

/**
 * The notification bell (issue "Notifications"): a buyer sees how many unread notifications wait,
 * opens the list (newest first), opens one (it is marked read and its vehicle shows), and marks all
 * read; in English, and in Arabic right to left; a super admin is told of a registration.
 */
type Language = 'en' | 'ar';
type Tree = { [key: string]: string | Tree };
const catalogues = { en: en as unknown as Tree, ar: ar as unknown as Tree };
const t = (language: Language, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replace(`%{${name}}`, String(value)),
    key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], catalogues[language]) as string,
  );

const MARK = uniqueCode('Bell');
let browser: Browser;
let api: ApiClient;
let buyer: { username: string; password: string };
let cruiser: Record<string, any>;
let patrol: Record<string, any>;

const bell = (page: Page) => page.getByTestId('notification-bell');
const items = (page: Page) => page.getByTestId('notification-item');

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  const company = await api.createCompany(`${MARK} Gulf Motors`);
  const buyerUser = await api.createUser('BUYER', company.id);
  buyer = buyerUser;
  const other = await api.createUser('BUYER', company.id);
  cruiser = await createVehicle(api, { companyId: company.id, make: 'Toyota', model: 'Land Cruiser', year: 2022, buyerId: buyerUser.id });
  patrol = await createVehicle(api, { companyId: company.id, make: 'Nissan', model: 'Patrol', year: 2024, buyerId: buyerUser.id });
  const someoneElses = await createVehicle(api, { companyId: company.id, make: 'Lexus', model: 'LX 600', year: 2023, buyerId: other.id });
  await api.send('PATCH', `/vehicles/${cruiser.id}/status`, { status: 'DISPATCHED' });
  await api.send('PATCH', `/vehicles/${patrol.id}/status`, { status: 'DISPATCHED' });
  await api.send('PATCH', `/vehicles/${cruiser.id}/status`, { status: 'IN_PROGRESS' });
  await api.send('PATCH', `/vehicles/${someoneElses.id}/status`, { status: 'DISPATCHED' });
});
afterAll(async () => {
  await browser?.close();
});

describe('the notification bell', () => {
  it('shows a buyer the unread count and the newest first, marks one read on opening it, then all (English)', async () => {
    const { context, page } = await newPage(browser, { language: 'en' });
    try {
      await signIn(page, buyer.username, buyer.password);
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe(t('en', 'notifications.bellUnread', { count: 3 }));
      await expect(page.getByTestId('notification-count').locator('.MuiBadge-badge').innerText()).resolves.toBe('3');
      await bell(page).click();
      await expect.poll(() => items(page).count()).toBe(3);
      const texts = await items(page).allInnerTexts();
      expect(texts[0]).toContain(`Your vehicle Toyota Land Cruiser is now ${t('en', 'vehicleStatus.IN_PROGRESS')}`);
      expect(texts[0]).toContain(`VIN ${cruiser.vin} · `);
      expect(texts[1]).toContain(`Your vehicle Nissan Patrol is now ${t('en', 'vehicleStatus.DISPATCHED')}`);
      expect(texts[1]).toContain(`VIN ${patrol.vin} · `);
      expect(texts[2]).toContain(`Your vehicle Toyota Land Cruiser is now ${t('en', 'vehicleStatus.DISPATCHED')}`);
      expect(texts.join('\n')).not.toContain('LX 600');
      await screenshot(page, 'notifications-bell-en');

      // Opening one marks it read and shows its vehicle.
      await items(page).nth(1).click();
      await page.waitForURL(`**/vehicles/${patrol.id}/edit`);
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe(t('en', 'notifications.bellUnread', { count: 2 }));
      await bell(page).click();
      await expect.poll(() => items(page).nth(1).getAttribute('data-read')).toBe('true');
      await page.getByRole('button', { name: t('en', 'notifications.markAllRead') }).click();
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe(t('en', 'notifications.bell'));
      await expect.poll(async () => (await items(page).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-read')))).every((read) => read === 'true')).toBe(true);
      await expect(page.getByRole('button', { name: t('en', 'notifications.markAllRead') }).isDisabled()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });

  it('says it in Arabic, right to left, with the list opening inside the page', async () => {
    await api.send('PATCH', `/vehicles/${patrol.id}/status`, { status: 'AT_WAREHOUSE' });
    await api.send('PATCH', `/vehicles/${cruiser.id}/status`, { status: 'LOADED' });
    const { context, page } = await newPage(browser, { language: 'ar' });
    try {
      await signIn(page, buyer.username, buyer.password);
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe(t('ar', 'notifications.bellUnread', { count: 2 }));
      await bell(page).click();
      await expect.poll(() => items(page).count()).toBe(5);
      const first = await items(page).first().innerText();
      expect(first).toContain('مركبتك Toyota Land Cruiser');
      expect(first).toContain(`«${t('ar', 'vehicleStatus.LOADED')}»`);
      expect(first).toContain(cruiser.vin);
      expect(await items(page).nth(1).innerText()).toContain(`«${t('ar', 'vehicleStatus.AT_WAREHOUSE')}»`);
      await expect(page.getByRole('button', { name: t('ar', 'notifications.markAllRead') }).isVisible()).resolves.toBe(true);
      await settled(page);
      // The list lies within the window, and opens from the bell toward the middle (rightward in Arabic).
      const list = (await page.getByTestId('notification-list').boundingBox())!;
      const bellBox = (await bell(page).boundingBox())!;
      expect(list.x).toBeGreaterThanOrEqual(0);
      expect(list.x + list.width).toBeLessThanOrEqual(1280);
      expect(list.x).toBeLessThanOrEqual(bellBox.x + 1);
      await screenshot(page, 'notifications-bell-ar');
    } finally {
      await context.close();
    }
  });

  for (const language of ['ar', 'en'] as const) {
    it(`fits a phone: the bell in the header and the list within the screen (${language === 'en' ? 'English' : 'Arabic'})`, async () => {
      const { context, page } = await newPage(browser, { language, width: 390, height: 844 });
      try {
        await signIn(page, buyer.username, buyer.password);
        await bell(page).waitFor();
        // In the header, within the screen.
        const bellBox = (await bell(page).boundingBox())!;
        expect(bellBox.y).toBeLessThan(64);
        expect(bellBox.x).toBeGreaterThanOrEqual(0);
        expect(bellBox.x + bellBox.width).toBeLessThanOrEqual(390);
        await bell(page).click();
        await expect.poll(() => items(page).count()).toBe(5);
        expect(await items(page).first().innerText()).toContain(language === 'ar' ? 'مركبتك Toyota Land Cruiser' : 'Your vehicle Toyota Land Cruiser');
        await expect(page.getByRole('button', { name: t(language, 'notifications.markAllRead') }).isVisible()).resolves.toBe(true);
        await settled(page);
        const list = (await page.getByTestId('notification-list').boundingBox())!;
        expect(list.x).toBeGreaterThanOrEqual(0);
        expect(list.x + list.width).toBeLessThanOrEqual(390);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        await screenshot(page, `notifications-bell-${language}-phone`);
      } finally {
        await context.close();
      }
    });
  }

  it('tells a super admin of a registration waiting for approval, and opens the users', async () => {
    const username = uniqueEmail('newcomer');
    const res = await fetch(`${baseUrl()}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password: 'a long enough password' }),
    });
    expect(res.status).toBe(201);
    const { context, page } = await newPage(browser, { language: 'en' });
    try {
      await signIn(page, admin().username, admin().password);
      await bell(page).click();
      const item = items(page).filter({ hasText: username });
      await expect.poll(() => item.innerText()).toContain(`${username} registered and waits for approval`);
      await item.click();
      await page.waitForURL('**/users');
    } finally {
      await context.close();
    }
  });
});
