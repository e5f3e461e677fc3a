import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiClient, createContainer, createVehicle, datePicker, launchBrowser, listRow, newPage, screenshot, signIn, signInWithSession, takeToast, typeDate } from './support';
import { pdf } from './fileHelpers';

/**
 * The shipment workflow's recording (issue 30) in the console, in English and Arabic: a stored
 * document given another kind moves in the checklist, a milestone is recorded with the day it
 * happened after a dialog that says how many vehicles move, and the vehicle list marks and
 * filters the vehicles whose papers are overdue.
 */
let browser: Browser;
let shipper: { username: string; password: string; id: number };
let shipperApi: ApiClient;
let papered: Record<string, any>;
let loose: Record<string, any>;
let shipping: Record<string, any>;
let shippingVehicles: Record<string, any>[];
let arabicContainer: Record<string, any>;

const day = (offset: number) => new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launchBrowser();
  const api = await ApiClient.asAdmin();
  const company = await api.createCompany('Recording Motors');
  shipper = await api.createUser('SHIPPER', company.id);
  shipperApi = await ApiClient.signIn(shipper.username, shipper.password);
  // Loaded long ago: every paper it misses is overdue.
  const loadedLongAgo = await createContainer(api, { companyId: company.id, shipperId: shipper.id, loadingDate: '2020-02-01' });
  papered = await createVehicle(api, { companyId: company.id, containerId: loadedLongAgo.id, status: 'AT_WAREHOUSE' });
  loose = await createVehicle(api, { companyId: company.id });
  // Loading a month ahead: nothing is due yet.
  shipping = await createContainer(api, { companyId: company.id, shipperId: shipper.id, loadingDate: day(30) });
  shippingVehicles = [
    await createVehicle(api, { companyId: company.id, containerId: shipping.id, status: 'AT_WAREHOUSE' }),
    await createVehicle(api, { companyId: company.id, containerId: shipping.id, status: 'AT_WAREHOUSE' }),
    await createVehicle(api, { companyId: company.id, containerId: shipping.id, status: 'SHIPPED' }),
  ];
  arabicContainer = await createContainer(api, { companyId: company.id, shipperId: shipper.id, loadingDate: day(30) });
  await createVehicle(api, { companyId: company.id, containerId: arabicContainer.id, status: 'IN_PROGRESS' });
});
afterAll(async () => {
  await browser?.close();
});

/** A document row's kind selector, by the document's name. */
const kindSelect = (page: Page, fileName: string) => page.getByTestId('section-documents').getByRole('combobox', { name: new RegExp(fileName.replace('.', '\\.')) });
const checklistStatus = (page: Page, kind: string) => page.getByTestId(`checklist-${kind}`).getAttribute('data-status');

/** The status chip of each vehicle of the shipping container, in order. */
const statusesShown = (page: Page, vehicles: Record<string, any>[]) =>
  Promise.all(vehicles.map((vehicle) => page.getByTestId('section-vehicles-in').getByRole('row').filter({ hasText: vehicle.vin }).getByTestId('status-chip').getAttribute('data-status')));

/** A day as the page writes list dates (its own clock and time zone read the API's bare date). */
const shownDate = (page: Page, isoDay: string, language: 'en' | 'ar' = 'en') =>
  page.evaluate(
    ([value, lang]) => new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en-US', { year: 'numeric', month: 'short', day: '2-digit' }).format(new Date(value)),
    [isoDay, language] as const,
  );

describe('recording the shipment', () => {
  it('changes a stored document’s kind and the checklist follows, in English then Arabic', async () => {
    const { context, page } = await newPage(browser);
    await signInWithSession(page, shipper.username, shipper.password);
    await page.goto(`/vehicles/${papered.id}/edit`);
    await page.getByTestId('upload-documents-input').setInputFiles(pdf('papers.pdf'));
    // Read (and closed) here, so the toast of the change below is the one read after it.
    expect(await takeToast(page)).toContain('Documents uploaded: 1');
    const row = page.getByTestId('document-row').filter({ hasText: 'papers.pdf' });
    await row.waitFor();
    // Stored without a kind: OTHER, and the title is still missing and overdue.
    expect(await row.getByTestId('document-kind').getAttribute('data-kind')).toBe('OTHER');
    expect(await kindSelect(page, 'papers.pdf').innerText()).toBe('Other');
    expect(await checklistStatus(page, 'TITLE')).toBe('MISSING');
    expect(await page.getByTestId('checklist-TITLE').getAttribute('data-overdue')).toBe('true');

    await kindSelect(page, 'papers.pdf').click();
    await page.getByRole('option', { name: 'Title', exact: true }).click();
    expect(await takeToast(page)).toBe('The document’s kind was changed');
    await expect.poll(() => checklistStatus(page, 'TITLE')).toBe('RECEIVED');
    expect(await page.getByTestId('checklist-TITLE').getAttribute('data-overdue')).toBe('false');
    expect(await row.getByTestId('document-kind').getAttribute('data-kind')).toBe('TITLE');
    const stored = (await shipperApi.send('GET', `/vehicles/${papered.id}`)).files;
    expect(stored.map((file: { documentKind: string }) => file.documentKind)).toEqual(['TITLE']);
    await page.getByTestId('section-documents').scrollIntoViewIfNeeded();
    await screenshot(page, 'document-kind-en');
    await context.close();

    // In Arabic: the kind reads in Arabic, and set back to "other" the title is missing again.
    const arabic = await newPage(browser, { language: 'ar' });
    await signInWithSession(arabic.page, shipper.username, shipper.password);
    await arabic.page.goto(`/vehicles/${papered.id}/edit`);
    expect(await kindSelect(arabic.page, 'papers.pdf').innerText()).toBe('سند الملكية');
    expect(await arabic.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await arabic.page.getByTestId('section-documents').scrollIntoViewIfNeeded();
    await screenshot(arabic.page, 'document-kind-ar');
    await kindSelect(arabic.page, 'papers.pdf').click();
    await arabic.page.getByRole('option', { name: 'أخرى', exact: true }).click();
    expect(await takeToast(arabic.page)).toBe('تم تغيير نوع المستند');
    await expect.poll(() => checklistStatus(arabic.page, 'TITLE')).toBe('MISSING');
    await arabic.context.close();
  });

  it('records a later milestone on the day it happened, after saying how many vehicles move', async () => {
    const { context, page } = await newPage(browser);
    await signInWithSession(page, shipper.username, shipper.password);
    await page.goto(`/containers/${shipping.id}`);
    expect(await statusesShown(page, shippingVehicles)).toEqual(['AT_WAREHOUSE', 'AT_WAREHOUSE', 'SHIPPED']);
    await page.getByTestId('milestone-next').click();
    const dialog = page.getByTestId('milestone-dialog');
    // The next milestone first: it would move the two cars still at the warehouse.
    expect(await dialog.getByRole('combobox', { name: 'Milestone' }).innerText()).toBe('Loaded');
    expect(await dialog.getByTestId('milestone-moving').innerText()).toBe('2 vehicles of this container will move to Loaded.');
    await dialog.getByRole('combobox', { name: 'Milestone' }).click();
    await page.getByRole('option', { name: 'Departed' }).click();
    expect(await dialog.getByTestId('milestone-moving').innerText()).toBe('2 vehicles of this container will move to Shipped.');
    // A day ahead is refused by the dialog; three days ago is taken.
    const picker = datePicker(dialog, 'Date it happened');
    await typeDate(picker, day(2));
    await dialog.getByText('The date cannot be in the future').waitFor();
    expect(await dialog.getByTestId('milestone-confirm').isDisabled()).toBe(true);
    await typeDate(picker, day(-3));
    await expect.poll(() => dialog.getByTestId('milestone-confirm').isDisabled()).toBe(false);
    await screenshot(page, 'milestone-dialog-en');
    await dialog.getByTestId('milestone-confirm').click();
    expect(await takeToast(page)).toBe('Departed: 2 vehicles moved');
    await expect.poll(() => statusesShown(page, shippingVehicles)).toEqual(['SHIPPED', 'SHIPPED', 'SHIPPED']);
    expect(await page.getByTestId('section-milestones').getByTestId('container-status').getAttribute('data-status')).toBe('DEPARTED');
    expect(await page.getByTestId('milestone-DEPARTED').getByTestId('milestone-actual').innerText()).toBe(`Done ${await shownDate(page, day(-3))}`);
    // Loading was passed over: done, without a date of its own.
    expect(await page.getByTestId('milestone-LOADED').getByTestId('milestone-actual').innerText()).toBe('Done, date not recorded');
    expect(await page.getByTestId('milestone-ARRIVED').getByTestId('milestone-actual').innerText()).toBe('Not yet');
    expect((await shipperApi.send('GET', `/containers/${shipping.id}`)).departedAt).toBe(day(-3));
    await screenshot(page, 'milestone-recorded-en');
    await context.close();
  });

  it('records a milestone from the Arabic page, the dialog right to left', async () => {
    const { context, page } = await newPage(browser, { language: 'ar' });
    await signInWithSession(page, shipper.username, shipper.password);
    await page.goto(`/containers/${arabicContainer.id}`);
    await page.getByTestId('milestone-next').click();
    const dialog = page.getByTestId('milestone-dialog');
    expect(await dialog.getByTestId('milestone-moving').innerText()).toBe('ستنتقل مركبة واحدة من هذه الحاوية إلى تم التحميل.');
    expect(await dialog.getByRole('combobox', { name: 'المرحلة' }).innerText()).toBe('محمّلة');
    await screenshot(page, 'milestone-dialog-ar');
    await dialog.getByTestId('milestone-confirm').click();
    await takeToast(page);
    await page.waitForFunction(() => document.querySelector('[data-testid=section-milestones] [data-testid=container-status]')?.getAttribute('data-status') === 'LOADED');
    expect(await page.getByTestId('milestone-LOADED').getByTestId('milestone-actual').innerText()).toBe(`تمّ ${await shownDate(page, day(0), 'ar')}`);
    await screenshot(page, 'milestone-recorded-ar');
    await context.close();
  });

  it('marks the vehicles whose papers are overdue in the list, and filters them with one click', async () => {
    for (const language of ['en', 'ar'] as const) {
      const { context, page } = await newPage(browser, { language });
      await signInWithSession(page, shipper.username, shipper.password);
      await page.goto('/vehicles');
      const overdueRow = listRow(page, 'vehicles', papered.vin);
      await overdueRow.getByTestId('overdue-chip').waitFor();
      expect(await overdueRow.getByTestId('overdue-chip').innerText()).toBe(language === 'en' ? 'Documents overdue' : 'مستندات متأخرة');
      await listRow(page, 'vehicles', loose.vin).waitFor();
      expect(await listRow(page, 'vehicles', loose.vin).getByTestId('overdue-chip').count()).toBe(0);

      const filter = page.getByTestId('filter-overdue');
      expect(await filter.getAttribute('aria-pressed')).toBe('false');
      await filter.click();
      await page.waitForURL(/documentsOverdue/);
      await expect.poll(() => listRow(page, 'vehicles', loose.vin).count()).toBe(0);
      expect(await filter.getAttribute('aria-pressed')).toBe('true');
      const rows = page.getByTestId('vehicles-table').locator('tbody tr');
      expect(await rows.count()).toBe(1);
      expect(await rows.first().innerText()).toContain(papered.vin);
      await screenshot(page, `vehicles-overdue-${language}`);
      await context.close();
    }
  });
});
