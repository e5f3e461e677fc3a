import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { ApiClient, createContainer, createVehicle, launchBrowser, newPage, settled, signInWithSession, uniqueCode, windowScreenshot } from './support';

/**
 * A toast never covers what the user presses next (issue 33, point 5): on a desktop list it leaves
 * the last visible row's status menu and icons uncovered (and every other visible row's), wherever
 * the list is scrolled; on a phone it stays under the header. Measured by bounding boxes on the
 * vehicles list (a status change) and the containers list (a delete, with Undo), at 1440 × 900 and
 * 390 × 844, in English and Arabic, with screenshots.
 * Every record here is named 'ToastRoom…' so other files' searches never meet them.
 */
let browser: Browser;
let api: ApiClient;

const LANGUAGES = ['en', 'ar'] as const;
const MESSAGES = { en, ar };
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const ROWS = 20;
/** Statuses a row is moved through, one per toast. */
const STATUS_CYCLE = ['AT_WAREHOUSE', 'LOADED', 'SHIPPED', 'AT_PORT'] as const;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
});
afterAll(async () => {
  await browser?.close();
});

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

interface Measured {
  toast: Box | null;
  header: Box;
  /** The controls on screen of the last row (or card) that has any there. */
  lastRow: { text: string; controls: Box[] };
  /** The controls of every row on screen. */
  visibleControls: Box[];
}

/**
 * The toast, the header and the rows' controls, read in one go in the page. A row is a table body
 * row, or a card on a phone; its controls are those the test names (status menu, edit, delete).
 */
function measure(page: Page, listTestId: string, controlTestIds: string[]): Promise<Measured> {
  return page.evaluate(
    ({ listTestId, controlTestIds }) => {
      const toBox = (element: Element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return { x, y, width, height };
      };
      const toastElement = document.querySelector('[data-testid=toast]');
      const headerElement = document.querySelector('header.MuiAppBar-root')!;
      const header = toBox(headerElement);
      const list = document.querySelector(`[data-testid=${listTestId}]`)!;
      const rows = [...list.querySelectorAll('tbody tr, [data-testid=record-card]')].filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top < window.innerHeight && box.bottom > header.y + header.height;
      });
      const controlsOf = (row: Element) =>
        controlTestIds
          .flatMap((id) => [...row.querySelectorAll(`[data-testid=${id}]`)])
          .map(toBox)
          .filter((box) => box.width > 0 && box.y < window.innerHeight && box.y + box.height > 0);
      // The last row whose controls are (at least partly) on screen: a row cut by the window's
      // bottom edge may show its text but not yet its status menu.
      const withControls = rows.map((row) => ({ text: row.textContent ?? '', controls: controlsOf(row) })).filter((row) => row.controls.length > 0);
      return {
        toast: toastElement ? toBox(toastElement) : null,
        header,
        lastRow: withControls[withControls.length - 1] ?? { text: '', controls: [] },
        visibleControls: withControls.flatMap((row) => row.controls),
      };
    },
    { listTestId, controlTestIds },
  );
}

/**
 * Checks a measurement: the toast is on screen, clear of the last visible row's controls and of
 * the header; on a larger screen clear of every visible row's controls too (on a phone it is at
 * the top, under the header, where it may cover the first card for its few seconds).
 */
function expectClear(measured: Measured, where: string, everyRow: boolean) {
  const { toast } = measured;
  expect(toast, `the toast is still on screen (${where})`).not.toBeNull();
  expect(measured.lastRow.controls.length, `the last visible row has controls on screen (${where})`).toBeGreaterThan(0);
  const overLast = measured.lastRow.controls.filter((control) => intersects(toast!, control));
  expect(overLast, `toast ${JSON.stringify(toast)} over the last visible row's controls (${where}: ${measured.lastRow.text.slice(0, 60)})`).toEqual([]);
  if (everyRow) {
    const overAny = measured.visibleControls.filter((control) => intersects(toast!, control));
    expect(overAny, `toast ${JSON.stringify(toast)} over a visible row's controls (${where})`).toEqual([]);
  }
  expect(intersects(toast!, measured.header), `toast ${JSON.stringify(toast)} over the header ${JSON.stringify(measured.header)} (${where})`).toBe(false);
}

/**
 * The page at rest with the toast in its place: the menu or dialog that made it gone (their
 * removal moves the toast again), every transition over, and the toast's box the same twice.
 */
async function atRest(page: Page, toast: Locator) {
  await expect.poll(() => page.locator('.MuiModal-root:not(.MuiModal-hidden)').count(), { timeout: 30_000 }).toBe(0);
  let before = '';
  for (let attempt = 0; attempt < 20; attempt++) {
    await settled(page);
    const now = JSON.stringify(await toast.boundingBox());
    if (now === before) return;
    before = now;
  }
}

/** The window scrolled to the top, the middle and the end of the page, in turn. */
const SCROLLS = ['top', 'middle', 'end'] as const;
async function scrollTo(page: Page, where: (typeof SCROLLS)[number]) {
  await page.evaluate((position) => {
    const max = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo({ top: position === 'top' ? 0 : position === 'middle' ? Math.round(max / 2) : max, behavior: 'instant' });
  }, where);
  await settled(page);
}

/**
 * The middle one of the rows (or cards) wholly on screen under the header: the one the test acts
 * on, away from where the toast of the turn before may still be.
 */
async function wholeRowInTheMiddle(page: Page, rows: Locator): Promise<Locator> {
  const indexes = await rows.evaluateAll((elements) => {
    const header = document.querySelector('header.MuiAppBar-root')!.getBoundingClientRect();
    return elements.flatMap((element, index) => {
      const box = element.getBoundingClientRect();
      return box.top >= header.bottom && box.bottom <= window.innerHeight ? [index] : [];
    });
  });
  expect(indexes.length, 'a row wholly on screen').toBeGreaterThan(0);
  return rows.nth(indexes[Math.floor(indexes.length / 2)]);
}

for (const language of LANGUAGES) {
  describe(`toasts clear of the rows' controls (${language})`, () => {
    const t = MESSAGES[language];
    let company: { id: number };
    let shipper: { id: number; username: string; password: string };

    beforeAll(async () => {
      company = await api.createCompany(`ToastRoom Traders ${language}`, uniqueCode('TR'));
      shipper = await api.createUser('SHIPPER', company.id);
    });

    for (const size of SIZES) {
      it(`leaves the vehicles list's status menus and icons uncovered after a status change (${size.width} px)`, async () => {
        const model = `ToastRoom${language}${size.width}${uniqueCode('')}`;
        for (let i = 0; i < ROWS; i++) await createVehicle(api, { companyId: company.id, model, status: 'NEW_PURCHASE' });
        const { context, page } = await newPage(browser, { language, ...size });
        try {
          await signInWithSession(page, shipper.username, shipper.password);
          await page.goto(`/vehicles?filter=${encodeURIComponent(JSON.stringify({ q: model }))}`);
          const rows = page.getByTestId('vehicles-table').locator('tbody tr, [data-testid=record-card]');
          await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(ROWS);
          await settled(page);
          let turn = 0;
          for (const where of SCROLLS) {
            await scrollTo(page, where);
            const row = await wholeRowInTheMiddle(page, rows);
            const status = STATUS_CYCLE[turn++ % STATUS_CYCLE.length];
            await row.getByTestId('status-select').click();
            await page.getByRole('option', { name: t.vehicleStatus[status], exact: true }).click();
            const toast = page.getByTestId('toast');
            await expect.poll(() => toast.innerText(), { timeout: 30_000 }).toContain(t.msg.vehicleStatusUpdated);
            await atRest(page, toast);
            const measured = await measure(page, 'vehicles-table', ['status-select', 'edit-vehicle', 'delete-button']);
            await windowScreenshot(page, `${language}-toast-room-vehicles-${size.width}-${where}`);
            expectClear(measured, `vehicles, ${size.width} px, scrolled to the ${where}`, size.width > 600);
            // The row shows its new status: the toast is the status change's.
            expect(await row.getByTestId('status-select').innerText()).toContain(t.vehicleStatus[status]);
          }
        } finally {
          await context.close();
        }
      });

      it(`leaves the containers list's icons uncovered after a delete (${size.width} px)`, async () => {
        const booking = `TROOM${language.toUpperCase()}${size.width}${uniqueCode('')}`;
        for (let i = 0; i < ROWS; i++) await createContainer(api, { companyId: company.id, shipperId: shipper.id, bookingNumber: `${booking}-${i}` });
        const { context, page } = await newPage(browser, { language, ...size });
        try {
          await signInWithSession(page, shipper.username, shipper.password);
          await page.goto(`/containers?filter=${encodeURIComponent(JSON.stringify({ q: booking }))}`);
          const rows = page.getByTestId('containers-table').locator('tbody tr, [data-testid=record-card]');
          await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(ROWS);
          await settled(page);
          let left = ROWS;
          for (const where of SCROLLS) {
            await scrollTo(page, where);
            const row = await wholeRowInTheMiddle(page, rows);
            await row.getByTestId('delete-button').click();
            await page.getByRole('dialog').getByRole('button', { name: t.ra.action.confirm }).click();
            const toast = page.getByTestId('toast');
            await expect.poll(() => toast.innerText(), { timeout: 30_000 }).toContain(t.msg.containerDeleted);
            await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(--left);
            await atRest(page, toast);
            const measured = await measure(page, 'containers-table', ['edit-container', 'delete-button']);
            await windowScreenshot(page, `${language}-toast-room-containers-${size.width}-${where}`);
            expectClear(measured, `containers, ${size.width} px, scrolled to the ${where}`, size.width > 600);
          }
        } finally {
          await context.close();
        }
      });
    }
  });
}
