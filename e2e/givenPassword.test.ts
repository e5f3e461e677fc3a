import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { ApiClient, admin, launchBrowser, newPage, screenshot, searchAndPick, signIn, signInWithSession, takeToast, uniqueCode, uniqueEmail } from './support';

/**
 * A user an administrator makes is asked, at the first sign-in, to replace the password the
 * administrator gave, and the screen says an administrator gave it (issue 33); once replaced, the
 * console opens as usual. English and Arabic, on a wide screen and a phone.
 */
let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
});
afterAll(async () => {
  await browser?.close();
});

describe('a password given by an administrator', () => {
  for (const [language, t] of [['en', en], ['ar', ar]] as const) {
    for (const width of [1440, 390]) {
      it(`is replaced at the new user's first sign-in, the screen saying who gave it (${language}, ${width} px)`, async () => {
        const mark = uniqueCode('Given');
        const company = await api.createCompany(`${mark} Trading`);
        const username = uniqueEmail(`given-${language}-${width}`);
        const given = 'the-administrators-choice-1';
        const own = 'the-users-own-choice-22';

        // The super admin adds the user; the dialog and the toast say the user will choose their own.
        const adminSession = await newPage(browser, { language, width, height: width === 390 ? 844 : 900 });
        try {
          const page = adminSession.page;
          await signInWithSession(page, admin().username, admin().password);
          await page.goto('/users');
          await page.getByTestId('add-user').first().click();
          const dialog = page.getByTestId('user-dialog');
          await dialog.waitFor();
          expect(await dialog.innerText()).toContain(t.users.givenPasswordHint);
          await dialog.locator('input[name=username]').fill(username);
          await dialog.locator('input[name=password]').fill(given);
          await searchAndPick(dialog.getByRole('combobox', { name: new RegExp(t.resources.users.fields.companyId) }), mark, new RegExp(mark));
          await screenshot(page, `${language}-given-password-add-user-${width}`);
          await dialog.getByRole('button', { name: t.common.add }).click();
          await dialog.waitFor({ state: 'hidden' });
          expect(await takeToast(page)).toContain(t.users.created);
        } finally {
          await adminSession.context.close();
        }

        // The new user signs in with it: only the change screen opens, naming the administrator.
        const { context, page } = await newPage(browser, { language, width, height: width === 390 ? 844 : 900 });
        try {
          await signIn(page, username, given);
          await page.waitForURL('**/change-password');
          const forced = page.getByTestId('forced-password-change');
          await forced.waitFor();
          expect(await page.evaluate(() => document.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
          expect(await forced.getByTestId('forced-password-reason').innerText()).toBe(t.password.forcedText);
          expect(await page.getByTestId('main-menu').count()).toBe(0);
          // Nothing wider than the screen.
          expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
          await screenshot(page, `${language}-given-password-forced-${width}`);
          await page.goto('/vehicles');
          await page.waitForURL('**/change-password');

          const form = page.getByTestId('change-password-form');
          await form.locator('input[name=currentPassword]').fill(given);
          await form.locator('input[name=newPassword]').fill(own);
          await form.locator('input[name=confirm]').fill(own);
          await page.getByTestId('change-password-submit').click();
          expect(await takeToast(page)).toContain(t.password.changed);
          await page.getByTestId('dashboard').waitFor();
          expect(new URL(page.url()).pathname).toBe('/');
          await screenshot(page, `${language}-given-password-after-${width}`);
        } finally {
          await context.close();
        }

        // Replaced for good: the next sign-in opens the console, and the list no longer flags the user.
        const asUser = await ApiClient.signIn(username, own);
        expect(await asUser.send('GET', '/user')).toMatchObject({ mustChangePassword: false });
        const [listed] = await api.send<{ mustChangePassword: boolean }[]>('GET', `/users?filter=${encodeURIComponent(JSON.stringify({ q: username }))}`);
        expect(listed.mustChangePassword).toBe(false);
      });
    }
  }
});
