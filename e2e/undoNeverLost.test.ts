import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { ApiClient, createVehicle, launchBrowser, newPage, screenshot, settled, signIn, uniqueCode, windowScreenshot } from './support';

/**
 * A change the console acknowledged ("updated", with Undo) reaches the server even when the user
 * does not wait for the Undo window: signing out sends it first, and reloading, closing or hiding
 * the page sends it with fetch keepalive. A change that fails on the way still says so.
 * The page's clock is held once the toast shows, so the Undo window can never run out by itself
 * while the test acts: whatever sends the change is the sign-out, the reload or the close.
 * Every record here is named 'NeverLost…' so other files' searches never meet them.
 */
let browser: Browser;
let api: ApiClient;

const LANGUAGES = ['en', 'ar'] as const;
const MESSAGES = { en, ar };
const WIDTHS = [1440, 390] as const;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
});
afterAll(async () => {
  await browser?.close();
});

const searched = (q: string) => `/vehicles?filter=${encodeURIComponent(JSON.stringify({ q }))}`;
const statusOf = async (id: number) => (await api.send('GET', `/vehicles/${id}`)).status as string;

/** Opens the list searched for the vehicle, picks a status in its dropdown, and holds the page's clock once the Undo toast shows. */
async function changeStatus(page: Page, vin: string, label: string) {
  await page.goto(searched(vin));
  const select = page.getByTestId('status-select');
  await select.click();
  await page.getByRole('option', { name: label, exact: true }).click();
  const toast = page.getByTestId('toast');
  await toast.getByTestId('toast-undo').waitFor();
  // The dropdown's closing transition runs on the page's clock too: done before the clock is held.
  // (the popover itself: its list counts as gone for roles as soon as it is aria-hidden). A phone
  // list also keeps its sort menu mounted, hidden (MuiModal-hidden): that one is not waited for.
  await expect.poll(() => page.locator('.MuiPopover-root:not(.MuiModal-hidden)').count()).toBe(0);
  // Held 100 ms after the page's now; on a busy machine that moment may have passed before the
  // call reaches the page (the clock refuses to go back): then again, from the new now.
  for (;;) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
      break;
    } catch (error) {
      if (!/to the past/.test(String(error))) throw error;
    }
  }
  return toast;
}

/** The page behaves as when the user switches to another tab (or a phone's home screen), and back. */
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', { value: isHidden ? 'hidden' : 'visible', configurable: true });
    Object.defineProperty(document, 'hidden', { value: isHidden, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

for (const language of LANGUAGES) {
  describe(`no change lost to Undo (${language})`, () => {
    const t = MESSAGES[language];
    let company: { id: number };
    let shipper: { username: string; password: string };

    beforeAll(async () => {
      company = await api.createCompany(`NeverLost Traders ${language}`, uniqueCode('NL'));
      shipper = await api.createUser('SHIPPER', company.id);
    });

    for (const width of WIDTHS) {
      it(`sends a status change waiting for Undo before signing out, and stays signed in when it fails (${width} px)`, async () => {
        const vehicle = await createVehicle(api, { companyId: company.id, model: `NeverLostOut${language}${width}`, status: 'NEW_PURCHASE' });
        const { context, page } = await newPage(browser, { language, width });
        await page.clock.install();
        try {
          await signIn(page, shipper.username, shipper.password);
          // First a change the server refuses: the sign-out waits for its answer, shows why, and stays.
          await page.route(`**/api/vehicles/${vehicle.id}/status`, (route) =>
            route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'NeverLost: refused' }) }),
          );
          const toast = await changeStatus(page, vehicle.vin, t.vehicleStatus.AT_WAREHOUSE);
          expect(await statusOf(vehicle.id)).toBe('NEW_PURCHASE');
          // The toast leaves the header (Logout, the menu, the bell) uncovered, on a phone too.
          const header = (await page.locator('header').first().boundingBox())!;
          const box = (await toast.boundingBox())!;
          expect(box.y, `toast ${JSON.stringify(box)} over the header ${JSON.stringify(header)}`).toBeGreaterThanOrEqual(header.y + header.height);
          await page.getByTestId('logout-button').click();
          // The click took the waiting change: from here the Undo window running out changes nothing.
          await page.clock.resume();
          await expect.poll(() => toast.innerText()).toContain('NeverLost: refused');
          expect(new URL(page.url()).pathname).toBe('/vehicles');
          await screenshot(page, `${language}-never-lost-signout-failed-${width}`);
          await page.unroute(`**/api/vehicles/${vehicle.id}/status`);

          // Then one that goes through: signing out sends it, and only then leaves.
          await changeStatus(page, vehicle.vin, t.vehicleStatus.AT_WAREHOUSE);
          expect(await statusOf(vehicle.id)).toBe('NEW_PURCHASE');
          await page.getByTestId('logout-button').click();
          await page.clock.resume();
          await page.waitForURL((url) => url.pathname === '/auth');
          expect(await statusOf(vehicle.id)).toBe('AT_WAREHOUSE');
          await screenshot(page, `${language}-never-lost-signed-out-${width}`);
        } finally {
          await context.close();
        }
      });
    }

    it('sends a status change waiting for Undo when the page is reloaded, without asking (1440 px)', async () => {
      const vehicle = await createVehicle(api, { companyId: company.id, model: `NeverLostReload${language}`, status: 'NEW_PURCHASE' });
      const { context, page } = await newPage(browser, { language, width: 1440 });
      await page.clock.install();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.type());
        void dialog.accept();
      });
      try {
        await signIn(page, shipper.username, shipper.password);
        await changeStatus(page, vehicle.vin, t.vehicleStatus.AT_PORT);
        await windowScreenshot(page, `${language}-never-lost-before-reload`);
        expect(await statusOf(vehicle.id)).toBe('NEW_PURCHASE');
        await page.reload();
        await expect.poll(() => statusOf(vehicle.id)).toBe('AT_PORT');
        // The browser's generic "Leave site?" was never needed.
        expect(dialogs).toEqual([]);
        await page.clock.resume();
        await page.getByTestId('status-select').waitFor();
        await settled(page);
        expect(await page.getByTestId('toast').count()).toBe(0);
      } finally {
        await context.close();
      }
    });

    it('sends a status change waiting for Undo when the tab is closed (390 px)', async () => {
      const vehicle = await createVehicle(api, { companyId: company.id, model: `NeverLostClose${language}`, status: 'NEW_PURCHASE' });
      const { context, page } = await newPage(browser, { language, width: 390, height: 844 });
      await page.clock.install();
      try {
        await signIn(page, shipper.username, shipper.password);
        await changeStatus(page, vehicle.vin, t.vehicleStatus.SHIPPED);
        await windowScreenshot(page, `${language}-never-lost-before-close-390`);
        expect(await statusOf(vehicle.id)).toBe('NEW_PURCHASE');
        await page.close({ runBeforeUnload: true });
        await expect.poll(() => statusOf(vehicle.id)).toBe('SHIPPED');
      } finally {
        await context.close();
      }
    });

    it('sends a deletion waiting for Undo when the page is hidden; a failed status change shows its error when the user comes back', async () => {
      const kept = await createVehicle(api, { companyId: company.id, model: `NeverLostHidden${language}`, status: 'NEW_PURCHASE' });
      const { context, page } = await newPage(browser, { language, width: 1440 });
      await page.clock.install();
      try {
        await signIn(page, shipper.username, shipper.password);
        await page.route(`**/api/vehicles/${kept.id}/status`, (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'NeverLost: not now' }) }),
        );
        const toast = await changeStatus(page, kept.vin, t.vehicleStatus.AT_WAREHOUSE);
        await setHidden(page, true);
        await setHidden(page, false);
        await expect.poll(() => toast.innerText()).toContain('NeverLost: not now');
        // The row shows the status the server kept.
        await expect.poll(() => page.getByTestId('status-chip').first().innerText()).toBe(t.vehicleStatus.NEW_PURCHASE);
        await windowScreenshot(page, `${language}-never-lost-hidden-failed`);
        await page.unroute(`**/api/vehicles/${kept.id}/status`);
        await page.clock.resume();

        const gone = await createVehicle(api, { companyId: company.id, model: `NeverLostGone${language}` });
        await page.goto(searched(gone.vin));
        await page.getByTestId('delete-button').click();
        await page.getByRole('dialog').getByRole('button', { name: t.ra.action.confirm }).click();
        await toast.getByTestId('toast-undo').waitFor();
        await page.locator('.MuiDialog-root').waitFor({ state: 'detached' });
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
        await setHidden(page, true);
        await expect.poll(() => api.send('GET', `/vehicles/${gone.id}`).then(() => 'there', (error: Error) => (/404/.test(error.message) ? 'gone' : String(error)))).toBe('gone');
        // Undo no longer stands on screen for a change already sent (its closing transition runs on the page's clock).
        await setHidden(page, false);
        await page.clock.resume();
        await toast.waitFor({ state: 'detached' });
      } finally {
        await context.close();
      }
    });
  });
}
