import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { ApiClient, admin, createContainer, createVehicle, launchBrowser, newPage, screenshot, settled, signIn, openSignedIn, signInWithSession, takeToast, uniqueCode, uniqueVin } from './support';

/**
 * The daily work on a 390 px phone, in English and Arabic: loading a container (its vehicle lists
 * as cards with Add and Remove on screen), sorting a list from its sort menu, selecting cards for
 * the bulk status change and the bulk delete, and a dashboard that puts what needs doing first,
 * with compact status cards and names wrapped between words. And at 1440 px the same pages keep
 * their tables and order. Every record is named after this file's mark, so searches find only them.
 */
type Language = 'en' | 'ar';
type Tree = { [key: string]: string | Tree };
const catalogues = { en: en as unknown as Tree, ar: ar as unknown as Tree };
const t = (language: Language, key: string) => key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], catalogues[language]) as string;

const MARK = `PhoneWork${uniqueCode('')}`;
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

let browser: Browser;
let api: ApiClient;
let company: { id: number; name: string };
let shipper: { id: number; username: string; password: string };
let buyer: { id: number; username: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  company = await api.createCompany(`${MARK} International Vehicle Export and Shipping Trading Company`);
  shipper = await api.createUser('SHIPPER', company.id);
  buyer = await api.createUser('BUYER', company.id);
});
afterAll(async () => {
  await browser?.close();
});

/** The page scrolls sideways (the document wider than its window). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollWidth > root.clientWidth ? `${root.scrollWidth} > ${root.clientWidth}` : null;
  });

/** Whether an element lies wholly inside the window's width (and is drawn at all). */
async function insideViewport(locator: Locator, width: number) {
  const box = await locator.boundingBox();
  return !!box && box.width > 0 && box.x >= 0 && box.x + box.width <= width;
}

const searched = (path: string, q: string) => `${path}?filter=${encodeURIComponent(JSON.stringify({ q }))}`;
const cardsOf = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"][data-layout="cards"]`).getByTestId('record-card');
const VIN = /[A-HJ-NPR-Z0-9]{17}/;

/** The VINs of the vehicle cards in the order shown. */
const shownVins = (page: Page, testId = 'vehicles-table') =>
  cardsOf(page, testId)
    .getByTestId('card-title')
    .allInnerTexts()
    .then((texts) => texts.map((text) => text.match(VIN)?.[0] ?? text));

/** Waits until the cards show these VINs in this order. */
async function waitForOrder(page: Page, vins: string[]) {
  await expect.poll(() => shownVins(page), { timeout: 60_000 }).toEqual(vins);
}

/** Words of the element's text that the browser broke across two lines (a word wrapped mid-word). */
const wordsBrokenInside = (locator: Locator) =>
  locator.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects()).filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });

for (const language of ['en', 'ar'] as const) {
  describe(`a phone in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    it('loads a container from cards, with Add and Remove on screen and no sideways scroll', async () => {
      const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id, containerSize: '40HC', shippingLine: `${MARK} Line` });
      const inside = await createVehicle(api, { companyId: company.id, model: `${MARK} Land Cruiser`, year: 2021, containerId: container.id });
      const waiting = await createVehicle(api, { companyId: company.id, model: `${MARK} Patrol`, year: 2022 });
      const { context, page } = await newPage(browser, { language, ...PHONE });
      try {
        await signInWithSession(page, shipper.username, shipper.password);
        await page.goto(`/containers/${container.id}`);
        const inCards = cardsOf(page, 'container-vehicles');
        await inCards.filter({ hasText: inside.vin }).waitFor();
        const available = page.getByTestId('section-available');
        await available.getByTestId('available-search').fill(waiting.vin);
        const waitingCard = cardsOf(page, 'available-vehicles').filter({ hasText: waiting.vin });
        await waitingCard.waitFor();
        await settled(page);
        // The vehicle lists are cards (the files section keeps its narrow table, which fits).
        expect(await page.locator('table[data-testid="container-vehicles"], table[data-testid="available-vehicles"]').count()).toBe(0);
        expect(await scrollsSideways(page)).toBeNull();

        const remove = inCards.filter({ hasText: inside.vin }).getByRole('button', { name: t(language, 'containers.remove') });
        const add = waitingCard.getByRole('button', { name: t(language, 'containers.addVehicle') });
        for (const button of [remove, add]) {
          await button.scrollIntoViewIfNeeded();
          expect(await insideViewport(button, PHONE.width), 'action inside the screen').toBe(true);
        }
        // The card names the make, model and year, and the assignment of an available vehicle.
        expect(await waitingCard.locator('[data-fact="makeModelYear"] dd').innerText()).toContain(`${MARK} Patrol`);
        expect(await waitingCard.locator('[data-fact="assignment"] dd').innerText()).toBe(t(language, 'containers.none'));
        await screenshot(page, `${language}-phone-container-cards`);

        // Add moves the vehicle into the container's list; Remove takes it out again.
        await add.click();
        await inCards.filter({ hasText: waiting.vin }).waitFor();
        await expect.poll(async () => (await api.send('GET', `/vehicles/${waiting.id}`)).containerId).toBe(container.id);
        await inCards.filter({ hasText: inside.vin }).getByRole('button', { name: t(language, 'containers.remove') }).click();
        await inCards.filter({ hasText: inside.vin }).waitFor({ state: 'detached' });
        await expect.poll(async () => (await api.send('GET', `/vehicles/${inside.id}`)).containerId).toBeNull();
        expect(await scrollsSideways(page)).toBeNull();
        await screenshot(page, `${language}-phone-container-loaded`);
      } finally {
        await context.close();
      }
    });

    it('sorts a list from its sort menu, and changes the status of two selected cards at once', async () => {
      const model = `${MARK}${language}Sort`;
      // Created in VIN order, so the list's newest-first order is the VINs backwards.
      const vins = Array.from({ length: 4 }, () => uniqueVin()).sort();
      const vehicles = [];
      for (const vin of vins) vehicles.push(await createVehicle(api, { vin, companyId: company.id, model, status: 'NEW_PURCHASE' }));
      const { context, page } = await newPage(browser, { language, ...PHONE });
      try {
        await signInWithSession(page, shipper.username, shipper.password);
        await page.goto(searched('/vehicles', model));
        await waitForOrder(page, [...vins].reverse());

        const sortButton = page.getByTestId('cards-toolbar').getByRole('button');
        expect(await insideViewport(sortButton, PHONE.width)).toBe(true);
        expect(await sortButton.getAttribute('aria-label')).toContain(t(language, 'resources.vehicles.fields.createdAt'));
        await sortButton.click();
        const vinLabel = t(language, 'resources.vehicles.fields.vin');
        await screenshot(page, `${language}-phone-sort-menu`);
        await page.getByRole('menuitem').filter({ hasText: vinLabel }).click();
        await waitForOrder(page, vins);
        // Chosen again, the same field sorts the other way.
        await sortButton.click();
        await page.getByRole('menuitem').filter({ hasText: vinLabel }).click();
        await waitForOrder(page, [...vins].reverse());
        expect(await scrollsSideways(page)).toBeNull();

        // Two cards selected: the bar counts them and holds the table's bulk actions, on screen.
        const [first, second] = [vehicles[1], vehicles[2]];
        for (const vehicle of [first, second]) await cardsOf(page, 'vehicles-table').filter({ hasText: vehicle.vin }).getByTestId('card-select').locator('input').check();
        const bar = page.getByTestId('cards-bulk-actions');
        await bar.waitFor();
        expect(await bar.getByTestId('cards-selected-count').innerText()).toBe(
          language === 'en' ? '2 items selected' : 'تم تحديد عنصرين',
        );
        for (const action of [bar.getByTestId('bulk-status'), bar.getByTestId('bulk-delete')]) expect(await insideViewport(action, PHONE.width)).toBe(true);
        expect(await scrollsSideways(page)).toBeNull();
        await screenshot(page, `${language}-phone-two-selected`);

        await bar.getByTestId('bulk-status').click();
        const dialog = page.getByTestId('bulk-status-dialog');
        await dialog.getByRole('combobox').click();
        await page.getByRole('option').filter({ has: page.locator('[data-status="AT_WAREHOUSE"]') }).click();
        await dialog.getByTestId('bulk-status-apply').click();
        await dialog.waitFor({ state: 'hidden' });
        await bar.waitFor({ state: 'detached' });
        await takeToast(page); // closing the undoable toast sends the changes
        for (const vehicle of [first, second]) {
          await cardsOf(page, 'vehicles-table').filter({ hasText: vehicle.vin }).locator('[data-testid="card-status"] [data-status="AT_WAREHOUSE"]').waitFor();
          await expect.poll(async () => (await api.send('GET', `/vehicles/${vehicle.id}`)).status).toBe('AT_WAREHOUSE');
        }
        for (const vehicle of [vehicles[0], vehicles[3]]) expect((await api.send('GET', `/vehicles/${vehicle.id}`)).status).toBe('NEW_PURCHASE');
        await screenshot(page, `${language}-phone-bulk-status-done`);
      } finally {
        await context.close();
      }
    });

    it('deletes two selected container cards after confirming', async () => {
      const line = `${MARK}${language}Delete`;
      const boxes = [
        await createContainer(api, { companyId: company.id, shipperId: shipper.id, shippingLine: line }),
        await createContainer(api, { companyId: company.id, shipperId: shipper.id, shippingLine: line }),
        await createContainer(api, { companyId: company.id, shipperId: shipper.id, shippingLine: line }),
      ];
      const { context, page } = await newPage(browser, { language, ...PHONE });
      try {
        await signInWithSession(page, shipper.username, shipper.password);
        await page.goto(searched('/containers', line));
        const card = (number: string) => cardsOf(page, 'containers-table').filter({ hasText: number });
        await card(boxes[2].number).waitFor();
        for (const box of boxes.slice(0, 2)) await card(box.number).getByTestId('card-select').locator('input').check();
        const bar = page.getByTestId('cards-bulk-actions');
        await bar.getByTestId('bulk-delete').click();
        const confirm = page.getByRole('dialog');
        await confirm.waitFor();
        await screenshot(page, `${language}-phone-containers-bulk-delete`);
        await confirm.getByRole('button', { name: t(language, 'ra.action.confirm') }).click();
        await card(boxes[0].number).waitFor({ state: 'detached' });
        expect(await card(boxes[1].number).count()).toBe(0);
        await takeToast(page); // closing the undoable toast sends the deletes
        for (const box of boxes.slice(0, 2)) await expect.poll(() => api.send('GET', `/containers/${box.id}`).then(() => 'there', () => 'gone')).toBe('gone');
        expect((await api.send('GET', `/containers/${boxes[2].id}`)).number).toBe(boxes[2].number);
      } finally {
        await context.close();
      }
    });

    it('puts what needs doing first on the dashboard, with compact status cards and whole words', async () => {
      await createVehicle(api, { companyId: company.id, model: `${MARK} Dashboard`, status: 'AT_WAREHOUSE' });
      const { context, page } = await newPage(browser, { language, ...PHONE });
      try {
        await openSignedIn(page, shipper.username, shipper.password);
        const board = page.getByTestId('status-board');
        await board.locator('[data-testid="status-card-RECEIVED"]').waitFor();
        await page.getByTestId('recent-vehicles').locator('li').first().waitFor();
        await settled(page);
        expect(await scrollsSideways(page)).toBeNull();
        // Overdue documents and arriving containers, then the newest vehicles, then the figures.
        const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())!.y;
        const order = ['overdue-documents', 'arriving-containers', 'recent-vehicles', 'count-cards', 'status-board'];
        const tops = [];
        for (const testId of order) tops.push(await top(testId));
        expect(tops, order.join(' < ')).toEqual([...tops].sort((a, b) => a - b));
        // Eight compact cards, two to a row: the whole board is shorter than one full status card was.
        const cards = board.locator('[data-testid^="status-card-"]');
        expect(await cards.count()).toBe(8);
        expect((await board.boundingBox())!.height).toBeLessThan(360);
        for (const status of ['AT_WAREHOUSE', 'RECEIVED']) {
          const card = board.getByTestId(`status-card-${status}`);
          expect(await card.getByTestId('status-label').innerText()).toBe(t(language, `vehicleStatus.${status}`));
        }
        // Every status name whole: none cut short at the card's edge.
        const cut = await board.locator('[data-testid="status-label"]').evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent));
        expect(cut).toEqual([]);
        // No word of the dashboard (the greeting aside, whose e-mail is a case of its own) is cut in two.
        expect(await wordsBrokenInside(page.getByTestId('dashboard-phone'))).toEqual([]);
        await screenshot(page, `${language}-phone-dashboard-shipper`);

        // A status card opens the vehicles in that status.
        await board.getByTestId('status-card-AT_WAREHOUSE').getByRole('link').click();
        await page.waitForURL((url) => url.pathname === '/vehicles' && decodeURIComponent(url.search).includes('"status":"AT_WAREHOUSE"'));
        await cardsOf(page, 'vehicles-table').first().waitFor();
        const statuses = await cardsOf(page, 'vehicles-table').locator('[data-testid="card-status"] [data-status]').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-status')));
        expect(new Set(statuses)).toEqual(new Set(['AT_WAREHOUSE']));
      } finally {
        await context.close();
      }
    });

    it("puts a buyer's arriving cars first on the dashboard", async () => {
      await createVehicle(api, { companyId: company.id, model: `${MARK} Bought`, buyerId: buyer.id });
      const { context, page } = await newPage(browser, { language, ...PHONE });
      try {
        await openSignedIn(page, buyer.username, buyer.password);
        await page.getByTestId('recent-vehicles').locator('li').first().waitFor();
        await page.getByTestId('count-vehicles').waitFor();
        await settled(page);
        const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())!.y;
        expect(await top('arriving-soon')).toBeLessThan(await top('recent-vehicles'));
        expect(await top('recent-vehicles')).toBeLessThan(await top('count-cards'));
        expect(await page.getByTestId('status-board').count()).toBe(0);
        expect(await scrollsSideways(page)).toBeNull();
        expect(await wordsBrokenInside(page.getByTestId('dashboard-phone'))).toEqual([]);
        await screenshot(page, `${language}-phone-dashboard-buyer`);
      } finally {
        await context.close();
      }
    });

    it('keeps the tables and the figures-first dashboard at 1440 px', async () => {
      const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id, shippingLine: `${MARK} Wide` });
      const inside = await createVehicle(api, { companyId: company.id, model: `${MARK} Wide`, containerId: container.id });
      const { context, page } = await newPage(browser, { language, ...WIDE });
      try {
        await openSignedIn(page, shipper.username, shipper.password);
        await page.getByTestId('status-card-RECEIVED').getByTestId('status-vehicles').waitFor();
        await settled(page);
        const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())!.y;
        expect(await top('count-cards')).toBeLessThan(await top('status-board'));
        expect(await top('status-board')).toBeLessThan(await top('recent-cards'));
        expect(await scrollsSideways(page)).toBeNull();
        await screenshot(page, `${language}-wide-dashboard-shipper`);

        await page.goto(`/containers/${container.id}`);
        const row = page.locator('table[data-testid="container-vehicles"]').getByRole('row').filter({ hasText: inside.vin });
        await row.waitFor();
        await page.locator('table[data-testid="available-vehicles"]').waitFor();
        expect(await page.getByTestId('record-card').count()).toBe(0);
        expect(await insideViewport(row.getByRole('button', { name: t(language, 'containers.remove') }), WIDE.width)).toBe(true);
        expect(await scrollsSideways(page)).toBeNull();
        await screenshot(page, `${language}-wide-container-page`);

        await page.goto(searched('/vehicles', `${MARK} Wide`));
        await page.locator('table[data-testid="vehicles-table"]').getByRole('row').filter({ hasText: inside.vin }).waitFor();
        expect(await page.getByTestId('cards-toolbar').count()).toBe(0);
        expect(await scrollsSideways(page)).toBeNull();
      } finally {
        await context.close();
      }
    });
  });
}
