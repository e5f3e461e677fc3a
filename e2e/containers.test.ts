import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiClient, admin, createContainer, createVehicle, datePicker, datePickerText, pickerDateOf, typeDate, launchBrowser, newPage, screenshot, searchAndPick, signIn, signInWithSession, takeToast, uniqueCode, uniqueContainerNumber, listRow, openListRow } from './support';

let browser: Browser;
let api: ApiClient;
let context: BrowserContext;
let page: Page;
let company: { id: number; name: string; code: string };
let shipper: { id: number; username: string; password: string };
let jeddah: { id: number };
/** Unique in this run: other test files add ports too. */
const JEDDAH = `Jeddah Islamic Port ${uniqueCode('T')}`;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  company = await api.createCompany('Container Screen Lines');
  shipper = await api.createUser('SHIPPER', company.id);
  jeddah = await api.send('POST', '/ports', { name: JEDDAH, nameAr: 'ميناء جدة الإسلامي', country: 'SA' });
  ({ context, page } = await newPage(browser));
  await signIn(page, admin().username, admin().password);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const rowOf = (p: Page, number: string) => listRow(p, 'containers', number);
const getContainer = (id: number) => api.send<Record<string, any>>('GET', `/containers/${id}`);

const openRowOf = (p: Page, number: string) => openListRow(p, 'containers', number);

describe('the containers list', () => {
  it('adds a container: number required, company and shipper for a super admin, ports as name - country', async () => {
    const number = uniqueContainerNumber();
    await page.goto('/containers');
    await page.getByTestId('add-container').first().click();
    const dialog = page.getByTestId('container-dialog');
    await dialog.getByLabel(/^Number/).fill('   ');
    await dialog.getByRole('button', { name: 'Add' }).click();
    expect(await takeToast(page)).toContain('The form is not valid');
    expect(await dialog.innerText()).toContain('Container number is required');

    await dialog.getByLabel(/^Number/).fill(number.toLowerCase());
    // The shipper list waits for the company, then offers that company's shippers.
    expect(await dialog.getByRole('combobox', { name: 'Shipper' }).getAttribute('aria-disabled')).toBe('true');
    await searchAndPick(dialog.getByLabel('Company'), 'Container Screen', new RegExp(company.code));
    await dialog.getByRole('combobox', { name: 'Shipper' }).click();
    await page.getByRole('option', { name: shipper.username }).click();
    await dialog.getByLabel('Booking number').fill('BK-2026-001');
    await dialog.getByLabel('Size').fill('40hc');
    await typeDate(datePicker(dialog, 'Loading date'), '2026-03-01');
    await dialog.getByLabel('Seal number').fill('SL-778899');
    await dialog.getByLabel('Shipping line').fill('Maersk');
    await dialog.getByLabel('Port of destination').fill(JEDDAH);
    await page.getByRole('option', { name: `${JEDDAH} - Saudi Arabia` }).click();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await takeToast(page)).toContain('Container added successfully');

    const row = await openRowOf(page, number);
    // The first cell is the row's selection box (bulk delete).
    const cells = (await row.getByRole('cell').allInnerTexts()).slice(1);
    expect(cells[0]).toBe(`${number}\n${company.name}`); // a super admin sees the company under the number
    expect(cells).toEqual(expect.arrayContaining(['BK-2026-001', '40HC', 'SL-778899', 'Maersk', '0']));
    expect(await row.innerText()).toContain('Mar 01, 2026');
    expect(await row.getByTestId('port-from').innerText()).toBe('-');
    expect(await row.getByTestId('port-to').innerText()).toBe(`${JEDDAH} - Saudi Arabia`);
    await row.getByRole('link', { name: `Open container ${number}` }).click();
    await page.waitForURL((url) => /^\/containers\/\d+$/.test(url.pathname));
    await page.getByTestId('container-show').waitFor();
  });

  it('warns about a number whose ISO 6346 check digit does not match, while typing and after saving', async () => {
    const good = uniqueContainerNumber('TGH');
    const bad = `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`;
    const shipperPage = await newPage(browser);
    await signInWithSession(shipperPage.page, shipper.username, shipper.password);
    await shipperPage.page.goto('/containers');
    await shipperPage.page.getByTestId('add-container').first().click();
    const dialog = shipperPage.page.getByTestId('container-dialog');
    // A shipper works in its own company: no company or shipper fields.
    expect(await dialog.getByLabel('Company').count()).toBe(0);
    expect(await dialog.getByRole('combobox', { name: 'Shipper' }).count()).toBe(0);
    await dialog.getByLabel(/^Number/).fill(bad);
    await dialog.getByTestId('container-check-digit-warning').waitFor();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // msg.containerAdded, with the warning as a second line (SPEC.md §8).
    const [title, ...rest] = (await takeToast(shipperPage.page)).split('\n');
    expect(title).toBe('Container added successfully');
    expect(rest.join(' ')).toContain('check digit of this container number does not match');
    const row = await openRowOf(shipperPage.page, bad);
    expect(await row.getByTestId('row-check-digit-warning').count()).toBe(1);
    await shipperPage.context.close();
  });

  it("refuses a number in use with 'Container number already exists'", async () => {
    const existing = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const shipperPage = await newPage(browser);
    await signInWithSession(shipperPage.page, shipper.username, shipper.password);
    await shipperPage.page.goto('/containers');
    await shipperPage.page.getByTestId('add-container').first().click();
    const dialog = shipperPage.page.getByTestId('container-dialog');
    await dialog.getByLabel(/^Number/).fill(existing.number);
    await dialog.getByRole('button', { name: 'Add' }).click();
    expect(await takeToast(shipperPage.page)).toContain('Container number already exists');
    expect(await dialog.innerText()).toContain('Container number already exists');
    await shipperPage.context.close();
  });

  it('edits a container in the same form', async () => {
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id, shippingLine: 'CMA CGM', loadingDate: '2026-01-10' });
    const row = await openRowOf(page, container.number);
    await row.getByRole('button', { name: `Edit ${container.number}` }).click();
    const dialog = page.getByTestId('container-dialog');
    expect(await dialog.getByLabel('Shipping line').inputValue()).toBe('CMA CGM');
    expect(await datePickerText(datePicker(dialog, 'Loading date'))).toBe(pickerDateOf('2026-01-10'));
    await dialog.getByLabel('Shipping line').fill('Hapag-Lloyd');
    await dialog.getByLabel('Port of origin').fill(JEDDAH);
    await page.getByRole('option', { name: `${JEDDAH} - Saudi Arabia` }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await takeToast(page)).toContain('Container updated successfully');
    await row.getByText('Hapag-Lloyd').waitFor();
    expect(await getContainer(container.id)).toMatchObject({ shippingLine: 'Hapag-Lloyd', fromPortId: jeddah.id, shipperId: shipper.id, companyId: company.id });
  });

  it('deletes a container only after confirmation; its vehicles stay, unassigned', async () => {
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const vehicle = await createVehicle(api, { companyId: company.id, containerId: container.id });
    const row = await openRowOf(page, container.number);
    expect(await row.getByTestId('vehicle-count').innerText()).toBe('1');
    await row.getByRole('button', { name: `Delete ${container.number}` }).click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.innerText()).toContain(`Delete container ${container.number}?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: `Delete ${container.number}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    expect(await takeToast(page)).toContain('Container deleted successfully');
    await row.waitFor({ state: 'detached' });
    // Closing the undoable toast sent the delete.
    await expect.poll(async () => (await api.send('GET', `/vehicles/${vehicle.id}`)).containerId).toBeNull();
  });
});

describe('the container page', () => {
  it('adds an unassigned vehicle to the container and removes it again', async () => {
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id, toPortId: jeddah.id, containerSize: '40HC' });
    const other = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const free = await createVehicle(api, { companyId: company.id, model: 'Camry' });
    const elsewhere = await createVehicle(api, { companyId: company.id, containerId: other.id });
    const shipperPage = await newPage(browser);
    const p = shipperPage.page;
    await signInWithSession(p, shipper.username, shipper.password);
    await p.goto(`/containers/${container.id}`);
    await p.getByTestId('container-show').waitFor();
    expect(await p.getByRole('heading', { level: 1 }).innerText()).toBe(container.number);
    expect(await p.getByTestId('container-route').innerText()).toMatch(new RegExp(`^-\\s+${JEDDAH} - Saudi Arabia$`));
    const inside = p.getByTestId('section-vehicles-in');
    const available = p.getByTestId('section-available');
    // Both tables are pages of the vehicle list, read once the container is shown.
    await inside.getByTestId('empty-text').waitFor();
    expect(await inside.innerText()).toContain('No vehicles in this container yet.');

    const freeRow = available.getByRole('row').filter({ hasText: free.vin });
    expect(await freeRow.getByTestId('assignment').innerText()).toBe('None');
    const elsewhereRow = available.getByRole('row').filter({ hasText: elsewhere.vin });
    expect(await elsewhereRow.getByTestId('assignment').innerText()).toBe(`In container ${other.number}`);
    expect(await elsewhereRow.getByRole('button').count()).toBe(0);

    await freeRow.getByRole('button', { name: `Add ${free.vin} to this container` }).click();
    expect(await takeToast(p)).toContain('Vehicle added to the container');
    const insideRow = inside.getByRole('row').filter({ hasText: free.vin });
    await insideRow.waitFor();
    expect(await insideRow.innerText()).toContain('Camry');
    expect(await insideRow.getByTestId('status-chip').innerText()).toBe('New Purchase');
    expect(await available.getByRole('row').filter({ hasText: free.vin }).count()).toBe(0);
    expect((await api.send('GET', `/vehicles/${free.id}`)).containerId).toBe(container.id);

    // The VIN leads to the vehicle's page.
    expect(await insideRow.getByRole('link', { name: free.vin }).getAttribute('href')).toBe(`/vehicles/${free.id}/edit`);

    await insideRow.getByRole('button', { name: `Remove ${free.vin} from this container` }).click();
    expect(await takeToast(p)).toContain('Vehicle removed from the container');
    await available.getByRole('row').filter({ hasText: free.vin }).waitFor();
    await inside.getByText('No vehicles in this container yet.').waitFor();
    expect((await api.send('GET', `/vehicles/${free.id}`)).containerId).toBeNull();
    await shipperPage.context.close();
  });

  it('pages and searches the available vehicles on the server: full pages, and a vehicle far past the first found and added', async () => {
    // A company of its own, so its available vehicles are exactly these.
    const fleet = await api.createCompany('Container Paging Motors');
    const fleetShipper = await api.createUser('SHIPPER', fleet.id);
    const container = await createContainer(api, { companyId: fleet.id, shipperId: fleetShipper.id });
    // The oldest of 25 unassigned vehicles, so on the third page of ten, newest first.
    const farBack = await createVehicle(api, { companyId: fleet.id, model: 'Far Back' });
    for (let i = 0; i < 24; i++) await createVehicle(api, { companyId: fleet.id, model: 'Ordinary' });
    // The newest vehicle of the company is in the container: the available list must not come up short for it.
    await createVehicle(api, { companyId: fleet.id, containerId: container.id });
    for (const language of ['en', 'ar'] as const) {
      const session = await newPage(browser, { language });
      const p = session.page;
      await signInWithSession(p, fleetShipper.username, fleetShipper.password);
      await p.goto(`/containers/${container.id}`);
      const available = p.getByTestId('section-available');
      const rows = available.getByTestId('available-vehicles').locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(10);
      expect(await available.getByRole('row').filter({ hasText: farBack.vin }).count()).toBe(0);

      await available.getByTestId('available-search').fill(farBack.vin.slice(-8));
      const found = available.getByRole('row').filter({ hasText: farBack.vin });
      await found.waitFor();
      expect(await rows.count()).toBe(1);
      await screenshot(p, `container-available-search-${language}`);
      if (language === 'en') {
        await found.getByRole('button', { name: `Add ${farBack.vin} to this container` }).click();
        expect(await takeToast(p)).toContain('Vehicle added to the container');
        await p.getByTestId('section-vehicles-in').getByRole('row').filter({ hasText: farBack.vin }).waitFor();
        await available.getByText('No vehicles match this search.').waitFor();
        expect((await api.send('GET', `/vehicles/${farBack.id}`)).containerId).toBe(container.id);
        await api.send('PATCH', `/vehicles/${farBack.id}`, { containerId: null });
      }
      await session.context.close();
    }
  });

  it("says 'Failed to add vehicle to container' and 'Failed to remove vehicle from container'", async () => {
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const free = await createVehicle(api, { companyId: company.id });
    const inside = await createVehicle(api, { companyId: company.id, containerId: container.id });
    await page.goto(`/containers/${container.id}`);
    await page.getByTestId('container-show').waitFor();
    await page.route('**/api/vehicles/*', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.continue(),
    );
    try {
      await page.getByRole('button', { name: `Add ${free.vin} to this container` }).click();
      expect(await takeToast(page)).toBe('Error\nFailed to add vehicle to container');
      await page.getByRole('button', { name: `Remove ${inside.vin} from this container` }).click();
      expect(await takeToast(page)).toBe('Error\nFailed to remove vehicle from container');
    } finally {
      await page.unroute('**/api/vehicles/*');
    }
    expect((await api.send('GET', `/vehicles/${free.id}`)).containerId).toBeNull();
    expect((await api.send('GET', `/vehicles/${inside.id}`)).containerId).toBe(container.id);
  });

  it('warns when the container holds more cars than its size usually takes', async () => {
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id, containerSize: '40HC' });
    for (let i = 0; i < 5; i++) await createVehicle(api, { companyId: company.id, containerId: container.id });
    await page.goto(`/containers/${container.id}`);
    expect(await page.getByTestId('capacity-warning').innerText()).toBe('This container holds 5 cars; a 40HC usually takes 4.');
    const row = await openRowOf(page, container.number);
    expect(await row.getByTestId('vehicle-count').innerText()).toBe('5');
    expect(await row.getByTestId('row-capacity-warning').count()).toBe(1);
  });

  it("says 'Invalid container ID provided.' and 'Failed to load container details' with a way back", async () => {
    await page.goto('/containers/x1');
    expect(await page.getByTestId('page-error').innerText()).toContain('Invalid container ID provided.');
    await page.goto('/containers/99999999');
    expect(await page.getByTestId('page-error').innerText()).toContain('Failed to load container details');
    await page.getByRole('link', { name: 'Back to Containers' }).click();
    await page.waitForURL((url) => url.pathname === '/containers');
  });

  it('is not for buyers', async () => {
    const buyer = await api.createUser('BUYER', company.id);
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const buyerPage = await newPage(browser);
    await signInWithSession(buyerPage.page, buyer.username, buyer.password);
    await buyerPage.page.goto(`/containers/${container.id}`);
    await buyerPage.page.getByTestId('unauthorized').waitFor();
    await buyerPage.context.close();
  });
});
