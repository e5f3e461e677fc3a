import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { ApiClient, createContainer, createVehicle, launchBrowser, newPage, screenshot, settled, signInWithSession, uniqueCode, windowScreenshot } from './support';

/**
 * Toasts that never sit on the button the user presses next (the sticky Save bar, a dialog's
 * Generate invoice), one at a time (a new one replaces the current), none from a page the user has
 * left; Undo for status changes and deletes, with the database unchanged after it; bulk delete for
 * the roles that may delete, after a confirmation. English and Arabic, with screenshots.
 * Every record here is named 'Toasts…' so other files' searches never meet them.
 */
let browser: Browser;
let api: ApiClient;
type User = { id: number; username: string; password: string };

const LANGUAGES = ['en', 'ar'] as const;
const TEXT = {
  en: {
    statusUpdated: en.msg.vehicleStatusUpdated,
    vehicleUpdated: en.msg.vehicleUpdated,
    vehicleDeleted: en.msg.vehicleDeleted,
    undo: 'Undo',
    confirm: 'Confirm',
    cancel: 'Cancel',
    bulkTitle: 'Delete 2 vehicles?',
    bulkDeleted: '2 vehicles deleted',
    atWarehouse: en.vehicleStatus.AT_WAREHOUSE,
  },
  ar: {
    statusUpdated: ar.msg.vehicleStatusUpdated,
    vehicleUpdated: ar.msg.vehicleUpdated,
    vehicleDeleted: ar.msg.vehicleDeleted,
    undo: ar.ra.action.undo,
    confirm: ar.ra.action.confirm,
    cancel: ar.ra.action.cancel,
    bulkTitle: 'حذف مركبتين؟',
    bulkDeleted: 'تم حذف مركبتين',
    atWarehouse: ar.vehicleStatus.AT_WAREHOUSE,
  },
};

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
});
afterAll(async () => {
  await browser?.close();
});

const searched = (q: string) => `/vehicles?filter=${encodeURIComponent(JSON.stringify({ q }))}`;
const rowOf = (page: Page, text: string) => page.getByTestId('vehicles-table').getByRole('row').filter({ hasText: text });
const vehicleOrNull = (id: number) => api.send('GET', `/vehicles/${id}`).catch((error: Error) => (/404/.test(error.message) ? null : Promise.reject(error)));

/** The side navigation's link to the containers: a move inside the console, not a page load. */
const containersLink = (page: Page) => page.getByTestId('main-menu').locator('a[href="/containers"]');

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast's box once its entrance and any lift above a bar have finished. */
async function settledBox(toast: Locator): Promise<Box> {
  await toast.waitFor();
  await settled(toast.page());
  return (await toast.boundingBox())!;
}

/** Counts the toasts on screen at every DOM change from now on: `maxToasts()` is the most seen at once. */
async function watchToastCount(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __maxToasts: number };
    w.__maxToasts = 0;
    new MutationObserver(() => {
      w.__maxToasts = Math.max(w.__maxToasts, document.querySelectorAll('[data-testid=toast]').length);
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __maxToasts: number }).__maxToasts);
}

/** Picks a status in a row's dropdown by its label. */
async function chooseStatus(page: Page, row: Locator, label: string) {
  await row.getByTestId('status-select').click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

for (const language of LANGUAGES) {
  describe(`toasts and undo (${language})`, () => {
    const text = TEXT[language];
    const shot = (page: Page, name: string) => screenshot(page, `${language}-toasts-${name}`);
    let company: { id: number };
    let shipper: User;
    let companyAdmin: User;

    beforeAll(async () => {
      company = await api.createCompany(`Toasts Traders ${language}`, uniqueCode('TT'));
      shipper = await api.createUser('SHIPPER', company.id);
      companyAdmin = await api.createUser('COMPANY_ADMIN', company.id);
    });

    it('puts an error toast clear of the sticky Save bar, on a wide screen and on a phone', async () => {
      const vehicle = await createVehicle(api, { companyId: company.id, model: `ToastsSave${language}` });
      for (const width of [1440, 390]) {
        const { context, page } = await newPage(browser, { language, width, height: 800 });
        try {
          await signInWithSession(page, shipper.username, shipper.password);
          await page.route(`**/api/vehicles/${vehicle.id}`, (route) =>
            route.request().method() === 'PATCH'
              ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Toasts: the save was refused' }) })
              : route.continue(),
          );
          await page.goto(`/vehicles/${vehicle.id}/edit`);
          const save = page.getByTestId('vehicle-save');
          await save.click();
          const toast = page.getByTestId('toast');
          expect(await toast.innerText()).toContain('Toasts: the save was refused');
          const bar = (await page.locator('[data-sticky-actions]').boundingBox())!;
          const box = await settledBox(toast);
          expect(intersects(box, bar), `toast ${JSON.stringify(box)} over the Save bar ${JSON.stringify(bar)} at ${width} px`).toBe(false);
          // At the window's bottom on a wide screen (above the bar), at the top on a phone.
          if (width === 1440) expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
          else expect(box.y).toBeLessThan(200);
          await windowScreenshot(page, `${language}-toasts-save-bar-${width}`);
        } finally {
          await context.close();
        }
      }
    });

    it("puts an error toast clear of the invoice dialog's buttons", async () => {
      const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
      const { context, page } = await newPage(browser, { language, width: 1440, height: 800 });
      try {
        await signInWithSession(page, shipper.username, shipper.password);
        await page.route('**/api/invoice', (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Toasts: no invoice today' }) }),
        );
        await page.goto(`/containers/${container.id}`);
        await page.getByTestId('container-invoice-button').click();
        const dialog = page.getByTestId('container-invoice-dialog');
        await dialog.waitFor();
        await dialog.locator('input[name=buyerName]').fill('Toasts Buyer');
        await dialog.locator('input[name=salePrice]').fill('1000');
        await dialog.getByTestId('generate-invoice').click();
        const toast = page.getByTestId('toast');
        await toast.waitFor();
        const actions = (await dialog.locator('.MuiDialogActions-root').boundingBox())!;
        const box = await settledBox(toast);
        expect(intersects(box, actions), `toast ${JSON.stringify(box)} over the dialog's buttons ${JSON.stringify(actions)}`).toBe(false);
        expect(await dialog.isVisible()).toBe(true);
        await windowScreenshot(page, `${language}-toasts-invoice-dialog`);
      } finally {
        await context.close();
      }
    });

    it('shows one toast at a time: three quick status changes leave the last one, whose Undo undoes only that change', async () => {
      const model = `ToastsTriple${language}${uniqueCode('')}`;
      const vehicles: Record<string, any>[] = [];
      for (let i = 0; i < 3; i++) vehicles.push(await createVehicle(api, { companyId: company.id, model, status: 'NEW_PURCHASE' }));
      const { context, page } = await newPage(browser, { language, width: 1440 });
      try {
        await signInWithSession(page, shipper.username, shipper.password);
        await page.goto(searched(model));
        for (const vehicle of vehicles) await rowOf(page, vehicle.vin).waitFor();
        const maxToasts = await watchToastCount(page);
        const toast = page.getByTestId('toast');
        for (const vehicle of vehicles) {
          await chooseStatus(page, rowOf(page, vehicle.vin), text.atWarehouse);
          await toast.waitFor();
        }
        expect(await toast.count()).toBe(1);
        expect(await toast.innerText()).toContain(text.statusUpdated);
        // Every row shows its new status while the last toast offers Undo, none springing back once
        // the page is at rest.
        await settled(page);
        expect(await toast.count()).toBe(1);
        for (const vehicle of vehicles) expect(await rowOf(page, vehicle.vin).getByTestId('status-chip').innerText()).toBe(text.atWarehouse);
        await shot(page, 'status-undo');
        // Undo on the toast on screen: the third change is dropped, the first two were sent when replaced.
        await toast.getByTestId('toast-undo').click();
        await toast.waitFor({ state: 'detached' });
        expect(await rowOf(page, vehicles[2].vin).getByTestId('status-chip').innerText()).not.toBe(text.atWarehouse);
        await expect.poll(async () => (await Promise.all(vehicles.map((v) => vehicleOrNull(v.id)))).map((v) => v?.status)).toEqual([
          'AT_WAREHOUSE',
          'AT_WAREHOUSE',
          'NEW_PURCHASE',
        ]);
        // Nothing queued behind it: no toast comes back once the page is at rest, and there was never more than one.
        await settled(page);
        expect(await toast.count()).toBe(0);
        expect(await maxToasts()).toBe(1);
        expect((await vehicleOrNull(vehicles[2].id)).statusHistory.map((e: { toStatus: string }) => e.toStatus)).toEqual(['NEW_PURCHASE']);
      } finally {
        await context.close();
      }
    });

    it('undoes a delete: the row comes back and the vehicle is still there', async () => {
      const vehicle = await createVehicle(api, { companyId: company.id, model: `ToastsUndoDelete${language}` });
      const { context, page } = await newPage(browser, { language, width: 1440 });
      // The page's clock is Playwright's, so the toast's 5 s can be passed at once, not waited out.
      await page.clock.install();
      try {
        await signInWithSession(page, shipper.username, shipper.password);
        const deletes: string[] = [];
        page.on('request', (request) => request.method() === 'DELETE' && deletes.push(request.url()));
        await page.goto(searched(vehicle.vin));
        const row = rowOf(page, vehicle.vin);
        await row.getByTestId('delete-button').click();
        await page.getByRole('dialog').getByRole('button', { name: text.confirm }).click();
        const toast = page.getByTestId('toast');
        await toast.waitFor();
        expect(await toast.innerText()).toContain(text.vehicleDeleted);
        await row.waitFor({ state: 'detached' });
        await shot(page, 'delete-undo');
        await toast.getByTestId('toast-undo').click();
        await row.waitFor();
        // Past the toast's 5 s: the DELETE was never sent.
        await page.clock.fastForward(5500);
        await settled(page);
        expect(deletes).toEqual([]);
        expect((await vehicleOrNull(vehicle.id))?.vin).toBe(vehicle.vin);
      } finally {
        await context.close();
      }
    });

    it('drops a late confirmation from a page the user has left, never a failed save, and keeps the toast that came with a save', async () => {
      const vehicle = await createVehicle(api, { companyId: company.id, model: `ToastsStale${language}` });
      const { context, page } = await newPage(browser, { language, width: 1440 });
      // The page's clock is Playwright's, so a toast can be made 2 s old at once, not waited for.
      await page.clock.install();
      try {
        await signInWithSession(page, shipper.username, shipper.password);
        const toast = page.getByTestId('toast');
        // A slow save that fails after the user has moved to the containers: its error is still
        // shown (the user must know the change was not stored), and a late confirmation is not.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(`**/api/vehicles/${vehicle.id}`, async (route) => {
          if (route.request().method() !== 'PATCH') return route.continue();
          await held;
          await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Toasts: stale failure' }) });
        });
        await page.goto(`/vehicles/${vehicle.id}/edit`);
        await page.getByTestId('vehicle-save').click();
        await containersLink(page).click();
        await page.waitForURL((url) => url.pathname === '/containers');
        release();
        await toast.waitFor();
        expect(await toast.innerText()).toContain('Toasts: stale failure');
        await page.unroute(`**/api/vehicles/${vehicle.id}`);
        await page.goto(`/vehicles/${vehicle.id}/edit`);
        let releaseSave!: () => void;
        const heldSave = new Promise<void>((resolve) => (releaseSave = resolve));
        await page.route(`**/api/vehicles/${vehicle.id}`, async (route) => {
          if (route.request().method() !== 'PATCH') return route.continue();
          await heldSave;
          await route.continue();
        });
        await page.getByTestId('vehicle-save').click();
        await containersLink(page).click();
        await page.waitForURL((url) => url.pathname === '/containers');
        await toast.waitFor({ state: 'detached' });
        const saveAnswered = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes(`/api/vehicles/${vehicle.id}`));
        releaseSave();
        await saveAnswered;
        await settled(page);
        expect(await toast.count()).toBe(0);
        await page.unroute(`**/api/vehicles/${vehicle.id}`);

        // A toast on screen closes when the user leaves its page.
        await page.route(`**/api/vehicles/${vehicle.id}`, (route) =>
          route.request().method() === 'PATCH'
            ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Toasts: left behind' }) })
            : route.continue(),
        );
        await page.goto(`/vehicles/${vehicle.id}/edit`);
        await page.getByTestId('vehicle-save').click();
        await toast.waitFor();
        // The toast's entrance done (its age counts from there), before the page's clock is held.
        await settled(page);
        // Read, then moved on 2.5 s later by the page's clock (a toast younger than 2 s came with the
        // move); the clock is then held, so the toast's own 5 s cannot be what closes it.
        const shownAt = await page.evaluate(() => Date.now());
        await page.clock.pauseAt(shownAt + 2500);
        await containersLink(page).click();
        await page.waitForURL((url) => url.pathname === '/containers');
        await page.clock.runFor(1000); // its closing transition, still 1.5 s short of the toast's 5 s
        await toast.waitFor({ state: 'detached' });
        await page.clock.resume();
        await page.unroute(`**/api/vehicles/${vehicle.id}`);

        // A save that goes back to the list brings its toast along.
        await page.goto(`/vehicles/${vehicle.id}/edit`);
        await page.getByTestId('vehicle-save').click();
        await page.waitForURL((url) => url.pathname === '/vehicles');
        await toast.waitFor();
        expect(await toast.innerText()).toContain(text.vehicleUpdated);
        await shot(page, 'saved-on-list');
      } finally {
        await context.close();
      }
    });

    it('deletes the selected vehicles after a confirmation; a company admin has no bulk delete', async () => {
      const model = `ToastsBulk${language}${uniqueCode('')}`;
      const [first, second, kept] = [
        await createVehicle(api, { companyId: company.id, model }),
        await createVehicle(api, { companyId: company.id, model }),
        await createVehicle(api, { companyId: company.id, model }),
      ];
      const { context, page } = await newPage(browser, { language, width: 1440 });
      try {
        await signInWithSession(page, shipper.username, shipper.password);
        await page.goto(searched(model));
        await rowOf(page, kept.vin).waitFor();
        await rowOf(page, first.vin).getByRole('checkbox').check();
        await rowOf(page, second.vin).getByRole('checkbox').check();
        await page.getByTestId('bulk-delete').click();
        const confirm = page.getByRole('dialog');
        expect(await confirm.innerText()).toContain(text.bulkTitle);
        await shot(page, 'bulk-delete-confirm');
        await confirm.getByRole('button', { name: text.cancel }).click();
        await confirm.waitFor({ state: 'hidden' });
        expect(await rowOf(page, first.vin).count()).toBe(1);
        expect(await vehicleOrNull(first.id)).not.toBeNull();

        await page.getByTestId('bulk-delete').click();
        await page.getByRole('dialog').getByRole('button', { name: text.confirm }).click();
        const toast = page.getByTestId('toast');
        await toast.waitFor();
        expect(await toast.innerText()).toContain(text.bulkDeleted);
        await rowOf(page, first.vin).waitFor({ state: 'detached' });
        expect(await rowOf(page, second.vin).count()).toBe(0);
        await shot(page, 'bulk-deleted');
        // Closing the toast sends the deletes.
        await toast.getByTestId('toast-close').click();
        await expect.poll(async () => [await vehicleOrNull(first.id), await vehicleOrNull(second.id)]).toEqual([null, null]);
        expect((await vehicleOrNull(kept.id))?.vin).toBe(kept.vin);

        // The containers list has the same bulk delete for the roles that may delete containers.
        const boxes = [await createContainer(api, { companyId: company.id, shipperId: shipper.id }), await createContainer(api, { companyId: company.id, shipperId: shipper.id })];
        await page.goto('/containers');
        const containerRow = (number: string) => page.getByTestId('containers-table').getByRole('row').filter({ hasText: number });
        // The list settled first: a row checked while the page still reads (the user, the list
        // again) can be drawn anew under the click, which then leaves the box unchecked.
        for (const box of boxes) await containerRow(box.number).waitFor();
        await page.waitForLoadState('networkidle');
        for (const box of boxes) await containerRow(box.number).getByRole('checkbox').check();
        await page.getByTestId('bulk-delete').click();
        await page.getByRole('dialog').getByRole('button', { name: text.confirm }).click();
        await toast.waitFor();
        await toast.getByTestId('toast-close').click();
        const containerOrNull = (id: number) => api.send('GET', `/containers/${id}`).catch((error: Error) => (/404/.test(error.message) ? null : Promise.reject(error)));
        await expect.poll(async () => [await containerOrNull(boxes[0].id), await containerOrNull(boxes[1].id)]).toEqual([null, null]);
      } finally {
        await context.close();
      }

      const other = await newPage(browser, { language, width: 1440 });
      try {
        await signInWithSession(other.page, companyAdmin.username, companyAdmin.password);
        await other.page.goto(searched(model));
        await rowOf(other.page, kept.vin).getByRole('checkbox').check();
        await other.page.getByTestId('bulk-status').waitFor();
        expect(await other.page.getByTestId('bulk-delete').count()).toBe(0);
        await screenshot(other.page, `${language}-toasts-bulk-company-admin`);
      } finally {
        await other.context.close();
      }
    });
  });
}

