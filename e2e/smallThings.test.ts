import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { ApiClient, admin, createContainer, createVehicle, launchBrowser, newPage, screenshot, signIn, takeToast, uniqueCode } from './support';
import { pngBytes, sessionCookie, uploadThroughApi } from './fileHelpers';
import { FAKE_OLLAMA } from '../test/support/fakeOllama';

/**
 * The smaller points of a walk through the console, in English and Arabic: the keyboard reaches
 * every side-navigation entry and never the hidden bulk actions; sort tooltips keep the column's
 * label as it is written; the dashboard's card rows are full for every role at 1440 and 1280 px;
 * the "other container" chip names the container; colour detection asks before replacing a
 * colour; leaving an edited form asks in the console's own dialog, never the browser's.
 */
type Tree = { [key: string]: string | Tree };
type Language = 'en' | 'ar';
type User = { id: number; username: string; password: string };
const LANGUAGES = ['en', 'ar'] as const;
const catalogues = { en: en as unknown as Tree, ar: ar as unknown as Tree };

/** The console's text for a key in a language, with its %{placeholders} filled. */
const t = (language: Language, key: string, params: Record<string, string> = {}) => {
  const text = key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], catalogues[language]) as string;
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
};

let browser: Browser;
let api: ApiClient;
let adminCookie: string;
let company: { id: number; name: string };
let shipper: User;
let companyAdmin: User;
let buyer: User;
/** Every vehicle of this file has this model, so a list searched for it shows only them. */
const MODEL = `Smalls${uniqueCode('M')}`;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  adminCookie = await sessionCookie(admin().username, admin().password);
  company = await api.createCompany('Smalls Things Motors');
  shipper = await api.createUser('SHIPPER', company.id);
  companyAdmin = await api.createUser('COMPANY_ADMIN', company.id);
  buyer = await api.createUser('BUYER', company.id);
  await createVehicle(api, { companyId: company.id, model: MODEL, status: 'LOADED', buyerId: buyer.id });
  // The containers list has a row to sort.
  await createContainer(api, { companyId: company.id, shipperId: shipper.id });
});
afterAll(async () => {
  await browser?.close();
});

/** A signed-in page of the given user, closed after `use`. */
async function asUser<T>(user: { username: string; password: string }, options: { language: Language; width?: number }, use: (page: Page) => Promise<T>) {
  const { context, page } = await newPage(browser, options);
  try {
    await signIn(page, user.username, user.password);
    return await use(page);
  } finally {
    await context.close();
  }
}

describe('the keyboard', () => {
  for (const language of LANGUAGES) {
    it(`reaches every side-navigation entry with Tab and never the hidden bulk actions (${language})`, async () => {
      await asUser(shipper, { language }, async (page) => {
        await page.goto(`/vehicles?filter=${encodeURIComponent(JSON.stringify({ q: MODEL }))}`);
        await page.getByTestId('vehicles-table').locator('tbody tr').first().waitFor();
        const entries = (await page.getByTestId('main-menu').getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
        expect(entries).toContain(t(language, 'nav.containers'));

        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const menuFocused = new Set<string>();
        const bulkFocused: string[] = [];
        let reachedRows = false;
        for (let i = 0; i < 80 && !(reachedRows && menuFocused.size === entries.length); i++) {
          await page.keyboard.press('Tab');
          const focus = await page.evaluate(() => {
            const element = document.activeElement as HTMLElement | null;
            return {
              menu: element?.closest('[data-testid=main-menu]') ? element.innerText.trim() : null,
              bulk: element?.closest('[data-test=bulk-actions-toolbar]') ? element.outerHTML.slice(0, 80) : null,
              row: !!element?.closest('[data-testid=vehicles-table] tbody'),
            };
          });
          if (focus.menu) menuFocused.add(focus.menu);
          if (focus.bulk) bulkFocused.push(focus.bulk);
          reachedRows ||= focus.row;
        }
        expect(reachedRows).toBe(true);
        expect([...menuFocused].sort()).toEqual([...entries].sort());
        expect(bulkFocused).toEqual([]);

        // Once a row is chosen, the bulk action is there and the keyboard reaches it.
        await page.getByTestId('vehicles-table').locator('tbody tr').first().getByRole('checkbox').check();
        await page.getByTestId('bulk-status').waitFor();
        await page.keyboard.press('Shift+Tab');
        let reachedBulk = false;
        for (let i = 0; i < 10 && !reachedBulk; i++) {
          reachedBulk = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'bulk-status');
          if (!reachedBulk) await page.keyboard.press('Shift+Tab');
        }
        expect(reachedBulk).toBe(true);
      });
    });
  }
});

describe('sort tooltips', () => {
  const vinTooltip = { en: 'Sort by VIN, ascending', ar: 'ترتيب حسب رقم الهيكل (VIN)، تصاعديًا' };
  for (const language of LANGUAGES) {
    it(`name every sortable column as its header does (${language})`, async () => {
      await asUser(shipper, { language }, async (page) => {
        for (const resource of ['vehicles', 'containers']) {
          await page.goto(`/${resource}`);
          const labels = page.getByTestId(`${resource}-table`).locator('thead .MuiTableSortLabel-root');
          await labels.first().waitFor();
          const headers = await labels.evaluateAll((elements) =>
            elements.map((element) => ({ header: (element as HTMLElement).innerText.trim(), tooltip: element.getAttribute('aria-label') })),
          );
          expect(headers.length).toBeGreaterThan(3);
          for (const { header, tooltip } of headers) {
            const either = ['ASC', 'DESC'].map((order) => t(language, 'ra.sort.sort_by', { field: header, order: t(language, `ra.sort.${order}`) }));
            expect(either, `${resource}: ${header}`).toContain(tooltip);
          }
        }
        // What the pointer shows, for the VIN column.
        await page.goto('/vehicles');
        await page.getByTestId('vehicles-table').locator('thead .MuiTableSortLabel-root[data-field=vin]').hover();
        const tooltip = page.getByRole('tooltip');
        await tooltip.waitFor();
        expect(await tooltip.innerText()).toBe(vinTooltip[language]);
        await screenshot(page, `smalls-sort-tooltip-${language}`);
      });
    });
  }
});

describe('the dashboard card grid', () => {
  /** How much of each row of a grid its items take (1 = the whole row). */
  const rowFill = (page: Page, testId: string) =>
    page.getByTestId(testId).evaluate((grid) => {
      const width = grid.getBoundingClientRect().width;
      const rows = new Map<number, DOMRect[]>();
      for (const child of Array.from(grid.children)) {
        const box = child.getBoundingClientRect();
        rows.set(Math.round(box.top), [...(rows.get(Math.round(box.top)) ?? []), box]);
      }
      return [...rows.values()].map((row) => (Math.max(...row.map((box) => box.right)) - Math.min(...row.map((box) => box.left))) / width);
    });

  const roles = () => [
    { name: 'super admin', user: admin(), grids: ['count-cards', 'status-board', 'recent-cards'] },
    { name: 'company admin', user: companyAdmin, grids: ['count-cards', 'status-board', 'recent-cards'] },
    { name: 'shipper', user: shipper, grids: ['count-cards', 'status-board', 'recent-cards'] },
    { name: 'buyer', user: buyer, grids: ['count-cards', 'recent-cards'] },
  ];
  for (const [language, width] of [['en', 1440], ['ar', 1280]] as const) {
    it(`leaves no row half empty for any role at ${width} px (${language})`, async () => {
      for (const { name, user, grids } of roles()) {
        await asUser(user, { language, width }, async (page) => {
          await page.getByTestId('dashboard').waitFor();
          await page.getByTestId('count-cards').locator('[data-testid^=count-]').first().waitFor();
          await page.getByTestId('recent-vehicles').locator('li, p').first().waitFor();
          for (const grid of grids) {
            const fill = await rowFill(page, grid);
            expect(fill.length, `${name}: ${grid}`).toBeGreaterThan(0);
            for (const row of fill) expect(row, `${name}: a row of ${grid}`).toBeGreaterThan(0.98);
          }
          if (name === 'shipper') await screenshot(page, `smalls-dashboard-shipper-${width}-${language}`);
        });
      }
    });
  }
});

describe('the available vehicles of a container', () => {
  it('name the other container a vehicle is in, in English and Arabic', async () => {
    const here = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const elsewhere = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const vehicle = await createVehicle(api, { companyId: company.id, model: MODEL, containerId: elsewhere.id });
    for (const language of LANGUAGES) {
      await asUser(shipper, { language }, async (page) => {
        await page.goto(`/containers/${here.id}`);
        const available = page.getByTestId('section-available');
        await available.getByTestId('available-search').fill(vehicle.vin);
        const row = available.getByRole('row').filter({ hasText: vehicle.vin });
        const chip = row.getByTestId('assignment');
        expect(await chip.innerText()).toBe(t(language, 'containers.otherContainer', { number: elsewhere.number }));
        expect(await chip.innerText()).toContain(elsewhere.number);
        await screenshot(page, `smalls-other-container-${language}`);
      });
    }
  });
});

describe('colour detection', () => {
  const colorInput = (page: Page) => page.locator('input[name="vehicleInfo.color"]');

  for (const language of LANGUAGES) {
    it(`asks before replacing a colour that is there, and fills an empty field at once (${language})`, async () => {
      const vehicle = await createVehicle(api, { companyId: company.id, model: MODEL, vehicleInfo: { color: 'Red' } });
      await uploadThroughApi(adminCookie, `/vehicles/${vehicle.id}/files`, [{ name: 'side.png', bytes: await pngBytes({ r: 20, g: 20, b: 190 }), type: 'image/png' }]);
      await asUser(shipper, { language }, async (page) => {
        await page.goto(`/vehicles/${vehicle.id}/edit`);
        const detect = page.getByTestId('section-images').getByTestId('detect-color');
        await detect.waitFor();
        expect(await colorInput(page).inputValue()).toBe('Red');
        const colors = { current: t(language, 'ai.colors.Red'), detected: t(language, `ai.colors.${FAKE_OLLAMA.color}`) };

        // Keep: the typed colour stays, nothing is announced.
        await detect.click();
        const dialog = page.getByTestId('replace-color-dialog');
        await dialog.getByRole('dialog').waitFor();
        expect(await dialog.getByRole('heading').innerText()).toBe(t(language, 'ai.replaceColorTitle'));
        expect(await dialog.locator('.MuiDialogContentText-root').innerText()).toBe(t(language, 'ai.replaceColorText', colors));
        expect(await colorInput(page).inputValue()).toBe('Red');
        await screenshot(page, `smalls-replace-color-${language}`);
        await dialog.getByRole('button', { name: t(language, 'ai.keepColor') }).click();
        await dialog.getByRole('dialog').waitFor({ state: 'detached' });
        expect(await colorInput(page).inputValue()).toBe('Red');
        expect(await page.getByTestId('toast').count()).toBe(0);

        // Replace: the detected colour goes in, with its toast.
        await detect.click();
        await dialog.getByRole('button', { name: t(language, 'ai.replaceColor') }).click();
        expect(await takeToast(page)).toBe(t(language, 'vehicles.colorDetected', { color: colors.detected }));
        expect(await colorInput(page).inputValue()).toBe(FAKE_OLLAMA.color);

        // An empty field is filled without a question.
        await colorInput(page).fill('');
        await detect.click();
        expect(await takeToast(page)).toBe(t(language, 'vehicles.colorDetected', { color: colors.detected }));
        expect(await colorInput(page).inputValue()).toBe(FAKE_OLLAMA.color);
        expect(await page.getByTestId('replace-color-dialog').count()).toBe(0);
      });
    });
  }
});

describe('unsaved changes', () => {
  for (const language of LANGUAGES) {
    it(`are asked about in the console's own dialog, never the browser's (${language})`, async () => {
      const vehicle = await createVehicle(api, { companyId: company.id, model: MODEL });
      await asUser(shipper, { language }, async (page) => {
        const nativeDialogs: string[] = [];
        page.on('dialog', (dialog) => {
          nativeDialogs.push(dialog.type());
          void dialog.dismiss();
        });
        const editPath = `/vehicles/${vehicle.id}/edit`;
        await page.goto(editPath);
        const model = page.locator('input[name="model"]');
        await model.fill(`${MODEL}X`);

        // Stay: the page and the typed value remain.
        await page.getByRole('link', { name: t(language, 'vehicles.backToList') }).click();
        const dialog = page.getByTestId('unsaved-changes-dialog');
        await dialog.getByRole('dialog').waitFor();
        expect(await dialog.getByRole('heading').innerText()).toBe(t(language, 'unsavedChanges.title'));
        expect(await dialog.locator('.MuiDialogContentText-root').innerText()).toBe(t(language, 'unsavedChanges.text'));
        // "Stay" has the focus: Enter keeps the changes.
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('unsaved-stay');
        await screenshot(page, `smalls-unsaved-changes-${language}`);
        await page.keyboard.press('Enter');
        await dialog.getByRole('dialog').waitFor({ state: 'detached' });
        expect(new URL(page.url()).pathname).toBe(editPath);
        expect(await model.inputValue()).toBe(`${MODEL}X`);

        // Leave, from the side navigation: the list opens.
        await page.getByTestId('main-menu').getByRole('menuitem', { name: t(language, 'nav.vehicles') }).click();
        await dialog.getByRole('button', { name: t(language, 'unsavedChanges.leave') }).click();
        await page.waitForURL((url) => url.pathname === '/vehicles');
        await page.getByTestId('vehicles-table').waitFor();
        expect(await page.getByTestId('vehicle-edit').count()).toBe(0);

        // A save leaves without a question.
        await page.goto(editPath);
        await model.fill(`${MODEL}Y`);
        await page.getByTestId('vehicle-save').click();
        await page.waitForURL((url) => url.pathname === '/vehicles');
        expect(await page.getByTestId('unsaved-changes-dialog').count()).toBe(0);
        expect((await api.send('GET', `/vehicles/${vehicle.id}`)).model).toBe(`${MODEL}Y`);
        expect(nativeDialogs).toEqual([]);
      });
    });
  }
});
