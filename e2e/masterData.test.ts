import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { ApiClient, admin, baseUrl, createVehicle, launchBrowser, newPage, screenshot, searchAndPick, signIn, takeToast, uniqueCode, uniqueEmail } from './support';

/**
 * Master data edits by the super administrator, in English and in Arabic (right to left): renaming
 * and deactivating a company (and what its signed-in user then sees), deactivating, reactivating
 * and moving a user, editing a port with the country from the list, and approving a registration
 * with a role chosen explicitly. Texts come from the console's own catalogues.
 */
type Tree = { [key: string]: string | Tree };
const catalogues = { en: en as unknown as Tree, ar: ar as unknown as Tree };

let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
});
afterAll(async () => {
  await browser?.close();
});

const searched = (resource: string, q: string) => `/${resource}?filter=${encodeURIComponent(JSON.stringify({ q }))}`;

for (const language of ['en', 'ar'] as const) {
  describe(`master data in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    let context: BrowserContext;
    let page: Page;
    /** The console's text for a key, with its %{placeholders} filled. */
    const t = (key: string, params: Record<string, string> = {}) => {
      const text = key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], catalogues[language]) as string;
      return text.replace(/%\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
    };
    const shot = (target: Page, name: string) => screenshot(target, `${language}-masterdata-${name}`);
    /** A country's name as the browser names it in this language (Chromium's ICU, not Node's). */
    const countryIn = (code: string) => page.evaluate(([lang, c]) => new Intl.DisplayNames([lang], { type: 'region' }).of(c)!, [language, code]);

    beforeAll(async () => {
      ({ context, page } = await newPage(browser, { language }));
      await signIn(page, admin().username, admin().password);
    });
    afterAll(async () => {
      await context?.close();
    });

    it("renames and deactivates a company; its signed-in user is sent to sign-in with the reason, and can return once it is reactivated", async () => {
      const company = await api.createCompany(`Harbour Motors ${language}`, uniqueCode('HM'));
      const shipper = await api.createUser('SHIPPER', company.id);
      const userSession = await newPage(browser, { language });
      await signIn(userSession.page, shipper.username, shipper.password);

      await page.goto(searched('companies', company.code));
      const row = page.getByTestId('companies-table').getByRole('row').filter({ hasText: company.code });
      await row.waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');

      await row.getByTestId('rename-company').click();
      const rename = page.getByTestId('rename-company-dialog');
      const newName = language === 'en' ? `Harbour Cars ${company.code}` : `شركة الميناء ${company.code}`;
      await rename.getByRole('textbox').fill(newName);
      await shot(page, 'company-rename-dialog');
      await rename.getByRole('button', { name: t('common.save') }).click();
      await rename.waitFor({ state: 'hidden' });
      expect(await takeToast(page)).toContain(t('companies.renamed'));
      await row.getByText(newName).waitFor();

      await row.getByTestId('deactivate-button').click();
      const confirm = page.getByRole('dialog');
      expect(await confirm.innerText()).toContain(t('companies.deactivateConfirm'));
      await shot(page, 'company-deactivate-confirm');
      await confirm.getByRole('button', { name: t('companies.deactivate') }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await takeToast(page)).toContain(t('companies.deactivated'));
      await row.getByText(t('status.inactive')).waitFor();
      await row.getByTestId('reactivate-button').waitFor();
      await shot(page, 'companies-inactive');
      const stored = await api.send('GET', `/companies/${company.id}`);
      expect(stored).toMatchObject({ name: newName, active: false });

      // The shipper's next action is refused: back to sign-in, told why.
      const userPage = userSession.page;
      await userPage.getByTestId('main-menu').getByRole('menuitem', { name: t('nav.vehicles') }).click();
      await userPage.waitForURL('**/auth**');
      const toast = userPage.getByTestId('toast');
      await toast.waitFor();
      expect(await toast.innerText()).toContain(t('errors.auth.companyInactive'));
      await shot(userPage, 'company-inactive-signed-out');

      await row.getByTestId('reactivate-button').click();
      await page.getByRole('dialog').getByRole('button', { name: t('companies.reactivate') }).click();
      expect(await takeToast(page)).toContain(t('companies.reactivated'));
      await row.getByText(t('status.active')).waitFor();
      await signIn(userPage, shipper.username, shipper.password);
      await userSession.context.close();
    });

    it('deactivates, reactivates and moves a user, each after a confirmation', async () => {
      const from = await api.createCompany(`Origin Motors ${language}`, uniqueCode('OM'));
      const to = await api.createCompany(`Destination Motors ${language}`, uniqueCode('DM'));
      const user = await api.createUser('BUYER', from.id);
      await page.goto(searched('users', user.username));
      const row = page.getByTestId('users-table').getByRole('row').filter({ hasText: user.username });
      await row.waitFor();

      await row.getByTestId('deactivate-button').click();
      const confirm = page.getByRole('dialog');
      expect(await confirm.innerText()).toContain(t('users.deactivateConfirm'));
      await shot(page, 'user-deactivate-confirm');
      await confirm.getByRole('button', { name: t('users.deactivate') }).click();
      expect(await takeToast(page)).toContain(t('users.deactivated'));
      await row.getByText(t('status.inactive')).waitFor();
      expect((await fetch(`${baseUrl()}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: user.username, password: user.password }) })).status).toBe(401);

      await row.getByTestId('reactivate-button').click();
      await page.getByRole('dialog').getByRole('button', { name: t('users.reactivate') }).click();
      expect(await takeToast(page)).toContain(t('users.reactivated'));
      await row.getByText(t('status.active')).waitFor();

      await row.getByTestId('move-user').click();
      const move = page.getByTestId('move-dialog');
      expect(await move.innerText()).toContain(t('users.moveIntro'));
      // The current company is refused.
      await move.getByRole('button', { name: t('users.move') }).click();
      await move.getByText(t('users.moveSameCompany')).waitFor();
      expect(await takeToast(page)).toContain(t('ra.message.invalid_form'));
      await searchAndPick(move.getByRole('combobox'), to.code, new RegExp(to.code));
      await shot(page, 'user-move-dialog');
      await move.getByRole('button', { name: t('users.move') }).click();
      await move.waitFor({ state: 'hidden' });
      expect(await takeToast(page)).toContain(t('users.moved'));
      await row.getByText(to.name).waitFor();
      await shot(page, 'users-after-move');
      expect(await api.send('GET', `/users/${user.id}`)).toMatchObject({ companyId: to.id, role: 'BUYER', active: true });
    });

    it('edits a port, choosing the country from a list named in the page language', async () => {
      const name = `Sohar ${uniqueCode('')}`;
      const port = await api.send<{ id: number }>('POST', '/ports', { name, nameAr: 'صحار', country: 'sa' });
      await page.goto(searched('ports', name));
      const row = page.getByTestId('ports-table').getByRole('row').filter({ hasText: name });
      await row.waitFor();
      expect(await row.innerText()).toContain(await countryIn('SA'));

      await row.getByTestId('edit-port').click();
      const dialog = page.getByTestId('port-edit-dialog');
      const oman = await countryIn('OM');
      const country = dialog.getByLabel(t('resources.ports.fields.country'));
      expect(await country.inputValue()).toBe(await countryIn('SA'));
      // Typed as people type it: without vowel marks ("عمان" finds "عُمان").
      await country.fill(oman.normalize('NFD').replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, '').slice(0, 3));
      await page.getByRole('option', { name: oman, exact: true }).waitFor();
      await shot(page, 'port-edit-country-list');
      await page.getByRole('option', { name: oman, exact: true }).click();
      await dialog.getByLabel(t('resources.ports.fields.nameAr')).fill('ميناء صحار');
      await dialog.getByRole('button', { name: t('common.save') }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await takeToast(page)).toContain(t('ports.updated'));
      await row.getByText(oman).waitFor();
      await shot(page, 'ports-after-edit');
      expect(await api.send('GET', `/ports/${port.id}`)).toMatchObject({ name, nameAr: 'ميناء صحار', country: 'OM', countryIsCode: true });
    });

    it('says a port is in use, with how many containers and vehicles, before asking to delete it', async () => {
      const company = await api.createCompany(`Port Users ${language}`, uniqueCode('PU'));
      const name = `Duqm ${uniqueCode('')}`;
      const port = await api.send<{ id: number }>('POST', '/ports', { name, nameAr: 'الدقم', country: 'OM' });
      await createVehicle(api, { companyId: company.id, make: 'Toyota', model: 'Hilux', fromPortId: port.id });
      await createVehicle(api, { companyId: company.id, make: 'Kia', model: 'Rio', toPortId: port.id });
      await page.goto(searched('ports', name));
      const row = page.getByTestId('ports-table').getByRole('row').filter({ hasText: name });
      await row.waitFor();
      await row.getByTestId('delete-button').click();
      const toast = await takeToast(page);
      // The name is isolated (FSI … PDI) inside the sentence.
      expect(toast.replace(/[\u2068\u2069]/g, '')).toBe(t('ports.inUse', { name, containers: '0', vehicles: '2' }));
      expect(await page.getByRole('dialog').count()).toBe(0);
      await shot(page, 'port-in-use');
      expect((await api.send<{ id: number }>('GET', `/ports/${port.id}`)).id).toBe(port.id);

      // A port nothing uses is asked about as before.
      const free = `Sur ${uniqueCode('')}`;
      await api.send('POST', '/ports', { name: free, nameAr: 'صور', country: 'OM' });
      await page.goto(searched('ports', free));
      const freeRow = page.getByTestId('ports-table').getByRole('row').filter({ hasText: free });
      await freeRow.waitFor();
      await freeRow.getByTestId('delete-button').click();
      await page.getByRole('dialog').getByText(t('ports.deleteConfirm')).waitFor();
    });

    it('approves a registration only once a role is chosen, here Company admin', async () => {
      const company = await api.createCompany(`Explicit Role Cars ${language}`, uniqueCode('AP'));
      const username = uniqueEmail('pending');
      const registered = await fetch(`${baseUrl()}/api/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password: 'pending-user-password' }),
      });
      expect(registered.status).toBe(201);
      await page.goto(searched('users', username));
      const row = page.getByTestId('users-table').getByRole('row').filter({ hasText: username });
      await row.getByTestId('approve-user').click();
      const dialog = page.getByTestId('approve-dialog');
      await dialog.waitFor();
      const radios = dialog.getByRole('radio');
      expect(await radios.count()).toBe(3);
      for (const role of ['SHIPPER', 'BUYER', 'COMPANY_ADMIN']) await dialog.getByRole('radio', { name: t(`roles.${role}`) }).waitFor();
      expect(await dialog.getByRole('radio', { checked: true }).count()).toBe(0);
      await searchAndPick(dialog.getByRole('combobox'), company.code, new RegExp(company.code));
      // No role chosen: nothing is sent, the dialog says the role is required.
      await dialog.getByRole('button', { name: t('users.approve') }).click();
      await dialog.getByText(t('ra.validation.required')).first().waitFor();
      await shot(page, 'approve-no-role');
      expect(await takeToast(page)).toContain(t('ra.message.invalid_form'));
      expect((await api.send('GET', `/users?filter=${encodeURIComponent(JSON.stringify({ q: username }))}`))[0]).toMatchObject({ pendingApproval: true, role: null });

      await dialog.getByRole('radio', { name: t('roles.COMPANY_ADMIN') }).check();
      await shot(page, 'approve-company-admin');
      await dialog.getByRole('button', { name: t('users.approve') }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await takeToast(page)).toContain(t('users.approved'));
      await row.getByText(t('roles.COMPANY_ADMIN')).waitFor();
      expect((await api.send('GET', `/users?filter=${encodeURIComponent(JSON.stringify({ q: username }))}`))[0]).toMatchObject({ pendingApproval: false, role: 'COMPANY_ADMIN', companyId: company.id });
    });
  });
}
