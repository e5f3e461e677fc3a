import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiClient, LANGUAGE_KEY, admin, baseUrl, launchBrowser, menuEntries, newPage, screenshot, signIn, openSignedIn, goInConsole, signInWithSession, uniqueEmail } from './support';

let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
});
afterAll(async () => {
  await browser?.close();
  await forgetAdminLanguage();
});

/**
 * Switching the language while signed in stores it on the account, and a stored language wins at
 * every sign-in: the super admin's is cleared again, or every later test signing in as the super
 * admin would see Arabic.
 */
const forgetAdminLanguage = () => api?.send('PATCH', '/user', { language: null });

const documentLanguage = (page: Page) => page.evaluate(() => ({ dir: document.dir, lang: document.documentElement.lang }));

describe('Arabic and right-to-left', () => {
  it('switches /auth to Arabic, right to left, and keeps the choice across a reload', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    expect(await documentLanguage(page)).toEqual({ dir: 'ltr', lang: 'en' });
    await page.getByTestId('language-switch').click();
    await page.getByRole('tab', { name: 'تسجيل الدخول' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(await page.getByRole('tab', { name: 'إنشاء حساب' }).count()).toBe(1);

    await page.reload();
    await page.getByRole('tab', { name: 'تسجيل الدخول' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ dir: 'rtl', lang: 'ar' });

    // A failed sign-in speaks Arabic too (the server's error code is translated).
    await page.locator('input[name=username]').fill(uniqueEmail('nobody'));
    await page.locator('input[name=password]').fill('wrong-password-here');
    await page.getByTestId('login-submit').click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('فشل تسجيل الدخول');
    expect(await toast.innerText()).toContain('اسم المستخدم أو كلمة المرور غير صحيحة');

    await page.getByTestId('language-switch').click();
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ dir: 'ltr', lang: 'en' });
    await context.close();
  });

  it('mirrors the signed-in layout: navigation on the right, logout top left, Arabic texts, kept after reload', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, admin().username, admin().password);
    const width = page.viewportSize()!.width;
    const menu = page.getByTestId('main-menu');
    await menu.waitFor();
    expect((await menu.boundingBox())!.x).toBeLessThan(width / 2);

    await page.getByTestId('language-switch').click();
    await menu.getByText('لوحة التحكم').waitFor();
    expect(await documentLanguage(page)).toEqual({ dir: 'rtl', lang: 'ar' });

    const checkMirrored = async () => {
      const nav = (await menu.boundingBox())!;
      expect(nav.x).toBeGreaterThan(width / 2);
      expect(nav.x + nav.width).toBeGreaterThan(width - 20);
      const logout = (await page.getByTestId('logout-button').boundingBox())!;
      expect(logout.x).toBeLessThan(width / 4);
      expect(logout.y).toBeLessThan(40);
      expect(await page.getByTestId('logout-button').innerText()).toBe('تسجيل الخروج');
      expect(await menuEntries(page)).toEqual(['لوحة التحكم', 'الشركات', 'المستخدمون', 'المركبات', 'الحاويات', 'الموانئ', 'المستندات', 'الفواتير', 'النشاط']);
    };
    await checkMirrored();

    await page.reload();
    await menu.getByText('لوحة التحكم').waitFor();
    expect(await documentLanguage(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    await checkMirrored();
    expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('ar');

    // The choice was stored on the account, and outlives signing out in this browser.
    expect((await api.send<{ language: string | null }>('GET', '/user')).language).toBe('ar');
    await page.getByTestId('logout-button').click();
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'تسجيل الدخول' }).waitFor();
    await context.close();
    await forgetAdminLanguage();
  });

  it('translates the lists, their columns and the 404 page', async () => {
    await api.createCompany('Translated Columns Co');
    const { context, page } = await newPage(browser, { language: 'ar' });
    await signInWithSession(page, admin().username, admin().password);
    await page.goto('/companies');
    const header = page.locator('thead');
    await header.waitFor();
    expect(await header.innerText()).toMatch(/الاسم[\s\S]*الرمز[\s\S]*الحالة[\s\S]*تاريخ الإنشاء[\s\S]*الإجراءات/);
    expect(await header.innerText()).not.toMatch(/[A-Za-z]/);
    await page.goto('/missing-page');
    await page.getByTestId('not-found').getByRole('heading', { name: '404 الصفحة غير موجودة' }).waitFor();
    await context.close();
  });
});

/**
 * Screenshots of every screen, in English and in Arabic, for a person to look at
 * (test-results/screens). The assertions here only check that each screen really opened.
 */
describe('screenshots of every screen', () => {
  let pendingUser: string;
  let buyer: { username: string; password: string };

  beforeAll(async () => {
    const company = await api.createCompany('Al Noor Motors');
    await api.createCompany('Desert Line Shipping');
    await api.send('POST', '/ports', { name: 'Jeddah Islamic Port', nameAr: 'ميناء جدة الإسلامي', country: 'SA' });
    await api.send('POST', '/ports', { name: 'Port of Baltimore', nameAr: 'ميناء بالتيمور', country: 'US' });
    buyer = await api.createUser('BUYER', company.id);
    await api.createUser('SHIPPER', company.id);
    pendingUser = uniqueEmail('pending');
    const res = await fetch(`${baseUrl()}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: pendingUser, password: 'pending-user-password' }),
    });
    expect(res.status).toBe(201);
  });

  for (const language of ['en', 'ar'] as const) {
    it(`captures the screens in ${language === 'en' ? 'English' : 'Arabic'}`, async () => {
      const shot = (page: Page, name: string) => screenshot(page, `${language}-${name}`);

      // Signed out.
      const visitor = await newPage(browser, { language });
      await visitor.page.goto('/auth');
      await visitor.page.getByTestId('login-form').waitFor();
      await shot(visitor.page, 'auth-signin');
      await visitor.page.getByRole('tab').nth(1).click();
      await visitor.page.getByTestId('register-form').waitFor();
      await visitor.page.getByTestId('register-submit').click(); // shows the field checks
      await shot(visitor.page, 'auth-register-errors');
      const username = uniqueEmail('waiting');
      await visitor.page.locator('[data-testid=register-form] input[name=username]').fill(username);
      await visitor.page.locator('[data-testid=register-form] input[name=password]').fill('waiting-user-password');
      await visitor.page.locator('[data-testid=register-form] input[name=confirm]').fill('waiting-user-password');
      await visitor.page.getByTestId('register-submit').click();
      await visitor.page.waitForURL('**/waiting-approval');
      await shot(visitor.page, 'waiting-approval');
      await visitor.context.close();

      // The super admin.
      const { context, page } = await newPage(browser, { language });
      await openSignedIn(page, admin().username, admin().password);
      await page.getByTestId('dashboard').waitFor();
      await page.getByTestId('count-users').waitFor();
      await shot(page, 'dashboard');

      await goInConsole(page, '/companies');
      await page.getByTestId('companies-table').waitFor();
      await shot(page, 'companies');
      await page.getByTestId('add-company').first().click();
      await page.getByTestId('company-dialog').getByRole('button').last().click(); // empty: shows the checks
      await shot(page, 'companies-add-dialog');
      await page.keyboard.press('Escape');
      await page.getByTestId('company-dialog').waitFor({ state: 'hidden' });
      // Searched for: other test files add companies, and the list shows the newest 25.
      await page.goto(`/companies?filter=${encodeURIComponent(JSON.stringify({ q: 'Desert Line Shipping' }))}`);
      await page.getByRole('row').filter({ hasText: 'Desert Line Shipping' }).first().getByTestId('delete-button').click();
      await page.getByRole('dialog').waitFor();
      await shot(page, 'companies-delete-confirm');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      await goInConsole(page, '/users');
      await page.getByTestId('users-table').waitFor();
      await shot(page, 'users');
      await page.getByRole('row').filter({ hasText: pendingUser }).getByTestId('approve-user').click();
      await page.getByTestId('approve-dialog').waitFor();
      await shot(page, 'users-approve-dialog');
      await page.keyboard.press('Escape');
      await page.getByTestId('approve-dialog').waitFor({ state: 'hidden' });
      await page.getByTestId('change-role').first().click();
      await page.getByTestId('role-dialog').waitFor();
      await shot(page, 'users-change-role-dialog');
      await page.keyboard.press('Escape');
      await page.getByTestId('role-dialog').waitFor({ state: 'hidden' });
      await page.getByTestId('add-user').first().click();
      await page.getByTestId('user-dialog').waitFor();
      await shot(page, 'users-add-dialog');
      await page.keyboard.press('Escape');
      await page.getByTestId('user-dialog').waitFor({ state: 'hidden' });

      await goInConsole(page, '/ports');
      await page.getByTestId('ports-table').waitFor();
      await shot(page, 'ports');
      await page.getByTestId('add-port').first().click();
      await page.getByTestId('port-dialog').waitFor();
      await shot(page, 'ports-add-dialog');
      await page.keyboard.press('Escape');

      // Vehicles, containers and the dashboard's figures: shipping-screens.test.ts; documents,
      // images and invoices: files.test.ts and invoices.test.ts.

      await goInConsole(page, '/unknown/path');
      await page.getByTestId('not-found').waitFor();
      await shot(page, 'not-found');
      await context.close();

      // A buyer: fewer entries and a refused page.
      const buyerSession = await newPage(browser, { language });
      await openSignedIn(buyerSession.page, buyer.username, buyer.password);
      await buyerSession.page.getByTestId('count-vehicles').waitFor();
      await shot(buyerSession.page, 'dashboard-buyer');
      await goInConsole(buyerSession.page, '/companies');
      await buyerSession.page.getByTestId('unauthorized').waitFor();
      await shot(buyerSession.page, 'unauthorized');
      await buyerSession.context.close();

      // A phone: the navigation is a drawer.
      const phone = await newPage(browser, { language, width: 390, height: 844 });
      await openSignedIn(phone.page, admin().username, admin().password);
      await phone.page.getByTestId('count-users').waitFor();
      await shot(phone.page, 'mobile-dashboard');
      await phone.page.locator('.RaAppBar-menuButton').click();
      await phone.page.getByTestId('main-menu').waitFor();
      await shot(phone.page, 'mobile-drawer');
      await phone.page.goto('/users');
      await phone.page.getByTestId('users-table').waitFor();
      await shot(phone.page, 'mobile-users');
      await phone.context.close();
    });
  }
});
