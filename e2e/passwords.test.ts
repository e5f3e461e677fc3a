import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiClient, LANGUAGE_KEY, admin, createVehicle, launchBrowser, menuEntries, newPage, openListRow, screenshot, signIn, takeToast } from './support';

let browser: Browser;
let api: ApiClient;
let company: { id: number; name: string };
let vin: string;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  company = await api.createCompany('Password Motors');
  // A vehicle of the company, so that the shippers' /vehicles shows a row once they may see it.
  vin = (await createVehicle(api, { companyId: company.id })).vin;
});
afterAll(async () => {
  await browser?.close();
});

const documentDirection = (page: Page) => page.evaluate(() => document.dir);

/** The helper text (error or hint) under a field of the change-password form. */
const helperOf = (page: Page, name: string) =>
  page.locator(`[data-testid=change-password-form] .MuiFormControl-root:has(input[name=${name}]) .MuiFormHelperText-root`);

/** The account menu's list (the side navigation is a menu too). */
const accountMenu = (page: Page) => page.getByTestId('account-menu').getByRole('menu');

/** Opens the account menu from the header and answers the menu. */
async function openAccountMenu(page: Page) {
  await page.getByTestId('account-menu-button').click();
  const menu = accountMenu(page);
  await menu.waitFor();
  return menu;
}

/** Fills and sends the change-password form. */
async function changePassword(page: Page, current: string, next: string, confirm = next) {
  const form = page.getByTestId('change-password-form');
  await form.locator('input[name=currentPassword]').fill(current);
  await form.locator('input[name=newPassword]').fill(next);
  await form.locator('input[name=confirm]').fill(confirm);
  await page.getByTestId('change-password-submit').click();
}

/** Signs in through the form and expects it to fail. */
async function signInFails(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.locator('[data-testid=login-form] input[name=username]').fill(username);
  await page.locator('[data-testid=login-form] input[name=password]').fill(password);
  await page.getByTestId('login-submit').click();
  const toast = await takeToast(page);
  expect(new URL(page.url()).pathname).toBe('/auth');
  return toast;
}

/** The menu opened from the header stays on screen (it opens toward the middle of the page). */
async function expectOnScreen(page: Page, menu: ReturnType<Page['getByRole']>) {
  const box = (await menu.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

describe('changing one’s own password', () => {
  it('from the account menu in English: still signed in, back on the page, the old password refused', async () => {
    const shipper = await api.createUser('SHIPPER', company.id);
    const newPassword = 'my-own-new-password-1';
    // Another session of the same user, which the change ends.
    const otherSession = await ApiClient.signIn(shipper.username, shipper.password);

    const { context, page } = await newPage(browser);
    await signIn(page, shipper.username, shipper.password);
    await page.goto('/vehicles');
    await page.getByTestId('vehicles-table').waitFor();

    // The header shows who is signed in; the menu opens from the keyboard too.
    const button = page.getByTestId('account-menu-button');
    expect(await button.innerText()).toContain(shipper.username);
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = accountMenu(page);
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Change password']);
    expect((await menu.getByRole('menuitemradio').allInnerTexts()).map((t) => t.trim())).toEqual(['English', 'العربية', 'Light', 'Dark', 'Same as the system']);
    expect(await menu.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
    expect(await menu.innerText()).toContain('Signed in as');
    // The user's own company, read by its companyId (SPEC.md §7), although a shipper may not list companies.
    expect(await menu.getByTestId('account-company').innerText()).toBe(`Company: ${company.name}`);
    // The install's version, from package.json, for support.
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(await menu.getByTestId('account-version').innerText()).toBe(`Version ${version}`);
    await expectOnScreen(page, menu);
    await screenshot(page, 'en-account-menu');
    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    // Enter opens it with the focus on its first item; Enter on that opens the screen.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Change password' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/change-password');
    await page.getByTestId('change-password-page').getByRole('heading', { name: 'Change password' }).waitFor();
    expect(await helperOf(page, 'newPassword').innerText()).toBe('At least 12 characters, not your username');
    // The logout button stays where the spec puts it.
    await page.getByTestId('logout-button').waitFor();
    await screenshot(page, 'en-change-password');

    await changePassword(page, shipper.password, newPassword);
    expect(await takeToast(page)).toContain('Your password has been changed');
    await page.waitForURL('**/vehicles');
    await page.getByTestId('vehicles-table').getByText(vin).waitFor();

    // This session goes on; the other one ended.
    await page.reload();
    await page.getByTestId('vehicles-table').getByText(vin).waitFor();
    await expect(otherSession.send('GET', '/user')).rejects.toThrow(/401/);

    await page.getByTestId('logout-button').click();
    await page.waitForURL('**/auth');
    expect(await signInFails(page, shipper.username, shipper.password)).toContain('Invalid username or password');
    await signIn(page, shipper.username, newPassword);
    expect(await menuEntries(page)).toContain('Vehicles');
    await context.close();
  });

  it('in Arabic, right to left, with Arabic texts', async () => {
    const buyer = await api.createUser('BUYER', company.id);
    const newPassword = 'كلمة-مرور-جديدة-2026';
    const { context, page } = await newPage(browser, { language: 'ar' });
    await signIn(page, buyer.username, buyer.password);
    await page.getByTestId('dashboard').waitFor();
    expect(await documentDirection(page)).toBe('rtl');

    const menu = await openAccountMenu(page);
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['تغيير كلمة المرور']);
    expect(await menu.innerText()).toContain('مسجّل الدخول باسم');
    expect(await menu.innerText()).toContain('اللغة');
    expect(await menu.getByRole('menuitemradio', { name: 'العربية' }).getAttribute('aria-checked')).toBe('true');
    await expectOnScreen(page, menu);
    // Mirrored: the menu button is in the left half of the header, left of the page title.
    const buttonBox = (await page.getByTestId('account-menu-button').boundingBox())!;
    expect(buttonBox.x).toBeLessThan(page.viewportSize()!.width / 2);
    await screenshot(page, 'ar-account-menu');
    await menu.getByRole('menuitem', { name: 'تغيير كلمة المرور' }).click();
    await page.waitForURL('**/change-password');

    const screen = page.getByTestId('change-password-page');
    await screen.getByRole('heading', { name: 'تغيير كلمة المرور' }).waitFor();
    const labels = await screen.locator('label').allInnerTexts();
    expect(labels.map((label) => label.replace(/\s*\*$/, '').trim())).toEqual(['كلمة المرور الحالية', 'كلمة المرور الجديدة', 'تأكيد كلمة المرور الجديدة']);
    expect(await screen.innerText()).not.toMatch(/[A-Za-z]{3,}/);
    // The fields are right to left: the show/hide button at their left end.
    const field = (await screen.locator('input[name=newPassword]').boundingBox())!;
    const toggle = (await screen.locator('.MuiFormControl-root:has(input[name=newPassword]) button').boundingBox())!;
    expect(toggle.x).toBeLessThan(field.x);

    // The form's own checks, in Arabic.
    await changePassword(page, buyer.password, 'قصيرة', 'أخرى');
    expect(await helperOf(page, 'newPassword').innerText()).toBe('12 حرفًا على الأقل');
    expect(await helperOf(page, 'confirm').innerText()).toBe('كلمتا المرور غير متطابقتين');
    await screenshot(page, 'ar-change-password-errors');

    await changePassword(page, buyer.password, newPassword);
    expect(await takeToast(page)).toContain('تم تغيير كلمة المرور');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('dashboard').waitFor();
    expect(await documentDirection(page)).toBe('rtl');

    await page.getByTestId('logout-button').click();
    await page.waitForURL('**/auth');
    expect(await signInFails(page, buyer.username, buyer.password)).toContain('اسم المستخدم أو كلمة المرور غير صحيحة');
    await signIn(page, buyer.username, newPassword);
    await page.getByTestId('dashboard').waitFor();
    await context.close();
  });

  for (const language of ['en', 'ar'] as const) {
    it(`shows a wrong current password on its field, translated (${language})`, async () => {
      const shipper = await api.createUser('SHIPPER', company.id);
      const { context, page } = await newPage(browser, { language });
      await signIn(page, shipper.username, shipper.password);
      await page.goto('/change-password');
      await page.getByTestId('change-password-form').waitFor();

      // Checked before sending: the username is not a password.
      await changePassword(page, shipper.password, shipper.username);
      expect(await helperOf(page, 'newPassword').innerText()).toBe(
        language === 'en' ? 'The password must not be the username' : 'يجب ألا تكون كلمة المرور هي اسم المستخدم',
      );

      await changePassword(page, 'not-my-current-password', 'a-brand-new-password-3');
      const wrong = language === 'en' ? 'The current password is not correct' : 'كلمة المرور الحالية غير صحيحة';
      await helperOf(page, 'currentPassword').getByText(wrong).waitFor();
      const toast = await takeToast(page);
      expect(toast).toContain(language === 'en' ? 'The password could not be changed' : 'تعذر تغيير كلمة المرور');
      expect(toast).toContain(wrong);
      expect(new URL(page.url()).pathname).toBe('/change-password');
      await screenshot(page, `${language}-change-password-wrong-current`);

      // Nothing changed: the password still signs in.
      await ApiClient.signIn(shipper.username, shipper.password);
      await context.close();
    });
  }
});

describe("an administrator's reset", () => {
  it('makes the shipper change the password at sign-in before anything else opens', async () => {
    const shipper = await api.createUser('SHIPPER', company.id);
    const temporary = 'temporary-password-77';
    const chosen = 'shippers-own-password-88';
    const shipperBefore = await newPage(browser);
    await signIn(shipperBefore.page, shipper.username, shipper.password);

    const { context, page } = await newPage(browser);
    await signIn(page, admin().username, admin().password);
    const row = await openListRow(page, 'users', shipper.username);
    // A super admin's own row offers no reset (its own password is changed from the account menu).
    expect(await (await openListRow(page, 'users', admin().username)).getByTestId('reset-password').count()).toBe(0);
    await openListRow(page, 'users', shipper.username);
    await row.getByRole('button', { name: `Reset the password of ${shipper.username}` }).click();
    const dialog = page.getByTestId('reset-password-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(`Reset the password of ${shipper.username}`);
    expect(await dialog.getByTestId('reset-password-intro').innerText()).toContain('will have to choose a new password of their own at their next sign-in');
    await dialog.locator('input[name=newPassword]').fill(temporary);
    await dialog.locator('input[name=confirm]').fill('something-else-entirely');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await dialog.getByText('The passwords do not match').waitFor();
    expect(await takeToast(page)).toContain('The form is not valid');
    await dialog.locator('input[name=confirm]').fill(temporary);
    await screenshot(page, 'en-users-reset-password-dialog');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await takeToast(page)).toContain('Password reset. The user must change it at the next sign-in.');
    await row.getByRole('img', { name: 'Must change password' }).waitFor();

    // The shipper's open session ended with the reset.
    await shipperBefore.page.goto('/vehicles');
    await shipperBefore.page.waitForURL('**/auth');
    await shipperBefore.context.close();

    // Signing in with the temporary password leads to the change screen, and only there.
    const shipperSession = await newPage(browser);
    const shipperPage = shipperSession.page;
    await signIn(shipperPage, shipper.username, temporary);
    await shipperPage.waitForURL('**/change-password');
    const forced = shipperPage.getByTestId('forced-password-change');
    await forced.waitFor();
    expect(await forced.getByTestId('forced-password-reason').innerText()).toContain('The password you signed in with was given to you by an administrator');
    expect(await shipperPage.getByTestId('main-menu').count()).toBe(0);
    await screenshot(shipperPage, 'en-forced-password-change');
    await shipperPage.goto('/vehicles');
    await shipperPage.waitForURL('**/change-password');
    await forced.waitFor();
    const refused = await shipperPage.request.get('/api/vehicles');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('auth.mustChangePassword');

    await changePassword(shipperPage, temporary, chosen);
    expect(await takeToast(shipperPage)).toContain('Your password has been changed');
    await shipperPage.waitForURL((url) => url.pathname === '/');
    await shipperPage.getByTestId('dashboard').waitFor();
    await shipperPage.goto('/vehicles');
    await shipperPage.getByTestId('vehicles-table').getByText(vin).waitFor();
    expect(new URL(shipperPage.url()).pathname).toBe('/vehicles');

    // The users page no longer says the shipper must change it.
    await openListRow(page, 'users', shipper.username);
    await page.reload();
    await row.waitFor();
    expect(await row.getByTestId('must-change-password').count()).toBe(0);
    await shipperSession.context.close();
    await context.close();
  });

  it("in Arabic, by a company admin for its own company's buyer, not its shipper; the buyer can still sign out", async () => {
    const companyAdmin = await api.createUser('COMPANY_ADMIN', company.id);
    const buyer = await api.createUser('BUYER', company.id);
    const shipper = await api.createUser('SHIPPER', company.id);
    const otherAdmin = await api.createUser('COMPANY_ADMIN', company.id);
    const temporary = 'كلمة-مؤقتة-للمشتري-1';

    const { context, page } = await newPage(browser, { language: 'ar' });
    await signIn(page, companyAdmin.username, companyAdmin.password);
    // Another company admin's password is not this one's to reset.
    expect(await (await openListRow(page, 'users', otherAdmin.username)).getByTestId('reset-password').count()).toBe(0);
    // Nor a shipper's: a shipper may do what a company admin may not (delete vehicles, read shared documents).
    expect(await (await openListRow(page, 'users', shipper.username)).getByTestId('reset-password').count()).toBe(0);
    const row = await openListRow(page, 'users', buyer.username);
    await row.getByTestId('reset-password').click();
    const dialog = page.getByTestId('reset-password-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('إعادة تعيين كلمة مرور');
    expect(await dialog.getByTestId('reset-password-intro').innerText()).toContain('عند تسجيل الدخول التالي');
    expect(await dialog.locator('label').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('كلمة المرور الجديدة')]));
    await dialog.locator('input[name=newPassword]').fill(buyer.username);
    await dialog.locator('input[name=confirm]').fill(buyer.username);
    await dialog.getByRole('button', { name: 'إعادة تعيين كلمة المرور' }).click();
    await dialog.getByText('يجب ألا تكون كلمة المرور هي اسم المستخدم').waitFor();
    expect(await takeToast(page)).toContain('النموذج غير صالح');
    await dialog.locator('input[name=newPassword]').fill(temporary);
    await dialog.locator('input[name=confirm]').fill(temporary);
    await screenshot(page, 'ar-users-reset-password-dialog');
    // Arabic throughout, but for the user's e-mail.
    expect((await dialog.innerText()).replace(/\S+@\S+/g, '')).not.toMatch(/[A-Za-z]{3,}/);
    await dialog.getByRole('button', { name: 'إعادة تعيين كلمة المرور' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await takeToast(page)).toContain('تمت إعادة تعيين كلمة المرور');
    await row.getByRole('img', { name: 'يجب تغيير كلمة المرور' }).waitFor();
    await context.close();

    const buyerSession = await newPage(browser, { language: 'ar' });
    const buyerPage = buyerSession.page;
    await signIn(buyerPage, buyer.username, temporary);
    const forced = buyerPage.getByTestId('forced-password-change');
    await forced.waitFor();
    expect(await documentDirection(buyerPage)).toBe('rtl');
    expect(await forced.getByTestId('forced-password-reason').innerText()).toContain('أعطاك إياها أحد المسؤولين');
    await screenshot(buyerPage, 'ar-forced-password-change');
    await forced.getByTestId('logout-button').click();
    await buyerPage.waitForURL('**/auth');
    await buyerPage.goto('/vehicles');
    await buyerPage.waitForURL('**/auth');
    await buyerSession.context.close();
  });
});

describe('the language preference', () => {
  it('follows the user to a fresh browser after sign-in, and wins over that browser’s own choice', async () => {
    const shipper = await api.createUser('SHIPPER', company.id);

    // Chosen in one browser, from the account menu.
    const first = await newPage(browser);
    await signIn(first.page, shipper.username, shipper.password);
    const menu = await openAccountMenu(first.page);
    const saved = first.page.waitForResponse((res) => res.url().endsWith('/api/user') && res.request().method() === 'PATCH');
    await menu.getByRole('menuitemradio', { name: 'العربية' }).click();
    expect((await saved).status()).toBe(200);
    await first.page.getByTestId('main-menu').getByText('لوحة التحكم').waitFor();
    expect(await documentDirection(first.page)).toBe('rtl');
    const asShipper = await ApiClient.signIn(shipper.username, shipper.password);
    expect((await asShipper.send<{ language: string | null }>('GET', '/user')).language).toBe('ar');

    // A fresh browser (English by default) is Arabic as soon as the user signs in.
    const second = await newPage(browser);
    await signIn(second.page, shipper.username, shipper.password);
    expect(await menuEntries(second.page)).toEqual(['لوحة التحكم', 'المركبات', 'الحاويات', 'المستندات', 'الفواتير']);
    expect(await documentDirection(second.page)).toBe('rtl');
    expect(await second.page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('ar');

    // Switched back with the header's language button there: stored too.
    const savedAgain = second.page.waitForResponse((res) => res.url().endsWith('/api/user') && res.request().method() === 'PATCH');
    await second.page.getByTestId('language-switch').click();
    expect((await savedAgain).status()).toBe(200);
    await second.page.getByTestId('main-menu').getByText('Dashboard').waitFor();

    // A browser whose own choice is Arabic follows the account: English.
    const third = await newPage(browser, { language: 'ar' });
    await third.page.goto('/auth');
    await third.page.getByRole('tab', { name: 'تسجيل الدخول' }).waitFor();
    await signIn(third.page, shipper.username, shipper.password);
    expect(await menuEntries(third.page)).toEqual(['Dashboard', 'Vehicles', 'Containers', 'Documents', 'Invoices']);
    expect(await documentDirection(third.page)).toBe('ltr');

    // The first browser, still Arabic, follows on its next load.
    await first.page.reload();
    await first.page.getByTestId('main-menu').getByText('Dashboard').waitFor();
    expect(await documentDirection(first.page)).toBe('ltr');

    for (const session of [first, second, third]) await session.context.close();
  });
});
