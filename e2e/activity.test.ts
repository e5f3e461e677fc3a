import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { ApiClient, admin, createContainer, createVehicle, launchBrowser, menuEntries, newPage, screenshot, signIn, signInWithSession } from './support';

/**
 * The record of events in the console: the Activity page (/audit-log) for the administrators, its
 * filters, and the change history on the vehicle and container pages. English and Arabic, on a
 * phone too.
 */
type Language = 'en' | 'ar';
type Tree = { [key: string]: string | Tree };
const catalogues = { en: en as unknown as Tree, ar: ar as unknown as Tree };
const t = (language: Language, key: string) => key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], catalogues[language]) as string;
const PHONE = { width: 390, height: 844 };
/** How far the page is wider than the screen (sideways scrolling). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

let browser: Browser;
let api: ApiClient;
type User = { id: number; username: string; password: string };
let companyAdmin: User;
let shipper: User;
let otherAdmin: User;
let vehicle: Record<string, any>;
let container: Record<string, any>;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  const company = await api.createCompany('Activity Motors');
  const other = await api.createCompany('Elsewhere Cars');
  companyAdmin = await api.createUser('COMPANY_ADMIN', company.id);
  shipper = await api.createUser('SHIPPER', company.id);
  otherAdmin = await api.createUser('COMPANY_ADMIN', other.id);
  // Changes made by the shipper, which its company's admin then reads.
  const asShipper = await ApiClient.signIn(shipper.username, shipper.password);
  container = await createContainer(asShipper, {});
  vehicle = await createVehicle(asShipper, { make: 'Toyota', model: 'Camry' });
  await asShipper.send('PATCH', `/vehicles/${vehicle.id}`, { model: 'Corolla', containerId: container.id });
  await asShipper.send('PATCH', `/vehicles/${vehicle.id}/status`, { status: 'DISPATCHED' });
  await asShipper.send('PATCH', `/containers/${container.id}`, { sealNumber: 'SEAL-42' });
  // Another company's change, which this company's admin must not see.
  const asOther = await ApiClient.signIn(otherAdmin.username, otherAdmin.password);
  await createContainer(asOther, { sealNumber: 'OTHER-SEAL' });
});
afterAll(async () => {
  await browser?.close();
});

/** One changed field of an event, as shown: its label, from and to. */
async function shownChange(scope: Locator, field: string) {
  const line = scope.getByTestId(`change-${field}`).first();
  return { text: await line.innerText(), from: await line.getByTestId('change-from').innerText(), to: await line.getByTestId('change-to').innerText() };
}

describe('the Activity page', () => {
  it('lists every change for the super admin, newest first, and filters by record type and action (English)', async () => {
    const { context, page } = await newPage(browser);
    try {
      const { username, password } = admin();
      await signIn(page, username, password);
      expect(await menuEntries(page)).toContain('Activity');
      await page.getByTestId('main-menu').getByRole('menuitem', { name: 'Activity' }).click();
      await page.waitForURL((url) => url.pathname === '/audit-log');
      const table = page.getByTestId('activity-table');
      await table.getByRole('row').filter({ hasText: 'OTHER-SEAL' }).first().waitFor();
      expect(await page.getByTestId('main-menu').locator('[aria-current=page]').innerText()).toBe('Activity');

      // Vehicles only, changes only: the model's change, from and to, by the shipper.
      await page.goto(`/audit-log?filter=${encodeURIComponent(JSON.stringify({ entity: 'vehicles', action: 'update' }))}`);
      const modelRow = table.getByRole('row').filter({ hasText: 'Corolla' });
      await modelRow.waitFor();
      expect(await shownChange(modelRow, 'model')).toEqual({ text: expect.stringMatching(/^Model:/), from: 'Camry', to: 'Corolla' });
      expect(await modelRow.innerText()).toContain(shipper.username);
      expect(await modelRow.innerText()).toContain('Shipper');
      const actions = await table.getByTestId('event-action').allInnerTexts();
      expect(actions.length).toBeGreaterThan(0);
      expect(new Set(actions)).toEqual(new Set(['Changed']));
      await screenshot(page, 'activity-en');
    } finally {
      await context.close();
    }
  });

  it('shows a company admin its own company\u2019s events only, right to left in Arabic', async () => {
    const { context, page } = await newPage(browser, { language: 'ar' });
    try {
      await signIn(page, companyAdmin.username, companyAdmin.password);
      expect(await menuEntries(page)).toContain('النشاط');
      await page.goto('/audit-log');
      const table = page.getByTestId('activity-table');
      await table.getByRole('row').filter({ hasText: 'SEAL-42' }).first().waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      expect(await table.innerText()).not.toContain('OTHER-SEAL');
      expect(await table.innerText()).toContain('تعديل');
      expect(await page.getByTestId('main-menu').locator('[aria-current=page]').innerText()).toBe('النشاط');
      await screenshot(page, 'activity-ar');
    } finally {
      await context.close();
    }
  });

  it('is not in a shipper\u2019s menu, and its address says so', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, shipper.username, shipper.password);
      expect(await menuEntries(page)).not.toContain('Activity');
      await page.goto('/audit-log');
      await page.getByText('You are not authorized to access this page').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('the history panels', () => {
  it('shows a vehicle\u2019s and a container\u2019s changes on their pages (English and Arabic)', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInWithSession(page, companyAdmin.username, companyAdmin.password);
      await page.goto(`/vehicles/${vehicle.id}/edit`);
      const panel = page.getByTestId('history-panel');
      await panel.getByTestId('history-events').waitFor();
      const text = await panel.innerText();
      expect(await shownChange(panel, 'status')).toMatchObject({ from: 'New Purchase', to: 'Dispatched' });
      expect(await shownChange(panel, 'model')).toMatchObject({ from: 'Camry', to: 'Corolla' });
      expect(await shownChange(panel, 'containerId')).toMatchObject({ from: '—', to: `#${container.id}` });
      expect(text).toContain('Created');
      // The status timeline beside it tells the same change.
      expect(await page.getByTestId('status-history').locator('li').count()).toBe(2);
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, 'activity-vehicle-history-en');

      await page.goto(`/containers/${container.id}`);
      const containerPanel = page.getByTestId('history-panel');
      await containerPanel.getByTestId('history-events').waitFor();
      expect(await shownChange(containerPanel, 'sealNumber')).toEqual({ text: expect.stringMatching(/^Seal number:/), from: '—', to: 'SEAL-42' });
    } finally {
      await context.close();
    }

    const arabic = await newPage(browser, { language: 'ar' });
    try {
      await signInWithSession(arabic.page, companyAdmin.username, companyAdmin.password);
      await arabic.page.goto(`/containers/${container.id}`);
      const panel = arabic.page.getByTestId('history-panel');
      await panel.getByTestId('history-events').waitFor();
      expect(await panel.innerText()).toContain('سجل التغييرات');
      await screenshot(arabic.page, 'activity-container-history-ar');
    } finally {
      await arabic.context.close();
    }
  });

  it('is not shown to a shipper, who may not read the record of events', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInWithSession(page, shipper.username, shipper.password);
      await page.goto(`/vehicles/${vehicle.id}/edit`);
      await page.getByTestId('status-history').waitFor();
      expect(await page.getByTestId('history-panel').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('on a phone', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`shows the Activity page as cards and the vehicle\u2019s history within 390 px (${language === 'en' ? 'English' : 'Arabic'})`, async () => {
      const { context, page } = await newPage(browser, { language, ...PHONE });
      try {
        await signInWithSession(page, companyAdmin.username, companyAdmin.password);
        await page.goto(`/audit-log?filter=${encodeURIComponent(JSON.stringify({ entity: 'vehicles', action: 'update' }))}`);
        const cards = page.locator('[data-testid="activity-table"][data-layout="cards"]');
        const card = cards.getByTestId('record-card').filter({ hasText: 'Corolla' });
        await card.waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
        expect(await page.locator('table').count()).toBe(0);
        expect(await card.getByTestId('event-action').innerText()).toBe(t(language, 'activity.actions.update'));
        expect(await shownChange(card, 'model')).toMatchObject({ from: 'Camry', to: 'Corolla' });
        expect(await card.innerText()).toContain(shipper.username);
        expect(await card.innerText()).toContain(t(language, 'roles.SHIPPER'));
        expect(await cards.innerText()).not.toContain('OTHER-SEAL');
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `activity-phone-${language}`);

        await page.goto(`/vehicles/${vehicle.id}/edit`);
        const panel = page.getByTestId('history-panel');
        await panel.getByTestId('history-events').waitFor();
        expect(await shownChange(panel, 'status')).toMatchObject({ from: t(language, 'vehicleStatus.NEW_PURCHASE'), to: t(language, 'vehicleStatus.DISPATCHED') });
        expect(await panel.innerText()).toContain(t(language, 'activity.history'));
        // The status timeline beside it: the same change, its arrow an icon (a font without the glyph showed a box).
        const change = page.getByTestId('status-history').locator('li').nth(1);
        expect(await change.getByRole('img', { name: t(language, 'activity.changedTo') }).count()).toBe(1);
        expect(await change.innerText()).not.toMatch(/[\u2190\u2192]/);
        expect(await change.innerText()).toContain(t(language, 'vehicleStatus.DISPATCHED'));
        await panel.scrollIntoViewIfNeeded();
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `activity-vehicle-history-phone-${language}`);
      } finally {
        await context.close();
      }
    });
  }
});
