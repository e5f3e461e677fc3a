import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { ApiClient, admin, createContainer, createInvoice, createVehicle, launchBrowser, newPage, screenshot, signIn, openSignedIn, goInConsole, signInWithSession, takeToast, uniqueCode } from './support';
import { sessionCookie, uploadThroughApi } from './fileHelpers';

/**
 * Every list of the console on a 390 px phone, in English and Arabic, as each role that sees it:
 * stacked cards instead of a table, nothing wider than the screen, and on each card the status,
 * full dates (a year, never 'Nov' alone) and the row's actions; card actions work. And the super
 * administrator's vehicle table fits a 1280 px screen. Every record here is named 'PhoneLayouts…'
 * so the searches below find this file's records only.
 */
type Language = 'en' | 'ar';
type Role = 'superAdmin' | 'companyAdmin' | 'shipper' | 'buyer';
type Tree = { [key: string]: string | Tree };
const catalogues = { en: en as unknown as Tree, ar: ar as unknown as Tree };
const t = (language: Language, key: string) => key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], catalogues[language]) as string;

const MARK = `PhoneLayouts${uniqueCode('')}`;
const mark = MARK.toLowerCase();

let browser: Browser;
let api: ApiClient;
const accounts = {} as Record<Role, { id?: number; username: string; password: string }>;
let vehicle: Record<string, any>;
let container: Record<string, any>;

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** A user named after this file (the users list is searched by username). */
async function createAccount(role: string, companyId: number | null) {
  const username = `${mark}-${role.toLowerCase()}@phonelayouts.test`; // never "…admin@e2e.test", the super admin other tests search for
  const password = 'phone-layouts-password-1';
  const user = await api.createAccount({ username, password, role, companyId });
  return { id: user.id, username, password };
}

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  accounts.superAdmin = admin();
  // A long company name, as real ones are: the cards must wrap it, not widen the page.
  const company = await api.createCompany(`${MARK} International Vehicle Export and Shipping Trading Company`);
  accounts.companyAdmin = await createAccount('COMPANY_ADMIN', company.id);
  accounts.shipper = await createAccount('SHIPPER', company.id);
  accounts.buyer = await createAccount('BUYER', company.id);
  const shipperId = accounts.shipper.id;
  const buyerId = accounts.buyer.id;
  const from = await api.send('POST', '/ports', { name: `${MARK} Busan`, nameAr: 'بوسان', country: 'KR' });
  const to = await api.send('POST', '/ports', { name: `${MARK} Jebel Ali`, nameAr: 'جبل علي', country: 'AE' });
  container = await createContainer(api, {
    companyId: company.id,
    shipperId,
    containerSize: '40HC',
    shippingLine: `${MARK} Line`,
    bookingNumber: 'BK-PHONE-1',
    sealNumber: 'SEAL-PHONE-1',
    fromPortId: from.id,
    toPortId: to.id,
    loadingDate: inDays(-10),
    arrivalDate: inDays(12),
  });
  vehicle = await createVehicle(api, { companyId: company.id, model: `${MARK} Land Cruiser`, year: 2021, containerId: container.id, buyerId, status: 'LOADED', vehicleInfo: { color: 'Pearl White' } });
  await createInvoice(accounts.shipper, { containerIds: [container.id], buyerName: `${MARK} Buyer`, date: '2026-11-05' });
  const cookie = await sessionCookie(admin().username, admin().password);
  await uploadThroughApi(cookie, '/documents', [{ name: `${mark}-export-guide.pdf`, bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' }]);
});
afterAll(async () => {
  await browser?.close();
});

/** One list: where it is, what its cards are called, what to search for, and what a card must show. */
interface ListCase {
  name: string;
  path: string;
  testId: string;
  q: () => string;
  /** The fact on the card holding a date (its text must carry a year). */
  dateFact?: string;
  /** Whether the card has a status chip (or, for invoices, the total) in its top line. */
  status: boolean;
  /** The roles that see the list, and whether each has row actions. */
  roles: Partial<Record<Role, boolean>>;
}

const LISTS: ListCase[] = [
  { name: 'vehicles', path: '/vehicles', testId: 'vehicles-table', q: () => MARK, dateFact: 'createdAt', status: true, roles: { superAdmin: true, companyAdmin: true, shipper: true, buyer: false } },
  { name: 'containers', path: '/containers', testId: 'containers-table', q: () => container.number, dateFact: 'arrivalDate', status: true, roles: { superAdmin: true, companyAdmin: true, shipper: true } },
  { name: 'invoices', path: '/invoices', testId: 'invoices-table', q: () => `${MARK} Buyer`, dateFact: 'issuedDate', status: true, roles: { superAdmin: true, companyAdmin: true, shipper: true } },
  { name: 'users', path: '/users', testId: 'users-table', q: () => mark, dateFact: 'createdAt', status: true, roles: { superAdmin: true, companyAdmin: true } },
  { name: 'companies', path: '/companies', testId: 'companies-table', q: () => MARK, dateFact: 'createdAt', status: true, roles: { superAdmin: true } },
  { name: 'ports', path: '/ports', testId: 'ports-table', q: () => MARK, status: false, roles: { superAdmin: true, companyAdmin: false } },
  { name: 'documents', path: '/documents', testId: 'documents-list', q: () => mark, dateFact: 'createdAt', status: false, roles: { superAdmin: true, shipper: true } },
  // Searched by who acted: this file's users have signed in (their events are in the record).
  { name: 'activity', path: '/audit-log', testId: 'activity-table', q: () => mark, dateFact: 'createdAt', status: true, roles: { superAdmin: false, companyAdmin: false } },
];

const searched = (path: string, q: string) => `${path}?filter=${encodeURIComponent(JSON.stringify({ q }))}`;

/** Elements that scroll sideways (the page itself included), by a short description, for a readable failure. */
const sidewaysScrollers = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) found.push(`document ${doc.scrollWidth} > ${window.innerWidth}`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const overflowX = getComputedStyle(element).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) {
        found.push(`${element.tagName.toLowerCase()}.${String(element.className).split(' ').slice(0, 2).join('.')} ${element.scrollWidth} > ${element.clientWidth}`);
      }
    }
    return found;
  });

const PHONE = { width: 390, height: 844 };

for (const language of ['en', 'ar'] as const) {
  describe(`phone layouts in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    for (const role of ['superAdmin', 'companyAdmin', 'shipper', 'buyer'] as const) {
      it(`shows every list of a ${role} as cards that fit 390 px`, async () => {
        const { context, page } = await newPage(browser, { language, ...PHONE });
        try {
          await openSignedIn(page, accounts[role].username, accounts[role].password);
          await page.getByTestId('count-vehicles').waitFor();
          expect(await sidewaysScrollers(page), 'dashboard').toEqual([]);
          await screenshot(page, `${language}-phone-${role}-dashboard`);

          // The header's language switch says which language it switches to.
          const switchText = (await page.getByTestId('language-switch').innerText()).trim();
          expect(switchText).toBe(t(language, 'language.switchToShort'));

          for (const list of LISTS.filter((item) => role in item.roles)) {
            await goInConsole(page, searched(list.path, list.q()));
            const cards = page.locator(`[data-testid="${list.testId}"][data-layout="cards"]`);
            await cards.waitFor();
            const card = cards.getByTestId('record-card').first();
            await card.waitFor();
            expect(await sidewaysScrollers(page), `${list.name} as ${role}`).toEqual([]);
            // No table at all: nothing is hidden behind sideways scrolling.
            expect(await page.locator('table').count(), list.name).toBe(0);
            if (list.status) expect(await card.getByTestId('card-status').isVisible(), `${list.name} status`).toBe(true);
            if (list.dateFact) {
              const date = await card.locator(`[data-fact="${list.dateFact}"] dd`).innerText();
              expect(date, `${list.name} date`).toMatch(/\b20\d\d\b/);
            }
            const hasActions = list.roles[role];
            expect(await card.getByTestId('card-actions').count(), `${list.name} actions`).toBe(hasActions ? 1 : 0);
            if (hasActions) {
              const action = card.getByTestId('card-actions').locator('a, button').first();
              expect(await action.isVisible(), `${list.name} action visible`).toBe(true);
            }
            await screenshot(page, `${language}-phone-${role}-${list.name}`);
          }
        } finally {
          await context.close();
        }
      });
    }

    it('lets a shipper change a status and open a vehicle from its card', async () => {
      const { context, page } = await newPage(browser, { language, ...PHONE });
      try {
        await signInWithSession(page, accounts.shipper.username, accounts.shipper.password);
        await page.goto(searched('/vehicles', vehicle.vin));
        const card = page.locator('[data-testid="vehicles-table"][data-layout="cards"]').getByTestId('record-card').first();
        const next = language === 'en' ? 'SHIPPED' : 'LOADED';
        await card.getByTestId('status-select').click();
        await page.getByRole('option').filter({ has: page.locator(`[data-status="${next}"]`) }).click();
        expect(await takeToast(page)).toContain(t(language, 'msg.vehicleStatusUpdated'));
        await card.locator(`[data-testid="card-status"] [data-status="${next}"]`).waitFor();
        await screenshot(page, `${language}-phone-shipper-status-changed`);

        await card.getByTestId('card-title').getByRole('link', { name: vehicle.vin }).click();
        await page.waitForURL(`**/vehicles/${vehicle.id}/edit`);
      } finally {
        await context.close();
      }
    });

    it('lets the super admin delete a port from its card, after confirming', async () => {
      const port = await api.send('POST', '/ports', { name: `${MARK} Doomed ${language}`, nameAr: 'ميناء للحذف', country: 'OM' });
      const { context, page } = await newPage(browser, { language, ...PHONE });
      try {
        await signInWithSession(page, admin().username, admin().password);
        await page.goto(searched('/ports', port.name));
        const card = page.locator('[data-testid="ports-table"][data-layout="cards"]').getByTestId('record-card').filter({ hasText: port.name });
        await card.getByTestId('delete-button').click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        await screenshot(page, `${language}-phone-port-delete-confirm`);
        await dialog.getByRole('button', { name: t(language, 'ra.action.confirm') }).click();
        await card.waitFor({ state: 'detached' });
        expect(await api.send<any[]>('GET', searched('/ports', port.name))).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('fits the super admin vehicle table in 1280 px without sideways scrolling', async () => {
      const { context, page } = await newPage(browser, { language, width: 1280, height: 800 });
      try {
        await signInWithSession(page, admin().username, admin().password);
        await page.goto('/vehicles');
        await page.locator('table[data-testid="vehicles-table"] tbody tr').first().waitFor();
        await screenshot(page, `${language}-wide-superadmin-vehicles`);
        expect(await sidewaysScrollers(page)).toEqual([]);
        // Status and actions are on screen, not behind a scrollbar.
        const lastCell = await page.locator('table[data-testid="vehicles-table"] tbody tr').first().locator('td').last().boundingBox();
        expect(lastCell!.x).toBeGreaterThanOrEqual(0);
        expect(lastCell!.x + lastCell!.width).toBeLessThanOrEqual(1280);
      } finally {
        await context.close();
      }
    });
  });
}
