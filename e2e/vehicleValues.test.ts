import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiClient, baseUrl, createContainer, createVehicle, launchBrowser, newPage, screenshot, signInWithSession } from './support';
import { pdfText } from '../api/test/support/pdfText';

/**
 * One way to show each value: on Arabic pages a colour and a status read in Arabic, a list sorted
 * by status follows the shipping stages (not the codes' alphabetical order), a make reads as
 * stored (one spelling, whatever the decoder said), and the print sheet and the invoice show the
 * same names.
 */
const STAGES = ['NEW_PURCHASE', 'DISPATCHED', 'IN_PROGRESS', 'AT_WAREHOUSE', 'LOADED', 'SHIPPED', 'AT_PORT', 'RECEIVED'];

let browser: Browser;
let api: ApiClient;
let companyAdmin: { id: number; username: string; password: string };
let silverCar: Record<string, any>;
let containerId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  const company = await api.createCompany('Values Motors');
  companyAdmin = await api.createUser('COMPANY_ADMIN', company.id);
  const container = await createContainer(api, { companyId: company.id, shipperId: companyAdmin.id, containerSize: '40HC' });
  containerId = container.id;
  // Created in reverse, so neither creation time nor id gives the stages' order. One make is
  // typed in capitals, as the offline decoder and vPIC spell it.
  for (const status of [...STAGES].reverse()) {
    const car = await createVehicle(api, {
      companyId: company.id,
      model: `Values ${status}`,
      status,
      vehicleInfo: { color: 'Silver', fuelTypePrimary: 'Gasoline' },
      ...(status === 'LOADED' ? { make: 'TOYOTA', containerId } : {}),
    });
    if (status === 'LOADED') silverCar = car;
  }
});
afterAll(async () => {
  await browser?.close();
});

/** The statuses of the table's rows, top to bottom. */
const statusesInTable = (page: Page) => page.getByTestId('vehicles-table').getByTestId('status-chip').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-status')));

describe('values read the same everywhere, in Arabic', () => {
  it('lists colours and statuses in Arabic, sorted by status in the order of the stages (1440 px)', async () => {
    const { context, page } = await newPage(browser, { language: 'ar', width: 1440, height: 900 });
    try {
      await signInWithSession(page, companyAdmin.username, companyAdmin.password);
      await page.goto('/vehicles?sort=status&order=ASC');
      await page.getByTestId('vehicles-table').getByTestId('status-chip').nth(STAGES.length - 1).waitFor();
      expect(await statusesInTable(page)).toEqual(STAGES);
      const table = page.getByTestId('vehicles-table');
      expect(await table.getByTestId('color').allInnerTexts()).toEqual(STAGES.map(() => 'فضي'));
      expect(await table.innerText()).not.toContain('Silver');
      expect(await table.getByTestId('status-chip').first().innerText()).toBe('شراء جديد');
      expect(await table.innerText()).toContain('Toyota');
      expect(await table.innerText()).not.toContain('TOYOTA');
      await screenshot(page, 'values-arabic-list-by-stage');

      await page.goto('/vehicles?sort=status&order=DESC');
      await page.waitForFunction(
        (first) => document.querySelector('[data-testid="vehicles-table"] [data-testid="status-chip"]')?.getAttribute('data-status') === first,
        STAGES.at(-1),
      );
      await page.getByTestId('vehicles-table').getByTestId('status-chip').nth(STAGES.length - 1).waitFor();
      expect(await statusesInTable(page)).toEqual([...STAGES].reverse());
    } finally {
      await context.close();
    }
  });

  it('shows the colour in Arabic on a phone card (390 px)', async () => {
    const { context, page } = await newPage(browser, { language: 'ar', width: 390, height: 844 });
    try {
      await signInWithSession(page, companyAdmin.username, companyAdmin.password);
      await page.goto('/vehicles?sort=status&order=ASC');
      const colours = page.getByTestId('color');
      await colours.nth(STAGES.length - 1).waitFor();
      expect(await colours.allInnerTexts()).toEqual(STAGES.map(() => 'فضي'));
      await screenshot(page, 'values-arabic-phone-cards');
    } finally {
      await context.close();
    }
  });

  it('prints the vehicle sheet with the colour and fuel in Arabic', async () => {
    const { context, page } = await newPage(browser, { language: 'ar', width: 1440, height: 900 });
    try {
      await signInWithSession(page, companyAdmin.username, companyAdmin.password);
      await page.goto(`/vehicles/${silverCar.id}/edit`);
      await page.getByTestId('vehicle-edit').waitFor();
      await page.emulateMedia({ media: 'print' });
      const sheet = page.getByTestId('vehicle-print-sheet');
      await sheet.waitFor({ state: 'visible' });
      const facts = await sheet.getByTestId('print-facts').innerText();
      for (const text of ['فضي', 'بنزين', 'Toyota', 'تم التحميل']) expect(facts + (await sheet.innerText())).toContain(text);
      expect(facts).not.toContain('Silver');
      expect(facts).not.toContain('Gasoline');
      await screenshot(page, 'values-arabic-print-sheet');
    } finally {
      await context.close();
    }
  });

  it('prints the colour in both languages and the make in its one spelling on the invoice', async () => {
    const login = await fetch(`${baseUrl()}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: companyAdmin.username, password: companyAdmin.password }),
    });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const res = await fetch(`${baseUrl()}/api/invoice`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ containerIds: [containerId], paymentMethod: 'cash', date: '2026-03-01', buyerName: 'معرض القيم', salePrice: '1000', taxPercentage: '0' }),
    });
    expect(res.status).toBe(201);
    const text = await pdfText(Buffer.from(await res.arrayBuffer()));
    for (const expected of ['Toyota', 'Silver', 'فضي', silverCar.vin]) expect(text).toContain(expected);
    expect(text).not.toContain('TOYOTA');
  });
});
