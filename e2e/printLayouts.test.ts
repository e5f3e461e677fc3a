import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiClient, admin, baseUrl, createContainer, createVehicle, launchBrowser, newPage, screenshot, signInWithSession } from './support';
import { pngBytes, sessionCookie, uploadThroughApi } from './fileHelpers';
import { pdfPageCount, pdfPagePng } from '../test/support/pdf';

/**
 * The print layouts of the vehicle page and the container page: a Print button for every role
 * that opens them, and printing gives one A4 sheet (company, key facts, a few photos, the status
 * timeline or the container's vehicles, the documents) without the console around it.
 */
let browser: Browser;
let api: ApiClient;
let companyAdmin: { username: string; password: string };
let shipper: { username: string; password: string };
let buyer: { username: string; password: string };
let vehicle: Record<string, any>;
let container: Record<string, any>;
let crowded: Record<string, any>;
const companyName = 'Printsheet Motors';
const neighbours: Record<string, any>[] = [];

const DIR = path.resolve('test-results/print');
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  const company = await api.createCompany(companyName);
  companyAdmin = await api.createUser('COMPANY_ADMIN', company.id);
  const shipperUser = await api.createUser('SHIPPER', company.id);
  shipper = shipperUser;
  const buyerUser = await api.createUser('BUYER', company.id);
  buyer = buyerUser;
  const from = await api.send('POST', '/ports', { name: 'Printsheet Yokohama', nameAr: 'يوكوهاما للطباعة', country: 'JP' });
  const to = await api.send('POST', '/ports', { name: 'Printsheet Jebel Ali', nameAr: 'جبل علي للطباعة', country: 'AE' });
  container = await createContainer(api, {
    companyId: company.id,
    shipperId: shipperUser.id,
    containerSize: '40HC',
    shippingLine: 'Printsheet Line',
    bookingNumber: 'PRINTBK-77',
    fromPortId: from.id,
    toPortId: to.id,
    loadingDate: new Date(Date.now() - 10 * DAY).toISOString(),
    arrivalDate: new Date(Date.now() + 12 * DAY).toISOString(),
  });
  vehicle = await createVehicle(api, {
    companyId: company.id,
    make: 'TOYOTA',
    model: 'Printsheet Prado',
    year: 2022,
    containerId: container.id,
    buyerId: buyerUser.id,
    vehicleInfo: { color: 'White', trim: 'VX' },
  });
  for (const status of ['DISPATCHED', 'AT_WAREHOUSE', 'LOADED', 'SHIPPED']) await api.send('PATCH', `/vehicles/${vehicle.id}/status`, { status });
  for (const model of ['Printsheet Patrol', 'Printsheet Hilux']) {
    neighbours.push(await createVehicle(api, { companyId: company.id, make: 'NISSAN', model, year: 2020, containerId: container.id }));
  }

  const cookie = await sessionCookie(admin().username, admin().password);
  // Six photos: the sheet shows four and counts the other two.
  const shades = [250, 220, 190, 160, 130, 100];
  await uploadThroughApi(
    cookie,
    `/vehicles/${vehicle.id}/files`,
    await Promise.all(shades.map(async (g, i) => ({ name: `printsheet-${i + 1}.png`, bytes: await pngBytes({ r: 40, g, b: 200 - i * 20 }), type: 'image/png' }))),
  );
  const pdf = { name: 'printsheet-bill-of-lading.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' };
  await uploadThroughApi(cookie, `/vehicles/${vehicle.id}/files`, [pdf]);
  await uploadThroughApi(cookie, `/vehicles/${vehicle.id}/files`, [{ ...pdf, name: 'printsheet-title.pdf' }]);
  await uploadThroughApi(cookie, `/containers/${container.id}/files`, [{ name: 'printsheet-seal.png', bytes: await pngBytes({ r: 200, g: 120, b: 40 }), type: 'image/png' }]);
  await uploadThroughApi(cookie, `/containers/${container.id}/files`, [{ ...pdf, name: 'printsheet-manifest.pdf' }]);

  // A vehicle with more of everything than a page holds: long notes, a long history, many files.
  crowded = await createVehicle(api, { companyId: company.id, model: 'Printsheet Crowded', notes: 'Printsheet note. '.repeat(400), vehicleInfo: { trim: 'X', doors: '4', seats: '7', fuelType: 'Petrol', transmission: 'Auto', driveType: '4WD', weight: '2500', plantCountry: 'JAPAN' } });
  for (let i = 0; i < 7; i++) {
    for (const status of ['DISPATCHED', 'NEW_PURCHASE']) await api.send('PATCH', `/vehicles/${crowded.id}/status`, { status });
  }
  await uploadThroughApi(
    cookie,
    `/vehicles/${crowded.id}/files`,
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map(async (i) => ({ name: `printsheet-crowded-${i}.png`, bytes: await pngBytes({ r: 30 * i, g: 100, b: 100 }), type: 'image/png' }))),
  );
  for (let i = 1; i <= 12; i++) await uploadThroughApi(cookie, `/vehicles/${crowded.id}/files`, [{ ...pdf, name: `printsheet-crowded-${i}.pdf` }]);

  // The company's invoice logo heads the sheet for whoever may see it.
  const logo = new FormData();
  logo.append('file', new Blob([new Uint8Array(await pngBytes({ r: 10, g: 90, b: 160 }))], { type: 'image/png' }), 'logo.png');
  const res = await fetch(`${baseUrl()}/api/companies/${company.id}/logo`, { method: 'PUT', headers: { Cookie: cookie }, body: logo });
  if (!res.ok) throw new Error(`PUT logo: ${res.status} ${await res.text()}`);
  mkdirSync(DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const TEXTS = {
  en: { sheet: 'Vehicle sheet', containerSheet: 'Container sheet', more: '+2 more', route: 'Printsheet Yokohama - Japan', trim: 'Trim', color: 'White', shipped: 'Shipped', kb: 'KB', earlier: '5 earlier changes not shown', moreDocuments: '+4 more' },
  ar: { sheet: 'بطاقة المركبة', containerSheet: 'بطاقة الحاوية', more: '+2 أخريان', route: 'يوكوهاما للطباعة - اليابان', trim: 'الفئة', color: 'أبيض', shipped: 'تم الشحن', kb: 'كيلوبايت', earlier: '5 تغييرات سابقة غير معروضة', moreDocuments: '+4 أخرى' },
} as const;

/** The Print button opens the browser's print dialog (window.print, counted here instead). */
async function clickPrint(page: Page) {
  await page.evaluate(() => {
    (window as any).printCalls = 0;
    window.print = () => {
      (window as any).printCalls++;
    };
  });
  await page.getByTestId('print-button').click();
  expect(await page.evaluate(() => (window as any).printCalls)).toBe(1);
}

/** In print media: the console is gone (menu, app bar, every button), the sheet is there. */
async function expectOnlyTheSheet(page: Page, sheetId: string) {
  const sheet = page.getByTestId(sheetId);
  expect(await sheet.isVisible(), 'hidden on screen').toBe(false);
  await page.emulateMedia({ media: 'print' });
  await sheet.waitFor({ state: 'visible' });
  expect(await page.getByTestId('main-menu').isVisible()).toBe(false);
  expect(await page.locator('.MuiAppBar-root').isVisible()).toBe(false);
  expect(await page.locator('button:visible, [role=button]:visible, a:visible, input:visible').count()).toBe(0);
  // Every image of the sheet has arrived before it is printed.
  await page.waitForFunction(
    (id) => [...document.querySelectorAll(`[data-testid="${id}"] img`)].every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    sheetId,
  );
  return sheet;
}

/** The page as an A4 PDF: its page count, and a PNG of its first page to look at. */
async function printToPdf(page: Page, name: string): Promise<number> {
  const pdf = await page.pdf({ path: path.join(DIR, `${name}.pdf`), format: 'A4' });
  writeFileSync(path.join(DIR, `${name}.png`), await pdfPagePng(pdf, { dpi: 60 }));
  return pdfPageCount(pdf);
}

describe('print layouts', () => {
  for (const language of ['en', 'ar'] as const) {
    const words = TEXTS[language];

    it(`prints the vehicle page as one A4 sheet, in ${language === 'en' ? 'English' : 'Arabic'}`, async () => {
      const { context, page } = await newPage(browser, { language, width: 1440, height: 900 });
      try {
        await signInWithSession(page, companyAdmin.username, companyAdmin.password);
        await page.goto(`/vehicles/${vehicle.id}/edit`);
        await page.getByTestId('vehicle-edit').waitFor();
        await page.getByTestId('section-images').getByTestId('gallery-item').first().waitFor();
        await screenshot(page, `print-vehicle-page-${language}`);
        await clickPrint(page);
        const sheet = await expectOnlyTheSheet(page, 'vehicle-print-sheet');

        expect(await sheet.getByRole('heading', { level: 1 }).innerText()).toBe(vehicle.vin);
        expect(await sheet.textContent()).toContain(words.sheet);
        expect(await sheet.getByTestId('print-company').innerText()).toContain(companyName);
        expect(await sheet.getByTestId('print-logo').isVisible()).toBe(true);
        const facts = await sheet.getByTestId('print-facts').innerText();
        for (const text of ['Printsheet Prado', 'Toyota', '2022', container.number, words.route, 'Printsheet Line', words.trim, words.color]) expect(facts).toContain(text);
        // Empty facts are left out: no label without a value (Doors, Seats … were never entered).
        expect(facts).not.toContain(language === 'en' ? 'Doors' : 'الأبواب');
        // Four thumbnails, and the two others counted.
        expect(await sheet.getByTestId('print-photo').count()).toBe(4);
        expect(await sheet.getByTestId('print-photos').getByTestId('print-more').innerText()).toBe(words.more);
        // The timeline: created, then four moves, the last one to Shipped.
        const events = sheet.getByTestId('print-event');
        expect(await events.count()).toBe(5);
        expect(await events.last().innerText()).toContain(words.shipped);
        const documents = sheet.getByTestId('print-document');
        expect(await documents.count()).toBe(2);
        expect(await documents.first().innerText()).toMatch(new RegExp(`printsheet-bill-of-lading\\.pdf\\s+PDF\\s+0\\.\\d\\d ${words.kb}`));
        expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');

        await screenshot(page, `print-vehicle-${language}`);
        expect(await printToPdf(page, `print-vehicle-${language}`)).toBe(1);
      } finally {
        await context.close();
      }
    });

    it(`keeps a vehicle with more than a page holds to one sheet, in ${language === 'en' ? 'English' : 'Arabic'}`, async () => {
      const { context, page } = await newPage(browser, { language, width: 1440, height: 900 });
      try {
        await signInWithSession(page, companyAdmin.username, companyAdmin.password);
        await page.goto(`/vehicles/${crowded.id}/edit`);
        await page.getByTestId('vehicle-edit').waitFor();
        const sheet = await expectOnlyTheSheet(page, 'vehicle-print-sheet');
        // The newest ten of fifteen history entries, eight of twelve documents, four of seven photos.
        expect(await sheet.getByTestId('print-event').count()).toBe(10);
        expect(await sheet.getByTestId('print-timeline').getByTestId('print-more').innerText()).toBe(words.earlier);
        expect(await sheet.getByTestId('print-document').count()).toBe(8);
        expect(await sheet.getByTestId('print-documents').getByTestId('print-more').innerText()).toBe(words.moreDocuments);
        expect(await sheet.getByTestId('print-photo').count()).toBe(4);
        expect(await printToPdf(page, `print-crowded-${language}`)).toBe(1);
      } finally {
        await context.close();
      }
    });

    it(`prints the container page with its vehicles as one A4 sheet, in ${language === 'en' ? 'English' : 'Arabic'}`, async () => {
      const { context, page } = await newPage(browser, { language, width: 1440, height: 900 });
      try {
        await signInWithSession(page, shipper.username, shipper.password);
        await page.goto(`/containers/${container.id}`);
        await page.getByTestId('container-show').waitFor();
        await screenshot(page, `print-container-page-${language}`);
        await clickPrint(page);
        const sheet = await expectOnlyTheSheet(page, 'container-print-sheet');

        expect(await sheet.getByRole('heading', { level: 1 }).innerText()).toBe(container.number);
        expect(await sheet.textContent()).toContain(words.containerSheet);
        // A shipper reads the company's name; the invoice logo is for administrators.
        expect(await sheet.getByTestId('print-company').innerText()).toContain(companyName);
        expect(await sheet.getByTestId('print-logo').count()).toBe(0);
        const facts = await sheet.getByTestId('print-facts').innerText();
        for (const text of ['PRINTBK-77', '40HC', 'Printsheet Line', words.route, '3']) expect(facts).toContain(text);
        expect(await sheet.getByTestId('print-photo').count()).toBe(1);
        const rows = await sheet.getByTestId('print-vehicle').allInnerTexts();
        expect(rows).toHaveLength(3);
        for (const car of [vehicle, ...neighbours]) expect(rows.join('\n')).toContain(car.vin);
        expect(await sheet.getByTestId('print-document').innerText()).toContain('printsheet-manifest.pdf');

        await screenshot(page, `print-container-${language}`);
        expect(await printToPdf(page, `print-container-${language}`)).toBe(1);
      } finally {
        await context.close();
      }
    });

    it(`prints the buyer’s shipment view, in ${language === 'en' ? 'English' : 'Arabic'}`, async () => {
      const { context, page } = await newPage(browser, { language, width: 390, height: 844 });
      try {
        await signInWithSession(page, buyer.username, buyer.password);
        await page.goto(`/vehicles/${vehicle.id}/edit`);
        await page.getByTestId('vehicle-view').waitFor();
        await page.getByTestId('print-button').waitFor();
        await screenshot(page, `print-buyer-button-${language}`);
        await clickPrint(page);
        const sheet = await expectOnlyTheSheet(page, 'vehicle-print-sheet');
        expect(await sheet.getByTestId('print-event').count()).toBe(5);
        expect(await sheet.getByTestId('print-document').count()).toBe(2);
        expect(await sheet.getByTestId('print-logo').count()).toBe(0);
        expect(await printToPdf(page, `print-buyer-${language}`)).toBe(1);
      } finally {
        await context.close();
      }
    });
  }
});
