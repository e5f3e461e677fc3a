import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiClient, createContainer, createVehicle, launchBrowser, newPage, screenshot, signIn, takeToast } from './support';
import { pdf } from './fileHelpers';

/**
 * The shipment workflow (issue 30) in the console: a container's milestones move its vehicles, a
 * document is uploaded by kind into the checklist, and the dashboard's charts in English and Arabic.
 */
let browser: Browser;
let api: ApiClient;
let shipper: { username: string; password: string; id: number };
let container: Record<string, any>;
let vehicles: Record<string, any>[];

const day = (offset: number) => new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  const company = await api.createCompany('Milestone Motors');
  shipper = await api.createUser('SHIPPER', company.id);
  // Loading long past (its papers overdue) and arrival five days ago, not arrived: late.
  container = await createContainer(api, { companyId: company.id, shipperId: shipper.id, loadingDate: '2020-01-10', arrivalDate: day(-5) });
  vehicles = [
    await createVehicle(api, { companyId: company.id, containerId: container.id, status: 'AT_WAREHOUSE' }),
    await createVehicle(api, { companyId: company.id, containerId: container.id, status: 'AT_PORT' }),
  ];
});
afterAll(async () => {
  await browser?.close();
});

/** The status shown for each of the container's vehicles, in the order of `vehicles`. */
const statusesShown = (page: Page) =>
  Promise.all(vehicles.map((vehicle) => page.getByTestId('section-vehicles-in').getByRole('row').filter({ hasText: vehicle.vin }).getByTestId('status-chip').getAttribute('data-status')));

/** The next milestone, today: the button opens the dialog (next milestone, today), which confirms it. */
async function recordNextMilestone(page: Page) {
  await page.getByTestId('milestone-next').click();
  await page.getByTestId('milestone-dialog').getByTestId('milestone-confirm').click();
}

describe('shipment workflow', () => {
  it('moves the vehicles with each milestone, takes a document by kind into the checklist, and shows it all on the dashboard', async () => {
    const shipperApi = await ApiClient.signIn(shipper.username, shipper.password);
    const { context, page } = await newPage(browser);
    await signIn(page, shipper.username, shipper.password);

    // The dashboard: the chart, the late container, the overdue count linked to the filtered list.
    // One vehicle at the warehouse, one at the port: two bars of the same length, each with its
    // count, and none for the statuses without vehicles.
    const chart = page.getByTestId('status-chart');
    await chart.getByTestId('status-chart-AT_PORT').getByTestId('status-chart-bar').waitFor();
    expect(await chart.getByTestId('status-chart-AT_WAREHOUSE').innerText()).toBe('1');
    expect(await chart.getByTestId('status-chart-AT_PORT').innerText()).toBe('1');
    expect(await chart.getByTestId('status-chart-LOADED').innerText()).toBe('0');
    const barWidth = (status: string) => chart.getByTestId(`status-chart-${status}`).getByTestId('status-chart-bar').evaluate((bar) => bar.getBoundingClientRect().width);
    expect(await barWidth('AT_WAREHOUSE')).toBeGreaterThan(100);
    expect(await barWidth('AT_PORT')).toBe(await barWidth('AT_WAREHOUSE'));
    expect(await barWidth('LOADED')).toBe(0);
    const dashboard = await shipperApi.send('GET', '/dashboard');
    expect(dashboard.documentsOverdue).toBe(2);
    expect(await page.getByTestId('overdue-count').innerText()).toBe('2');
    const arriving = page.getByTestId(`arriving-container-${container.id}`);
    expect(await arriving.innerText()).toContain(container.number);
    expect(await page.getByTestId('arriving-containers').getByTestId('arriving-late').count()).toBe(1);
    await screenshot(page, 'shipment-dashboard-en');
    await page.getByTestId('overdue-link').click();
    await page.waitForURL(/\/vehicles\?.*documentsOverdue/);
    for (const vehicle of vehicles) await page.getByText(vehicle.vin).first().waitFor();

    // The container: BOOKED and late; LOADED moves the warehouse car only, DEPARTED both.
    await page.goto(`/containers/${container.id}`);
    const section = page.getByTestId('section-milestones');
    expect(await section.getByTestId('container-status').getAttribute('data-status')).toBe('BOOKED');
    await section.getByTestId('container-late').waitFor();
    expect(await statusesShown(page)).toEqual(['AT_WAREHOUSE', 'AT_PORT']);
    expect(await page.getByTestId('milestone-next').innerText()).toMatch(/Mark as Loaded/i);
    await recordNextMilestone(page);
    expect(await takeToast(page)).toBe('Loaded: 1 vehicle moved');
    await page.waitForFunction(() => document.querySelector('[data-testid=section-milestones] [data-testid=container-status]')?.getAttribute('data-status') === 'LOADED');
    await expect.poll(() => statusesShown(page)).toEqual(['LOADED', 'AT_PORT']);
    await recordNextMilestone(page);
    expect(await takeToast(page)).toBe('Departed: 1 vehicle moved');
    await expect.poll(() => statusesShown(page)).toEqual(['SHIPPED', 'AT_PORT']);
    expect(await page.getByTestId('milestone-DEPARTED').getByTestId('milestone-actual').innerText()).toMatch(/^Done /);
    expect(await page.getByTestId('milestone-ARRIVED').getByTestId('milestone-actual').innerText()).toBe('Not yet');
    await screenshot(page, 'container-milestones');
    const history = (await shipperApi.send('GET', `/vehicles/${vehicles[0].id}`)).statusHistory.at(-1);
    expect(history).toMatchObject({ toStatus: 'SHIPPED', containerId: container.id });

    // The vehicle: its title uploaded as TITLE, then verified; the other kinds stay overdue.
    await page.goto(`/vehicles/${vehicles[0].id}/edit`);
    const title = page.getByTestId('checklist-TITLE');
    expect(await title.getAttribute('data-status')).toBe('MISSING');
    expect(await title.getAttribute('data-overdue')).toBe('true');
    await page.getByTestId('checklist-upload-TITLE-input').setInputFiles(pdf('title.pdf'));
    await page.waitForFunction(() => document.querySelector('[data-testid=checklist-TITLE]')?.getAttribute('data-status') === 'RECEIVED');
    expect(await title.getAttribute('data-overdue')).toBe('false');
    await page.getByTestId('checklist-verify-TITLE').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=checklist-TITLE]')?.getAttribute('data-status') === 'VERIFIED');
    expect(await page.getByTestId('checklist-ITN').getAttribute('data-overdue')).toBe('true');
    // The page's documents table shows the upload; the history names the container that moved the car.
    await page.getByTestId('section-documents').getByText('title.pdf').waitFor();
    expect(await page.getByTestId('history-container').last().innerText()).toContain(`with container ${container.number}`);
    const stored = (await shipperApi.send('GET', `/vehicles/${vehicles[0].id}`)).files;
    expect(stored.map((file: { documentKind: string }) => file.documentKind)).toEqual(['TITLE']);
    await screenshot(page, 'vehicle-checklist');
    await context.close();
  });

  it('shows the dashboard in Arabic, its chart mirrored', async () => {
    const { context, page } = await newPage(browser, { language: 'ar' });
    await signIn(page, shipper.username, shipper.password);
    const chart = page.getByTestId('status-chart');
    await chart.getByTestId('status-chart-AT_PORT').getByTestId('status-chart-bar').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('arriving-containers').innerText()).toContain('حاويات تصل خلال الأيام الـ14 القادمة');
    expect(await page.getByTestId('overdue-documents').innerText()).toContain('مركبات مستنداتها متأخرة');
    // The status labels stand on the right of the bars, as Arabic reads.
    const box = (await chart.boundingBox())!;
    const label = (await chart.getByText('في الميناء').first().boundingBox())!;
    expect(label.x).toBeGreaterThan(box.x + box.width / 2);
    // and the bars grow leftwards from beside them.
    const bar = (await chart.getByTestId('status-chart-AT_PORT').getByTestId('status-chart-bar').boundingBox())!;
    expect(bar.x + bar.width).toBeLessThanOrEqual(label.x);
    expect(bar.x + bar.width).toBeGreaterThan(label.x - 40);
    await screenshot(page, 'shipment-dashboard-ar');
    await context.close();
  });
});
