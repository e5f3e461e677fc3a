import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ApiClient, admin, createContainer, createVehicle, launchBrowser, newPage, signIn, signInWithSession } from './support';

let browser: Browser;
let api: ApiClient;
let company: { id: number; name: string };
let shipper: { username: string; password: string; id: number };
let buyer: { username: string; password: string; id: number };
let loadedVin: string;

const STATUSES = ['NEW_PURCHASE', 'DISPATCHED', 'IN_PROGRESS', 'AT_WAREHOUSE', 'LOADED', 'SHIPPED', 'AT_PORT', 'RECEIVED'];
const LABELS = ['New Purchase', 'Dispatched', 'In Progress', 'At Warehouse', 'Loaded', 'Shipped', 'At Port', 'Received'];

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  company = await api.createCompany('Dashboard Motors');
  shipper = await api.createUser('SHIPPER', company.id);
  buyer = await api.createUser('BUYER', company.id);
  const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id, containerSize: '40HC' });
  const loaded = await createVehicle(api, { companyId: company.id, status: 'LOADED', containerId: container.id, buyerId: buyer.id });
  loadedVin = loaded.vin;
  await createVehicle(api, { companyId: company.id, status: 'SHIPPED' });
  await createVehicle(api, { companyId: company.id, status: 'SHIPPED' });
});
afterAll(async () => {
  await browser?.close();
});

/** The figures of GET /api/dashboard for a user. */
const dashboardOf = async (username: string, password: string) => (await ApiClient.signIn(username, password)).send('GET', '/dashboard');

describe('dashboard', () => {
  it('shows a super admin every count, the eight status cards with their vehicles, and the newest vehicles and companies', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, admin().username, admin().password);
    await page.getByTestId('status-card-LOADED').waitFor();
    const expected = await dashboardOf(admin().username, admin().password);
    for (const name of ['vehicles', 'containers', 'ports', 'companies', 'users']) {
      expect(Number(await page.getByTestId(`count-${name}`).innerText()), name).toBe(expected.counts[name]);
    }

    const cards = page.getByTestId('status-board').locator('[data-testid^=status-card-]');
    expect(await cards.count()).toBe(8);
    for (const [index, status] of STATUSES.entries()) {
      const card = page.getByTestId(`status-card-${status}`);
      expect(await card.getByRole('heading').innerText()).toBe(LABELS[index]);
      const count = expected.byStatus.find((s: { status: string }) => s.status === status).count;
      expect(Number(await card.getByTestId('status-count').innerText()), status).toBe(count);
    }
    // The loaded car is listed in its card, as a link to its page.
    const loadedCard = page.getByTestId('status-card-LOADED');
    await loadedCard.getByRole('link', { name: loadedVin }).waitFor();

    // Each card's list scrolls inside 100 px.
    const area = await loadedCard.getByTestId('status-vehicles').boundingBox();
    expect(area!.height).toBe(100);
    const shippedArea = page.getByTestId('status-card-SHIPPED').getByTestId('status-vehicles');
    expect(await shippedArea.evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto');

    const recent = page.getByTestId('recent-vehicles');
    expect((await recent.getByRole('listitem').allInnerTexts()).length).toBe(Math.min(5, expected.counts.vehicles));
    expect(await recent.innerText()).toContain(expected.recentVehicles[0].vin);
    await page.getByTestId('recent-companies').waitFor();

    await loadedCard.getByRole('link', { name: loadedVin }).click();
    await page.waitForURL(/\/vehicles\/\d+\/edit$/);
    await page.getByTestId('vehicle-edit').waitFor();
    await context.close();
  });

  it('shows a shipper the statistics of its company but no company or user figures', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, shipper.username, shipper.password);
    await page.getByTestId('status-card-SHIPPED').waitFor();
    expect(Number(await page.getByTestId('status-card-SHIPPED').getByTestId('status-count').innerText())).toBe(2);
    expect(Number(await page.getByTestId('status-card-LOADED').getByTestId('status-count').innerText())).toBe(1);
    expect(Number(await page.getByTestId('count-vehicles').innerText())).toBe(3);
    expect(Number(await page.getByTestId('count-containers').innerText())).toBe(1);
    expect(await page.getByTestId('count-companies').count()).toBe(0);
    expect(await page.getByTestId('count-users').count()).toBe(0);
    expect(await page.getByTestId('recent-companies').count()).toBe(0);
    // An empty status says so.
    expect(await page.getByTestId('status-card-RECEIVED').innerText()).toContain('No vehicles');
    await context.close();
  });

  it('shows a buyer its own vehicles only: no statistics and no admin cards', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, buyer.username, buyer.password);
    await page.getByTestId('count-vehicles').waitFor();
    expect(Number(await page.getByTestId('count-vehicles').innerText())).toBe(1);
    expect(await page.getByTestId('statistics').count()).toBe(0);
    expect(await page.getByTestId('status-board').count()).toBe(0);
    expect(await page.getByTestId('count-companies').count()).toBe(0);
    expect(await page.getByTestId('count-users').count()).toBe(0);
    const recent = page.getByTestId('recent-vehicles');
    await recent.getByText(loadedVin).waitFor();
    expect(await recent.getByTestId('status-chip').innerText()).toBe('Loaded');
    await context.close();
  });

  it('says so when there are no vehicles yet', async () => {
    const empty = await api.createCompany('Empty Lot Trading');
    const newcomer = await api.createUser('SHIPPER', empty.id);
    const { context, page } = await newPage(browser);
    await signIn(page, newcomer.username, newcomer.password);
    await page.getByTestId('recent-vehicles').getByText('No vehicles yet.').waitFor();
    expect(Number(await page.getByTestId('count-vehicles').innerText())).toBe(0);
    expect(await page.getByTestId('status-board').getByText('No vehicles', { exact: true }).count()).toBe(8);
    // The chart says it in words rather than drawing an axis without a scale.
    expect(await page.getByTestId('status-chart-empty').innerText()).toBe('No vehicles yet.');
    expect(await page.getByTestId('status-chart').getByTestId('status-chart-bar').count()).toBe(0);
    await context.close();
  });

  it('asks the API once for the whole dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signInWithSession(page, admin().username, admin().password);
    await page.goto('/vehicles');
    await page.getByTestId('vehicles-table').waitFor();
    await page.waitForLoadState('networkidle');
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && url.pathname !== '/api/user') calls.push(url.pathname);
    });
    await page.getByTestId('main-menu').getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.getByTestId('status-card-LOADED').waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual(['/api/dashboard']);
    await context.close();
  });
});
