import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ApiClient, createContainer, createVehicle, launchBrowser, newPage, screenshot, signIn, uniqueCode } from './support';
import { weakTexts } from './contrast';
import { pdfPageCount, pdfPagePng } from '../test/support/pdf';

/**
 * The theme preference (issue 33): light, dark or system, chosen in the account menu, shown at
 * once, stored on the account (so a reload and another browser keep it), and "system" follows the
 * operating system's colour scheme. In English and Arabic, with screenshots of the dark pages.
 */
let browser: Browser;
let api: ApiClient;

const MESSAGES = { en, ar };
// The page's background (layout/theme.ts): light '#f5f6f8', dark '#121417'.
const LIGHT_PAGE = 'rgb(245, 246, 248)';
const DARK_PAGE = 'rgb(18, 20, 23)';
const WHITE = 'rgb(255, 255, 255)';
/** The key this browser keeps its copy of the theme preference under (providers/themePreference.ts). */
const THEME_KEY = 'vehicle-export.theme';
const PRINT_DIR = path.resolve('test-results/print');

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
});
afterAll(async () => {
  await browser?.close();
});

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Waits until the page's background is the one expected (the theme changes without a reload). */
async function expectBackground(page: Page, color: string) {
  await expect.poll(() => pageBackground(page)).toBe(color);
}

/** Opens the account menu and picks a theme by its name in the page's language. */
async function chooseTheme(page: Page, name: string) {
  await page.getByTestId('account-menu-button').click();
  const menu = page.getByTestId('account-menu').getByRole('menu');
  await menu.getByRole('menuitemradio', { name }).click();
  await menu.waitFor({ state: 'hidden' });
}

for (const language of ['en', 'ar'] as const) {
  describe(`the theme preference (${language})`, () => {
    const t = MESSAGES[language];
    let user: { id: number; username: string; password: string };
    let vin: string;

    beforeAll(async () => {
      const company = await api.createCompany(`Night Shift Motors ${language}`, uniqueCode('NS'));
      user = await api.createUser('COMPANY_ADMIN', company.id);
      vin = (await createVehicle(api, { companyId: company.id, model: `Nocturne ${language}` })).vin;
    });

    it('picks Dark in the account menu: dark at once, kept on the account across a reload and in another browser', async () => {
      const { context, page } = await newPage(browser, { language, width: 1440, height: 900 });
      try {
        await page.emulateMedia({ colorScheme: 'light' });
        await signIn(page, user.username, user.password);
        await page.getByTestId('dashboard').waitFor();
        expect(await page.evaluate(() => document.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
        await expectBackground(page, LIGHT_PAGE);

        // The menu offers the three, system checked (nothing chosen yet).
        await page.getByTestId('account-menu-button').click();
        const menu = page.getByTestId('account-menu').getByRole('menu');
        await menu.waitFor();
        expect(await menu.innerText()).toContain(t.account.theme);
        const names = [t.theme.names.light, t.theme.names.dark, t.theme.names.system];
        for (const name of names) await menu.getByRole('menuitemradio', { name }).waitFor();
        expect(await menu.getByRole('menuitemradio', { name: t.theme.names.system }).getAttribute('aria-checked')).toBe('true');
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden' });

        await chooseTheme(page, t.theme.names.dark);
        await expectBackground(page, DARK_PAGE);
        // The header and the cards are dark too, with light text.
        const card = page.getByTestId('dashboard').locator('.MuiCard-root').first();
        expect(await card.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
        await expect.poll(async () => (await (await ApiClient.signIn(user.username, user.password)).send('GET', '/user')).theme).toBe('dark');
        await screenshot(page, `${language}-theme-dark-dashboard`);

        await page.reload();
        await page.getByTestId('dashboard').waitFor();
        await expectBackground(page, DARK_PAGE);
        await page.getByTestId('account-menu-button').click();
        expect(await menu.getByRole('menuitemradio', { name: t.theme.names.dark }).getAttribute('aria-checked')).toBe('true');
        await page.keyboard.press('Escape');

        // The vehicle list and a dialog, dark.
        await page.goto('/vehicles');
        await page.getByTestId('vehicles-table').getByText(vin).waitFor();
        await expectBackground(page, DARK_PAGE);
        await screenshot(page, `${language}-theme-dark-vehicles`);
        await page.getByTestId('add-vehicle').first().click();
        const dialog = page.getByTestId('vehicle-dialog');
        await dialog.waitFor();
        const paper = dialog.getByRole('dialog');
        expect(await paper.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
        await screenshot(page, `${language}-theme-dark-dialog`);
      } finally {
        await context.close();
      }

      // Another browser, whose own copy says nothing: the account's choice applies at sign-in.
      const other = await newPage(browser, { language, width: 1440, height: 900 });
      try {
        await other.page.emulateMedia({ colorScheme: 'light' });
        await signIn(other.page, user.username, user.password);
        await other.page.getByTestId('dashboard').waitFor();
        await expectBackground(other.page, DARK_PAGE);
      } finally {
        await other.context.close();
      }
    });

    it("'system' follows the operating system's colour scheme as it changes, and Light stays light", async () => {
      const { context, page } = await newPage(browser, { language, width: 390, height: 844 });
      try {
        await page.emulateMedia({ colorScheme: 'light' });
        await signIn(page, user.username, user.password);
        await page.getByTestId('dashboard').waitFor();
        await chooseTheme(page, t.theme.names.system);
        await expectBackground(page, LIGHT_PAGE);
        await page.emulateMedia({ colorScheme: 'dark' });
        await expectBackground(page, DARK_PAGE);
        await screenshot(page, `${language}-theme-system-dark-390`);
        await page.emulateMedia({ colorScheme: 'light' });
        await expectBackground(page, LIGHT_PAGE);

        await page.emulateMedia({ colorScheme: 'dark' });
        await chooseTheme(page, t.theme.names.light);
        await expectBackground(page, LIGHT_PAGE);
        await page.reload();
        await page.getByTestId('dashboard').waitFor();
        await expectBackground(page, LIGHT_PAGE);
        await expect.poll(async () => (await (await ApiClient.signIn(user.username, user.password)).send('GET', '/user')).theme).toBe('light');
      } finally {
        await context.close();
      }
    });
  });
}

/**
 * The pages outside the console's layout in dark mode (issue 33): the sign-in page and the public
 * tracking page follow this browser's stored choice, else the operating system's; the print
 * sheets are paper, light whatever the theme. Every visible text is measured against what is drawn
 * behind it (e2e/contrast.ts): 4.5:1 or more, in both languages.
 */
for (const language of ['en', 'ar'] as const) {
  describe(`dark mode outside the console (${language})`, () => {
    let user: { username: string; password: string };
    let vehicle: Record<string, any>;
    let container: Record<string, any>;
    let trackingPath: string;

    beforeAll(async () => {
      const mark = uniqueCode('Dusk');
      const company = await api.createCompany(`${mark} Motors`);
      user = await api.createUser('COMPANY_ADMIN', company.id);
      // The account's own choice is dark.
      await (await ApiClient.signIn(user.username, user.password)).send('PATCH', '/user', { theme: 'dark' });
      const from = await api.send('POST', '/ports', { name: `${mark} Busan`, nameAr: 'بوسان', country: 'KR' });
      const to = await api.send('POST', '/ports', { name: `${mark} Jebel Ali`, nameAr: 'جبل علي', country: 'AE' });
      const shipper = await api.createUser('SHIPPER', company.id);
      container = await createContainer(api, { companyId: company.id, shipperId: shipper.id, containerSize: '40HC', shippingLine: `${mark} Line`, fromPortId: from.id, toPortId: to.id });
      vehicle = await createVehicle(api, { companyId: company.id, make: 'Toyota', model: `Dusk ${language}`, year: 2021, containerId: container.id, vehicleInfo: { color: 'Silver' } });
      await api.send('PATCH', `/vehicles/${vehicle.id}/status`, { status: 'AT_WAREHOUSE' });
      const link = await api.send<{ url: string }>('POST', `/vehicles/${vehicle.id}/tracking-links`, { expiresInDays: 7 });
      trackingPath = new URL(link.url).pathname;
    });

    /** Nothing under `selector` reads below 4.5:1, and there was text to measure. */
    async function expectReadable(page: Page, selector: string, what: string) {
      const { count, weak, lowest } = await weakTexts(page, selector);
      expect(count, `${what}: texts measured`).toBeGreaterThan(5);
      expect(weak, `${what}: texts below 4.5:1 (lowest ${JSON.stringify(lowest)})`).toEqual([]);
    }

    for (const width of [1440, 390]) {
      it(`the sign-in page is dark and readable, by the system's scheme and by this browser's stored choice (${width} px)`, async () => {
        const { context, page } = await newPage(browser, { language, width, height: width === 390 ? 844 : 900 });
        try {
          await page.emulateMedia({ colorScheme: 'dark' });
          await page.goto('/auth');
          await page.getByTestId('login-form').waitFor();
          await expectBackground(page, DARK_PAGE);
          await expectReadable(page, '[data-testid=auth-page]', 'sign-in, system dark');
          await screenshot(page, `${language}-theme-dark-sign-in-${width}`);
        } finally {
          await context.close();
        }

        const stored = await newPage(browser, { language, width, height: width === 390 ? 844 : 900 });
        try {
          await stored.context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [THEME_KEY, 'dark']);
          await stored.page.emulateMedia({ colorScheme: 'light' });
          await stored.page.goto('/auth?tab=register');
          await stored.page.getByTestId('auth-page').getByRole('tab', { selected: true }).waitFor();
          await expectBackground(stored.page, DARK_PAGE);
          await expectReadable(stored.page, '[data-testid=auth-page]', 'registration, stored dark');
          await screenshot(stored.page, `${language}-theme-dark-register-${width}`);
        } finally {
          await stored.context.close();
        }
      });

      it(`the tracking page follows the system's dark scheme, readable (${width} px)`, async () => {
        const { context, page } = await newPage(browser, { language, width, height: width === 390 ? 844 : 900 });
        try {
          await page.emulateMedia({ colorScheme: 'dark' });
          await page.goto(trackingPath);
          await page.getByTestId('tracking-summary').waitFor();
          await page.getByTestId('tracking-history-section').waitFor();
          await expectReadable(page, '[data-testid=tracking-page]', 'tracking page, dark');
          const main = page.getByTestId('tracking-page');
          await expect.poll(() => main.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(DARK_PAGE);
          await screenshot(page, `${language}-theme-dark-tracking-${width}`);
          // And light again when the system is: no user, no choice of its own.
          await page.emulateMedia({ colorScheme: 'light' });
          await expect.poll(() => main.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(LIGHT_PAGE);
          await expectReadable(page, '[data-testid=tracking-page]', 'tracking page, light');
        } finally {
          await context.close();
        }
      });
    }

    it('prints the vehicle and container sheets light on white paper while the console is dark', async () => {
      mkdirSync(PRINT_DIR, { recursive: true });
      const { context, page } = await newPage(browser, { language, width: 1440, height: 900 });
      try {
        await page.emulateMedia({ colorScheme: 'dark' });
        await signIn(page, user.username, user.password);
        for (const [pathName, pageId, sheetId] of [
          [`/vehicles/${vehicle.id}/edit`, 'vehicle-edit', 'vehicle-print-sheet'],
          [`/containers/${container.id}`, 'container-show', 'container-print-sheet'],
        ] as const) {
          await page.emulateMedia({ media: 'screen' });
          await page.goto(pathName);
          await page.getByTestId(pageId).waitFor();
          await expectBackground(page, DARK_PAGE);
          await screenshot(page, `${language}-theme-dark-${sheetId}-page`);

          await page.emulateMedia({ media: 'print' });
          const sheet = page.getByTestId(sheetId);
          await sheet.waitFor({ state: 'visible' });
          await expectBackground(page, WHITE);
          expect(await sheet.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(WHITE);
          await expectReadable(page, `[data-testid=${sheetId}]`, `${sheetId}, printed from dark`);
          await screenshot(page, `${language}-theme-dark-${sheetId}`);
          const pdf = await page.pdf({ format: 'A4' });
          writeFileSync(path.join(PRINT_DIR, `${language}-theme-dark-${sheetId}.png`), await pdfPagePng(pdf, { dpi: 60 }));
          expect(await pdfPageCount(pdf)).toBe(1);
        }
      } finally {
        await context.close();
      }
    });
  });
}
