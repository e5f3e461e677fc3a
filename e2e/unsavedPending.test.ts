import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { ApiClient, createVehicle, launchBrowser, newPage, settled, signInWithSession, uniqueCode, windowScreenshot } from './support';

/**
 * The unsaved-changes guard names the changes still waiting in their toast's Undo window (issue 33,
 * point 1): a status change made on the list, then a vehicle opened and edited, then a move away
 * asks about the unsaved edits and says which status changes wait and that they are sent whether
 * the user stays or leaves. They are: the server has them once the toast goes. Once nothing waits,
 * the question names nothing. English at 1440 px (one change), Arabic at 390 px (two: the dual).
 * The page's clock is held once the toast shows and moved on by hand, so the Undo window cannot
 * run out while the test acts, however slow the machine.
 * Every record here is named 'UnsavedPending…' so other files' searches never meet them.
 */
let browser: Browser;
let api: ApiClient;

const MESSAGES = { en, ar };

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
});
afterAll(async () => {
  await browser?.close();
});

/** Moves the held clock on in small steps until `done` holds, within `budgetMs` of the page's time (the Undo window is 5 s). */
async function stepUntil(page: Page, done: () => Promise<boolean>, what: string, budgetMs = 3000) {
  for (let spent = 0; ; spent += 50) {
    if (await done()) return;
    if (spent >= budgetMs) throw new Error(`${what}: not reached within ${budgetMs} ms of the page's time`);
    await page.clock.runFor(50);
  }
}

const statusOf = async (id: number) => (await api.send('GET', `/vehicles/${id}`)).status as string;

const CASES = [
  { language: 'en', width: 1440, height: 900, statuses: ['SHIPPED'] },
  { language: 'ar', width: 390, height: 844, statuses: ['SHIPPED', 'AT_PORT'] },
] as const;

for (const { language, width, height, statuses } of CASES) {
  describe(`the unsaved-changes guard names the waiting changes (${language}, ${width} px)`, () => {
    const t = MESSAGES[language];
    let company: { id: number };
    let shipper: { username: string; password: string };

    beforeAll(async () => {
      company = await api.createCompany(`UnsavedPending Traders ${language}`, uniqueCode('UP'));
      shipper = await api.createUser('SHIPPER', company.id);
    });

    it('names each status change waiting for Undo, says it is sent either way, and sends it', async () => {
      const model = `UnsavedPending${language}${uniqueCode('')}`;
      const changed: Record<string, any>[] = [];
      for (let i = 0; i < statuses.length; i++) changed.push(await createVehicle(api, { companyId: company.id, model, status: 'NEW_PURCHASE' }));
      // Created last, so first in the list (newest first): the one edited.
      const edited = await createVehicle(api, { companyId: company.id, model, status: 'NEW_PURCHASE' });
      const { context, page } = await newPage(browser, { language, width, height });
      await page.clock.install();
      try {
        await signInWithSession(page, shipper.username, shipper.password);
        await page.goto(`/vehicles?filter=${encodeURIComponent(JSON.stringify({ q: model }))}`);
        const row = (vin: string) => page.getByTestId('vehicles-table').locator('tbody tr, [data-testid=record-card]').filter({ hasText: vin });
        await row(edited.vin).waitFor();
        const toast = page.getByTestId('toast');
        for (const [index, vehicle] of changed.entries()) {
          await row(vehicle.vin).getByTestId('status-select').click();
          await page.getByRole('option', { name: t.vehicleStatus[statuses[index]], exact: true }).click();
          await expect.poll(() => page.locator('.MuiPopover-root:not(.MuiModal-hidden)').count(), { timeout: 10_000 }).toBe(0);
        }
        await toast.getByTestId('toast-undo').waitFor();
        // From here the page's clock moves only when the test moves it: the Undo window stays open.
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);

        // Open the other vehicle from its row and change a field without saving.
        await row(edited.vin).getByTestId('edit-vehicle').click();
        const modelInput = page.locator('input[name="model"]');
        await stepUntil(page, () => modelInput.isVisible(), 'the vehicle page');
        await stepUntil(page, async () => (await modelInput.inputValue()) === model, 'the vehicle loaded');
        await modelInput.fill(`${model}X`);

        // Back to the list (on a phone with its Back, the toast being over the page's own link):
        // the guard asks, and names the waiting changes.
        if (width > 600) await page.getByRole('link', { name: t.vehicles.backToList }).click();
        else await page.evaluate(() => history.back());
        const dialog = page.getByTestId('unsaved-changes-dialog');
        const pending = dialog.getByTestId('unsaved-pending');
        await stepUntil(page, () => pending.isVisible(), 'the question');
        const statusLines = dialog.getByTestId('unsaved-pending-status');
        const heading = statusLines.locator('p').first();
        // One change in English; two in Arabic, which says "two" with the dual, not a number.
        expect(await heading.innerText()).toBe(language === 'en' ? '1 status change waiting to be sent:' : 'تغييران للحالة بانتظار الإرسال:');
        const items = await statusLines.locator('li').allInnerTexts();
        expect(items.length).toBe(statuses.length);
        changed.forEach((vehicle, index) => {
          expect(items[index]).toContain(vehicle.vin);
          expect(items[index]).toContain(t.vehicleStatus[statuses[index]]);
        });
        // VIN, then an arrow pointing the way the page reads, then the new status.
        expect(await statusLines.locator('li svg').count()).toBe(statuses.length);
        expect(await pending.locator('p').last().innerText()).toBe(
          language === 'en' ? 'It will be sent whether you stay or leave.' : 'سيتم الإرسال سواء بقيت أم غادرت.',
        );
        // Still waiting: nothing has reached the server.
        for (const vehicle of changed) expect(await statusOf(vehicle.id)).toBe('NEW_PURCHASE');
        await windowScreenshot(page, `${language}-unsaved-pending-${width}`);

        if (language === 'en') {
          // Stay: the edit stays, the change is sent when its toast goes, and the next question names nothing.
          await dialog.getByTestId('unsaved-stay').click();
          await page.clock.resume();
          await expect.poll(() => statusOf(changed[0].id), { timeout: 30_000 }).toBe(statuses[0]);
          await toast.waitFor({ state: 'detached' });
          expect(await modelInput.inputValue()).toBe(`${model}X`);
          await page.getByRole('link', { name: t.vehicles.backToList }).click();
          await dialog.getByRole('dialog').waitFor();
          expect(await pending.count()).toBe(0);
          await settled(page);
          await windowScreenshot(page, `${language}-unsaved-nothing-pending-${width}`);
          await dialog.getByTestId('unsaved-leave').click();
          await page.waitForURL((url) => url.pathname === '/vehicles');
        } else {
          // Leave: the list opens, and the changes are sent when their toast goes.
          await dialog.getByTestId('unsaved-leave').click();
          await stepUntil(page, async () => new URL(page.url()).pathname === '/vehicles', 'the list');
          await page.clock.resume();
          for (const [index, vehicle] of changed.entries()) await expect.poll(() => statusOf(vehicle.id), { timeout: 30_000 }).toBe(statuses[index]);
        }
        // The edit was never saved.
        expect((await api.send('GET', `/vehicles/${edited.id}`)).model).toBe(model);
      } finally {
        await context.close();
      }
    });
  });
}
