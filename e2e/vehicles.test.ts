import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiClient, admin, createContainer, createVehicle, launchBrowser, newPage, screenshot, signIn, signInWithSession, takeToast, uniqueVin, listRow, openListRow, searchAndPick } from './support';

let browser: Browser;
let api: ApiClient;
let context: BrowserContext;
let page: Page;
let company: { id: number; name: string; code: string };
let shipper: { id: number; username: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  company = await api.createCompany('Vehicle Screen Motors');
  shipper = await api.createUser('SHIPPER', company.id);
  ({ context, page } = await newPage(browser));
  await signIn(page, admin().username, admin().password);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const rowOf = (p: Page, vin: string) => listRow(p, 'vehicles', vin);
const getVehicle = (id: number) => api.send<Record<string, any>>('GET', `/vehicles/${id}`);

const openRowOf = (p: Page, vin: string) => openListRow(p, 'vehicles', vin);

/** Opens Add Vehicle on the list and fills in a Civic of the test company, as the super admin. */
async function fillAddVehicle(p: Page, vin: string) {
  await p.goto('/vehicles');
  await p.getByTestId('add-vehicle').first().click();
  const dialog = p.getByTestId('vehicle-dialog');
  await dialog.getByLabel('VIN').fill(vin);
  await dialog.getByLabel('Model').fill('Civic');
  await searchAndPick(dialog.getByLabel('Company'), 'Vehicle Screen', new RegExp(company.code));
  return dialog;
}

describe('adding a vehicle', () => {
  it('adds a vehicle from its VIN: the offline decoder fills make and year, asks for the model it cannot tell; the colour is kept', async () => {
    const vin = uniqueVin();
    await page.goto('/vehicles');
    await page.getByTestId('add-vehicle').first().click();
    const dialog = page.getByTestId('vehicle-dialog');
    expect(await dialog.innerText()).toContain('VIN must be exactly 17 characters. This will be used to fetch vehicle details.');

    // Required fields are checked before anything is sent: the VIN, and the company for a super admin.
    await dialog.getByRole('button', { name: 'Add' }).click();
    expect(await takeToast(page)).toContain('The form is not valid');
    expect(await dialog.innerText()).toContain('Required');
    await dialog.getByLabel('VIN').fill(vin.slice(0, 12));
    await dialog.getByRole('button', { name: 'Add' }).click();
    expect(await takeToast(page)).toContain('The form is not valid');
    expect(await dialog.innerText()).toContain('VIN must be exactly 17 characters');
    expect(await dialog.getByLabel('VIN').getAttribute('maxlength')).toBe('17');

    await dialog.getByLabel('VIN').fill(vin.toLowerCase());
    expect(await dialog.getByLabel('VIN').inputValue()).toBe(vin);
    // The container list waits for the company.
    expect(await dialog.getByRole('combobox', { name: 'Container' }).getAttribute('aria-disabled')).toBe('true');
    await searchAndPick(dialog.getByLabel('Company'), 'Vehicle Screen', new RegExp(company.code));
    await dialog.getByLabel('Color').fill('Pearl White');
    // Offline, the decoder gives no model: the dialog asks for it, as a required field.
    const model = dialog.getByLabel('Model');
    await model.waitFor();
    expect(await dialog.getByLabel('Make').count()).toBe(0);
    expect(await dialog.innerText()).toContain('The VIN decoder could not tell the model');
    await dialog.getByRole('button', { name: 'Add' }).click();
    expect(await takeToast(page)).toContain('The form is not valid');
    await screenshot(page, 'vehicle-add-asks-model-en');
    await model.fill('Accord');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await takeToast(page)).toContain('Vehicle added successfully');

    const row = await openRowOf(page, vin);
    const text = await row.innerText();
    expect(text).toContain('Accord');
    expect(text).toContain('Honda');
    expect(text).toContain('2003');
    expect(text).toContain('Pearl White');
    expect(text).toContain('New Purchase');
  });

  it('asks for the model in Arabic too, and the edit page says why the model is needed', async () => {
    const { context: arContext, page: ar } = await newPage(browser, { language: 'ar' });
    try {
      await signInWithSession(ar, shipper.username, shipper.password);
      await ar.goto('/vehicles');
      await ar.getByTestId('add-vehicle').first().click();
      const dialog = ar.getByTestId('vehicle-dialog');
      await dialog.locator('input[name="vin"]').fill(uniqueVin());
      await dialog.locator('input[name="model"]').waitFor();
      expect(await dialog.innerText()).toContain('تعذّر على فك ترميز رقم الهيكل معرفة الطراز');
      await screenshot(ar, 'vehicle-add-asks-model-ar');
    } finally {
      await arContext.close();
    }
    // Added without a model (through the API, offline): the edit page explains the required field.
    const vehicle = await createVehicle(api, { companyId: company.id });
    expect(vehicle.model).toBeNull();
    await page.goto(`/vehicles/${vehicle.id}/edit`);
    await page.getByTestId('section-basic').getByText('Offline, the VIN decoder cannot tell the model').waitFor();
    await page.getByTestId('vehicle-save').click();
    expect(await takeToast(page)).toContain('The form is not valid');
    await screenshot(page, 'vehicle-edit-model-helper-en');
  });

  it("refuses a VIN that exists with 'VIN already exists'", async () => {
    const existing = await createVehicle(api, { companyId: company.id });
    const shipperPage = await newPage(browser);
    await signInWithSession(shipperPage.page, shipper.username, shipper.password);
    await shipperPage.page.goto('/vehicles');
    await shipperPage.page.getByTestId('add-vehicle').first().click();
    const dialog = shipperPage.page.getByTestId('vehicle-dialog');
    // A shipper adds to its own company: there is no company field.
    expect(await dialog.getByLabel('Company').count()).toBe(0);
    await dialog.getByLabel('VIN').fill(existing.vin);
    await dialog.getByLabel('Model').fill('Civic');
    await dialog.getByRole('button', { name: 'Add' }).click();
    expect(await takeToast(shipperPage.page)).toContain('VIN already exists');
    expect(await dialog.innerText()).toContain('VIN already exists');
    await shipperPage.context.close();
  });

  it('adds a vehicle into a container of the company, and warns about a VIN whose check digit does not match', async () => {
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const vin = uniqueVin({ validCheckDigit: false });
    const shipperPage = await newPage(browser);
    await signInWithSession(shipperPage.page, shipper.username, shipper.password);
    await shipperPage.page.goto('/vehicles');
    await shipperPage.page.getByTestId('add-vehicle').first().click();
    const dialog = shipperPage.page.getByTestId('vehicle-dialog');
    await dialog.getByLabel('VIN').fill(vin);
    await dialog.getByLabel('Model').fill('Civic');
    await dialog.getByRole('combobox', { name: 'Container' }).click();
    await shipperPage.page.getByRole('option', { name: container.number }).click();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // msg.vehicleAdded, with the warning as a second line (SPEC.md §8).
    const [title, ...rest] = (await takeToast(shipperPage.page)).split('\n');
    expect(title).toBe('Vehicle added successfully');
    expect(rest.join(' ')).toContain('check digit of this VIN (position 9) does not match');
    const row = await openRowOf(shipperPage.page, vin);
    expect(await row.innerText()).toContain(container.number);
    await shipperPage.context.close();
  });

  it("says 'Failed to create vehicle' when the server gives no reason", async () => {
    await page.route('**/api/vehicles', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.continue(),
    );
    try {
      const dialog = await fillAddVehicle(page, uniqueVin());
      await dialog.getByRole('button', { name: 'Add' }).click();
      expect(await takeToast(page)).toContain('Failed to create vehicle');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await page.unroute('**/api/vehicles');
    }
  });

  it("adds the vehicle once when Add is clicked again after a 503 whose vehicle was stored, not 'VIN already exists'", async () => {
    // Not the empty list's own Add: the failed create refreshes the list, which then has a row.
    await createVehicle(api, { companyId: company.id });
    const vin = uniqueVin();
    const keys: (string | null)[] = [];
    // The first Add reaches the API and is stored, but its answer is lost: the console sees a 503.
    await page.route('**/api/vehicles', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push(await route.request().headerValue('Idempotency-Key'));
      if (keys.length > 1) return route.continue();
      await route.fetch();
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable', code: 'service.unavailable' }) });
    });
    try {
      const dialog = await fillAddVehicle(page, vin);
      await dialog.getByRole('button', { name: 'Add' }).click();
      expect(await takeToast(page)).toContain('The service is temporarily unavailable');
      await dialog.getByRole('button', { name: 'Add' }).click();
      expect(await takeToast(page)).toContain('Vehicle added successfully');
      await dialog.waitFor({ state: 'hidden' });
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      const stored = await api.send<{ vin: string }[]>('GET', `/vehicles?filter=${encodeURIComponent(JSON.stringify({ q: vin }))}`);
      expect(stored.map((vehicle) => vehicle.vin)).toEqual([vin]);
    } finally {
      await page.unroute('**/api/vehicles');
    }
  });
});

describe('the vehicles list', () => {
  it('changes a status from the row at once, sends it when the toast goes, and records it', async () => {
    const vehicle = await createVehicle(api, { companyId: company.id });
    const row = await openRowOf(page, vehicle.vin);
    await row.getByRole('combobox', { name: `Status of ${vehicle.vin}` }).click();
    await page.getByRole('option', { name: 'At Warehouse' }).click();
    // Shown at once, with Undo in the toast; nothing reaches the server while Undo is offered.
    expect(await row.getByTestId('status-chip').innerText()).toBe('At Warehouse');
    await page.getByTestId('toast-undo').waitFor();
    expect((await getVehicle(vehicle.id)).status).toBe('NEW_PURCHASE');
    expect(await takeToast(page)).toContain('Vehicle status updated successfully');
    await expect.poll(async () => (await getVehicle(vehicle.id)).status).toBe('AT_WAREHOUSE');
    const saved = await getVehicle(vehicle.id);
    expect(saved.statusHistory.map((e: { toStatus: string }) => e.toStatus)).toEqual(['NEW_PURCHASE', 'AT_WAREHOUSE']);
  });

  it('shows why a status change failed and keeps the old status', async () => {
    const vehicle = await createVehicle(api, { companyId: company.id, status: 'DISPATCHED' });
    const row = await openRowOf(page, vehicle.vin);
    await page.route('**/api/vehicles/*/status', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Database down', code: 'service.unavailable' }) }),
    );
    try {
      await row.getByRole('combobox', { name: `Status of ${vehicle.vin}` }).click();
      await page.getByRole('option', { name: 'Received' }).click();
      // The undoable toast first; closing it sends the change, which the server refuses.
      expect(await takeToast(page)).toContain('Vehicle status updated successfully');
      expect(await takeToast(page)).toContain('The service is temporarily unavailable');
      await expect.poll(() => row.getByTestId('status-chip').innerText()).toBe('Dispatched');
    } finally {
      await page.unroute('**/api/vehicles/*/status');
    }
  });

  it('changes the status of the selected rows at once', async () => {
    const first = await createVehicle(api, { companyId: company.id, model: 'BulkOne' });
    const second = await createVehicle(api, { companyId: company.id, model: 'BulkOne' });
    const untouched = await createVehicle(api, { companyId: company.id, model: 'BulkOther' });
    await page.goto(`/vehicles?filter=${encodeURIComponent(JSON.stringify({ q: 'Bulk' }))}`);
    await rowOf(page, untouched.vin).waitFor();
    await rowOf(page, first.vin).getByRole('checkbox').check();
    await rowOf(page, second.vin).getByRole('checkbox').check();
    await page.getByTestId('bulk-status').click();
    const dialog = page.getByTestId('bulk-status-dialog');
    await dialog.getByRole('combobox', { name: 'New status' }).click();
    await page.getByRole('option', { name: 'Shipped' }).click();
    await dialog.getByTestId('bulk-status-apply').click();
    expect(await takeToast(page)).toContain('Status updated for 2 vehicles');
    await expect.poll(() => rowOf(page, first.vin).getByTestId('status-chip').innerText()).toBe('Shipped');
    // Closing the undoable toast sent the changes.
    await expect.poll(async () => (await getVehicle(first.id)).status).toBe('SHIPPED');
    expect((await getVehicle(second.id)).status).toBe('SHIPPED');
    expect((await getVehicle(untouched.id)).status).toBe('NEW_PURCHASE');
    expect((await getVehicle(second.id)).statusHistory.at(-1)).toMatchObject({ fromStatus: 'NEW_PURCHASE', toStatus: 'SHIPPED' });
  });

  it('searches by VIN, make or model and filters by status (All by default)', async () => {
    const wanted = await createVehicle(api, { companyId: company.id, model: 'Searchable Sedan', status: 'AT_PORT' });
    const other = await createVehicle(api, { companyId: company.id, model: 'Searchable Sedan', status: 'LOADED' });
    await page.goto('/vehicles');
    expect(await page.getByRole('combobox', { name: 'Status' }).first().innerText()).toContain('All');
    await page.getByPlaceholder('VIN, make or model').fill('searchable sed');
    await rowOf(page, wanted.vin).waitFor();
    await rowOf(page, other.vin).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).first().click();
    await page.getByRole('option', { name: 'At Port' }).click();
    await rowOf(page, other.vin).waitFor({ state: 'detached' });
    expect(await rowOf(page, wanted.vin).count()).toBe(1);
  });

  it('deletes a vehicle only after confirmation', async () => {
    const vehicle = await createVehicle(api, { companyId: company.id });
    const row = await openRowOf(page, vehicle.vin);
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.innerText()).toContain(`Delete vehicle ${vehicle.vin}?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    expect(await takeToast(page)).toContain('Vehicle deleted successfully');
    await row.waitFor({ state: 'detached' });
    // Closing the undoable toast sent the delete.
    await expect.poll(() => getVehicle(vehicle.id).then(() => 'still there', (error: Error) => error.message)).toMatch(/404/);
  });

  it("shows the server's reason when a delete fails", async () => {
    const vehicle = await createVehicle(api, { companyId: company.id });
    const row = await openRowOf(page, vehicle.vin);
    await page.route(`**/api/vehicles/${vehicle.id}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'Vehicle is on an invoice' }) })
        : route.continue(),
    );
    try {
      await row.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      // The undoable toast first; closing it sends the delete, which the server refuses.
      expect(await takeToast(page)).toContain('Vehicle deleted successfully');
      expect(await takeToast(page)).toContain('Vehicle is on an invoice');
      await row.waitFor();
    } finally {
      await page.unroute(`**/api/vehicles/${vehicle.id}`);
    }
  });

  it('lets a company admin edit but not delete', async () => {
    const companyAdmin = await api.createUser('COMPANY_ADMIN', company.id);
    const vehicle = await createVehicle(api, { companyId: company.id });
    const other = await newPage(browser);
    await signIn(other.page, companyAdmin.username, companyAdmin.password);
    const row = await openRowOf(other.page, vehicle.vin);
    expect(await row.getByRole('link', { name: `Edit ${vehicle.vin}` }).count()).toBe(1);
    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await row.getByTestId('status-select').count()).toBe(1);
    await other.context.close();
  });

  it('exports every row of the list\u2019s filter as CSV from the API, with the status label and vehicleInfo flattened', async () => {
    const vehicle = await createVehicle(api, { companyId: company.id, model: 'Exported, "Special"', status: 'AT_PORT', vehicleInfo: { color: 'Grey' } });
    await openRowOf(page, vehicle.vin);
    await page.getByTestId('export-button').click();
    // A plain link to GET /api/vehicles/export: the browser saves what the server streams.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV (every row)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^vehicles-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parse(readFileSync((await download.path())!), { bom: true }) as string[][];
    const cell = (row: string[], heading: string) => row[header.indexOf(heading)];
    expect(rows.map((row) => cell(row, 'VIN'))).toEqual([vehicle.vin]);
    expect([cell(rows[0], 'Model'), cell(rows[0], 'Status'), cell(rows[0], 'Color')]).toEqual(['Exported, "Special"', 'At Port', 'Grey']);
  });

  it('says so when a company has no vehicles yet, and offers to add one', async () => {
    const empty = await api.createCompany('Empty Yard Motors');
    const newcomer = await api.createUser('SHIPPER', empty.id);
    const other = await newPage(browser);
    await signIn(other.page, newcomer.username, newcomer.password);
    // The first page is held back: meanwhile the toolbar's Add is shown but inert, because an
    // empty answer swaps the toolbar for the empty state, and a dialog opened from it would vanish.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await other.page.route('**/api/vehicles?*', async (route) => {
      await held;
      await route.continue();
    });
    await other.page.goto('/vehicles');
    const toolbarAdd = other.page.getByTestId('list-actions').getByTestId('add-vehicle');
    await toolbarAdd.waitFor();
    expect(await toolbarAdd.isDisabled()).toBe(true);
    release();
    const state = other.page.getByTestId('empty-state');
    await state.getByText('No vehicles yet.').waitFor();
    await state.getByTestId('add-vehicle').click();
    await other.page.getByTestId('vehicle-dialog').waitFor();
    await other.context.close();
  });
});

describe('a buyer', () => {
  it('sees its vehicles read-only: no actions column, no status dropdown, no add, no selection, and a read-only page', async () => {
    const buyer = await api.createUser('BUYER', company.id);
    const mine = await createVehicle(api, { companyId: company.id, buyerId: buyer.id, status: 'SHIPPED', vehicleInfo: { color: 'Sand' } });
    const notMine = await createVehicle(api, { companyId: company.id });
    const other = await newPage(browser);
    await signInWithSession(other.page, buyer.username, buyer.password);
    await other.page.goto('/vehicles');
    const table = other.page.getByTestId('vehicles-table');
    await rowOf(other.page, mine.vin).waitFor();
    expect(await rowOf(other.page, notMine.vin).count()).toBe(0);
    const header = await table.locator('thead').innerText();
    expect(header).toContain('VIN');
    expect(header).toContain('Status');
    expect(header).not.toContain('Actions');
    expect(await table.getByTestId('status-select').count()).toBe(0);
    expect(await rowOf(other.page, mine.vin).getByTestId('status-chip').innerText()).toBe('Shipped');
    expect(await table.getByRole('checkbox').count()).toBe(0);
    expect(await other.page.getByTestId('add-vehicle').count()).toBe(0);
    expect(await table.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    await rowOf(other.page, mine.vin).getByRole('link', { name: mine.vin }).click();
    // The page reads as facts (e2e/buyerView.test.ts has the whole shipment view).
    await other.page.getByTestId('vehicle-view').waitFor();
    expect(await other.page.getByRole('heading', { level: 1 }).innerText()).toBe(`Vehicle ${mine.vin}`);
    expect(await other.page.getByTestId('vehicle-save').count()).toBe(0);
    expect(await other.page.getByTestId('vehicle-view').locator('input, textarea').count()).toBe(0);
    expect(await other.page.getByTestId('section-facts').innerText()).toContain('Sand');
    expect(await other.page.getByTestId('section-container').count()).toBe(0);
    await other.context.close();
  });
});

describe('the edit page', () => {
  it('edits make (searched in the makes list), model, year and colour, and returns to the list', async () => {
    const vehicle = await createVehicle(api, { companyId: company.id, vehicleInfo: { color: 'Red', trim: 'LX' } });
    await page.goto(`/vehicles/${vehicle.id}/edit`);
    await page.getByTestId('vehicle-edit').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(`Edit vehicle ${vehicle.vin}`);
    // The VIN decode and the history are there.
    await page.getByTestId('vin-decode').waitFor();
    expect(await page.getByTestId('vin-decode-source').innerText()).toBe('Offline decoder (bundled data)');
    expect(await page.getByTestId('status-history').innerText()).toContain('Added as');

    const make = page.getByTestId('make-input');
    expect(await make.inputValue()).toBe('Honda');
    await make.fill('toyo');
    await page.getByRole('option', { name: 'Toyota', exact: true }).click();
    expect(await make.inputValue()).toBe('Toyota');
    await page.getByLabel(/^Model/).fill('Land Cruiser');
    await page.getByLabel('Year').fill('2019');
    await page.getByLabel('Color').fill('Midnight Blue');
    await page.getByLabel('Trim').fill('');
    // The other reading's fields (SPEC.md §3) beside the decoder's.
    await page.getByLabel('Fuel', { exact: true }).fill('Diesel');
    await page.getByLabel('Transmission type', { exact: true }).fill(' Automatic ');
    await page.getByLabel('Body type', { exact: true }).fill('SUV');
    await page.getByTestId('vehicle-save').click();
    expect(await takeToast(page)).toContain('Vehicle updated successfully');
    await page.waitForURL((url) => url.pathname === '/vehicles');

    const row = await openRowOf(page, vehicle.vin);
    const text = await row.innerText();
    expect(text).toContain('Toyota');
    expect(text).toContain('Land Cruiser');
    expect(text).toContain('2019');
    expect(text).toContain('Midnight Blue');
    const saved = await getVehicle(vehicle.id);
    expect(saved).toMatchObject({ make: 'Toyota', model: 'Land Cruiser', year: 2019 });
    // The emptied trim is dropped, not stored as an empty text.
    expect(saved.vehicleInfo).toEqual({ color: 'Midnight Blue', fuelType: 'Diesel', transmission: 'Automatic', bodyType: 'SUV' });
  });

  it("says 'No makes found' for a make the list does not know, and still keeps what was typed", async () => {
    const vehicle = await createVehicle(api, { companyId: company.id, model: 'Custom' });
    await page.goto(`/vehicles/${vehicle.id}/edit`);
    const make = page.getByTestId('make-input');
    await make.fill('Qzxqz Motors');
    await page.getByText('No makes found').waitFor();
    await page.getByTestId('vehicle-save').click();
    expect(await takeToast(page)).toContain('Vehicle updated successfully');
    expect((await getVehicle(vehicle.id)).make).toBe('Qzxqz Motors');
  });

  it("says 'Failed to load makes' when the makes cannot be fetched", async () => {
    const vehicle = await createVehicle(api, { companyId: company.id, model: 'Custom' });
    await page.route('**/api/vehicle-makes*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    try {
      await page.goto(`/vehicles/${vehicle.id}/edit`);
      await page.getByTestId('make-input').fill('ho');
      await page.getByText('Failed to load makes').waitFor();
    } finally {
      await page.unroute('**/api/vehicle-makes*');
    }
  });

  it("shows 'Invalid vehicle ID' and 'Vehicle not found'", async () => {
    await page.goto('/vehicles/abc/edit');
    expect(await page.getByTestId('page-error').innerText()).toContain('Invalid vehicle ID');
    await page.goto('/vehicles/99999999/edit');
    expect(await page.getByTestId('page-error').innerText()).toContain('Vehicle not found');
    await page.getByRole('link', { name: 'Back to Vehicles' }).click();
    await page.waitForURL((url) => url.pathname === '/vehicles');
  });

  it("shows the server's reason when a save fails, and stays on the page", async () => {
    const taken = await createVehicle(api, { companyId: company.id });
    const vehicle = await createVehicle(api, { companyId: company.id, model: 'Civic' });
    await page.goto(`/vehicles/${vehicle.id}/edit`);
    await page.getByLabel('VIN').fill(taken.vin);
    await page.getByTestId('vehicle-save').click();
    expect(await takeToast(page)).toContain('VIN already exists');
    expect(await page.getByTestId('section-basic').innerText()).toContain('VIN already exists');

    await page.getByLabel('VIN').fill(vehicle.vin);
    await page.route(`**/api/vehicles/${vehicle.id}`, (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.continue(),
    );
    try {
      await page.getByTestId('vehicle-save').click();
      expect(await takeToast(page)).toContain('Failed to update vehicle');
      expect(new URL(page.url()).pathname).toBe(`/vehicles/${vehicle.id}/edit`);
    } finally {
      await page.unroute(`**/api/vehicles/${vehicle.id}`);
    }
  });

  it('lets an administrator choose the buyer and the ports, and assign a container with a None option', async () => {
    const buyer = await api.createUser('BUYER', company.id);
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const port = await api.send('POST', '/ports', { name: 'Port of Antwerp', nameAr: 'ميناء أنتويرب', country: 'BE' });
    const vehicle = await createVehicle(api, { companyId: company.id, model: 'Accord', containerId: container.id });
    await page.goto(`/vehicles/${vehicle.id}/edit`);
    await page.getByRole('combobox', { name: 'Buyer' }).click();
    await page.getByRole('option', { name: buyer.username }).click();
    await page.getByLabel('Port of origin').fill('Antwerp');
    await page.getByRole('option', { name: 'Port of Antwerp - Belgium' }).click();
    const containerSelect = page.getByRole('combobox', { name: 'Container' });
    expect(await containerSelect.innerText()).toBe(container.number);
    await containerSelect.click();
    // react-admin names the empty choice 'Clear value' for screen readers; it reads 'None'.
    await page.getByRole('listbox').getByText('None', { exact: true }).click();
    await page.getByTestId('vehicle-save').click();
    expect(await takeToast(page)).toContain('Vehicle updated successfully');
    await page.waitForURL((url) => url.pathname === '/vehicles');
    expect(await getVehicle(vehicle.id)).toMatchObject({ buyerId: buyer.id, fromPortId: port.id, containerId: null });
  });

  it("shows a shipper the buyer's name read-only, without asking for the users it may not list", async () => {
    const buyer = await api.createUser('BUYER', company.id);
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const vehicle = await createVehicle(api, { companyId: company.id, model: 'Accord', buyerId: buyer.id });
    const other = await newPage(browser);
    const refused: string[] = [];
    other.page.on('response', (response) => response.status() === 403 && refused.push(response.url()));
    await signInWithSession(other.page, shipper.username, shipper.password);
    await other.page.goto(`/vehicles/${vehicle.id}/edit`);
    await other.page.getByTestId('vehicle-edit').waitFor();
    expect(await other.page.getByLabel('Buyer').inputValue()).toBe(buyer.username);
    expect(await other.page.getByLabel('Buyer').getAttribute('readonly')).not.toBeNull();
    await other.page.getByRole('combobox', { name: 'Container' }).click();
    await other.page.getByRole('option', { name: container.number }).click();
    await other.page.getByTestId('vehicle-save').click();
    expect(await takeToast(other.page)).toContain('Vehicle updated successfully');
    expect(await getVehicle(vehicle.id)).toMatchObject({ containerId: container.id, buyerId: buyer.id });
    expect(refused).toEqual([]);
    await other.context.close();
  });
});
