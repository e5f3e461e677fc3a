import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ApiClient, admin, launchBrowser, menuEntries, newPage, screenshot, searchAndPick, signIn, uniqueEmail } from './support';

let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
});
afterAll(async () => {
  await browser?.close();
});

describe('signing in', () => {
  it('sends a visitor to /auth, with no header, and back to the page asked for after signing in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/waiting-approval');
    await page.waitForURL('**/auth');
    await page.goto('/ports');
    await page.waitForURL('**/auth');
    await page.getByTestId('login-form').waitFor();
    expect(await page.getByTestId('logout-button').count()).toBe(0);
    expect(await page.locator('header').count()).toBe(0);

    const { username, password } = admin();
    await page.locator('input[name=username]').fill(username);
    await page.locator('input[name=password]').fill(password);
    await page.keyboard.press('Enter'); // the keyboard is enough
    await page.waitForURL('**/ports');
    await page.getByRole('heading', { name: 'Ports' }).or(page.getByText('Name (English)')).first().waitFor();
    await context.close();
  });

  it("shows a visitor '404 Page Not Found' on an unknown path, and /auth on a protected one", async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/no/such/page');
    const notFound = page.getByTestId('not-found');
    await notFound.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await notFound.getByText('Did you forget to add the page to the router?').waitFor();
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    expect(await page.locator('header').count()).toBe(0);
    for (const path of ['/', '/vehicles/1/edit', '/containers/2', '/company-settings']) {
      await page.goto(path);
      await page.waitForURL('**/auth');
    }
    await context.close();
  });

  it("says 'logging in' while pending, then 'Login failed' with the server's reason on a wrong password", async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    // Hold the answer until the pending state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('input[name=username]').fill(uniqueEmail('nobody'));
    await page.locator('input[name=password]').fill('not-the-right-password');
    await page.getByTestId('login-submit').click();
    await page.getByRole('button', { name: 'logging in' }).waitFor();
    expect(await page.getByTestId('login-submit').isDisabled()).toBe(true);
    release();

    const toast = page.getByTestId('toast');
    await toast.waitFor();
    const shownAt = Date.now();
    expect(await toast.innerText()).toContain('Login failed');
    expect(await toast.innerText()).toContain('Invalid username or password');
    expect(page.url()).toMatch(/\/auth$/);
    await screenshot(page, 'en-auth-login-failed');
    // Toasts go away by themselves after about 5 seconds (not sooner; later only on a busy machine).
    await toast.waitFor({ state: 'detached', timeout: 60_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4000);
    await context.close();
  });

  it('shows a spinner while the current user loads', async () => {
    const { context, page } = await newPage(browser);
    // The answer is held until the spinner has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/companies');
    await page.getByRole('status').getByRole('progressbar').waitFor();
    release();
    await page.waitForURL('**/auth');
    await context.close();
  });

  it("says 'Logout failed' and stays signed in when the server refuses to sign out", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, admin().username, admin().password);
    await page.route('**/api/logout', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'down', code: 'service.unavailable' }) }),
    );
    await page.getByTestId('logout-button').click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('Logout failed');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('signs out with the logout button, after which pages send back to /auth', async () => {
    const { context, page } = await newPage(browser);
    const { username, password } = admin();
    await signIn(page, username, password);
    // Signed in, /auth has nothing to offer: back to the dashboard.
    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('logout-button').click();
    await page.waitForURL('**/auth');
    await page.goto('/users');
    await page.waitForURL('**/auth');
    await context.close();
  });
});

describe('registration and approval', () => {
  it('registers, waits for approval, is approved in the Users screen, then sees exactly the Shipper menu', async () => {
    const company = await api.createCompany('Approval Motors');
    const username = uniqueEmail('shipper');
    const password = 'a-long-enough-password';

    // The new user registers.
    const visitor = await newPage(browser);
    const page = visitor.page;
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByTestId('register-form');
    await form.locator('input[name=username]').fill(username);
    await form.locator('input[name=password]').fill(password);
    await form.locator('input[name=confirm]').fill(password);
    await screenshot(page, 'en-auth-register');
    await page.getByTestId('register-submit').click();
    await page.waitForURL('**/waiting-approval');
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('Registration successful');
    expect(await toast.innerText()).toContain('Please wait for administrator approval');
    const waiting = await page.getByTestId('waiting-text').innerText();
    expect(waiting).toContain('pending administrator approval');
    expect(waiting).toContain('assign a company');
    await screenshot(page, 'en-waiting-approval');

    // A pending user cannot reach the console: / and /auth both lead back here.
    await page.goto('/');
    await page.waitForURL('**/waiting-approval');
    await page.goto('/auth');
    await page.waitForURL('**/waiting-approval');

    // The super admin approves the user as a Shipper of the company.
    const adminSession = await newPage(browser);
    const adminPage = adminSession.page;
    await signIn(adminPage, admin().username, admin().password);
    await adminPage.goto('/users');
    const row = adminPage.getByRole('row').filter({ hasText: username });
    expect(await row.innerText()).toContain('Pending approval');
    await row.getByTestId('approve-user').click();
    const dialog = adminPage.getByTestId('approve-dialog');
    await dialog.getByRole('radio', { name: 'Shipper' }).check();
    await searchAndPick(dialog.getByRole('combobox'), 'Approval', /Approval Motors/);
    await screenshot(adminPage, 'en-users-approve-dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Active').waitFor();
    expect(await row.innerText()).toContain('Shipper');
    expect(await row.innerText()).toContain(company.name);

    // The waiting page notices the approval and opens the console.
    await page.getByRole('button', { name: 'Check again' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await menuEntries(page)).toEqual(['Dashboard', 'Vehicles', 'Containers', 'Documents', 'Invoices']);

    // Signing in again later gives the same menu.
    await page.getByTestId('logout-button').click();
    await page.waitForURL('**/auth');
    await signIn(page, username, password);
    expect(await menuEntries(page)).toEqual(['Dashboard', 'Vehicles', 'Containers', 'Documents', 'Invoices']);

    await visitor.context.close();
    await adminSession.context.close();
  });

  it('refuses a registration whose username is taken, and says why', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByTestId('register-form');
    await form.locator('input[name=username]').fill(admin().username);
    await form.locator('input[name=password]').fill('another-long-password');
    await form.locator('input[name=confirm]').fill('another-long-password');
    await page.getByTestId('register-submit').click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('Registration failed');
    expect(await form.innerText()).toContain('This username is already registered');
    expect(page.url()).toMatch(/\/auth$/);
    await context.close();
  });
});

describe('menus follow the permission table', () => {
  it('shows a Buyer only Dashboard and Vehicles, and refuses the companies page', async () => {
    const company = await api.createCompany('Buyer Co');
    const buyer = await api.createUser('BUYER', company.id);
    const { context, page } = await newPage(browser);
    await signIn(page, buyer.username, buyer.password);
    expect(await menuEntries(page)).toEqual(['Dashboard', 'Vehicles']);
    await page.goto('/companies');
    await page.getByText('You are not authorized to access this page').waitFor();
    expect(page.url()).toMatch(/\/companies$/);
    await context.close();
  });

  it('shows a Company admin its menu, its company users read-only, and no companies page', async () => {
    const company = await api.createCompany('Admin Co');
    const companyAdmin = await api.createUser('COMPANY_ADMIN', company.id);
    await api.createUser('SHIPPER', company.id);
    const { context, page } = await newPage(browser);
    await signIn(page, companyAdmin.username, companyAdmin.password);
    expect(await menuEntries(page)).toEqual(['Dashboard', 'Users', 'Vehicles', 'Containers', 'Ports', 'Invoices', 'Activity', 'Settings']);

    await page.goto('/users');
    await page.getByTestId('users-table').waitFor();
    expect(await page.getByTestId('users-table').innerText()).toContain(companyAdmin.username);
    expect(await page.getByTestId('add-user').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.getByText('Only a super admin can change them').waitFor();

    await page.goto('/companies');
    await page.getByText('You are not authorized to access this page').waitFor();
    await context.close();
  });

  it('shows a Super admin every entry', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, admin().username, admin().password);
    expect(await menuEntries(page)).toEqual(['Dashboard', 'Companies', 'Users', 'Vehicles', 'Containers', 'Ports', 'Documents', 'Invoices', 'Activity']);
    // The navigation is 240 px wide, with the logo on top no taller than 60 px.
    const nav = (await page.locator('nav').boundingBox())!;
    expect(Math.round(nav.width)).toBe(240);
    const logo = (await page.locator('nav img').boundingBox())!;
    expect(logo.height).toBeLessThanOrEqual(60);
    expect(logo.y).toBeLessThan((await page.getByTestId('main-menu').boundingBox())!.y);
    await context.close();
  });
});
