import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { ApiClient, createVehicle, launchBrowser, newPage, screenshot, signIn, uniqueCode } from './support';

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
