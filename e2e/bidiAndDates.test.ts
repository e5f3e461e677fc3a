import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  ApiClient,
  admin,
  createContainer,
  datePicker,
  datePickerText,
  launchBrowser,
  listRow,
  newPage,
  openListRow,
  screenshot,
  signIn,
  takeToast,
  typeDate,
  uniqueContainerNumber,
} from './support';

/**
 * Mixed Arabic and Latin text, and dates, in both languages ("Daily use, polished"): a port named
 * in Arabic with the country SA reads 'name - country' in the reading order of the page, each
 * part isolated; the invoice mode's route arrow points the reading way; the date pickers speak
 * the page's language and save the day typed with the keyboard as yyyy-MM-dd.
 */
const PORT_NAME = 'ميناء جدة الإسلامي';
/** Containers of this file: owner code BDI, so no other file's number patterns match them. */
const containerNumber = () => uniqueContainerNumber('BDI');

let browser: Browser;
let api: ApiClient;
let company: { id: number; name: string; code: string };
let shipper: { id: number };
let jeddah: { id: number };
let origin: { id: number };

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  company = await api.createCompany('Bidi Dates Exports');
  shipper = await api.createUser('SHIPPER', company.id);
  jeddah = await api.send('POST', '/ports', { name: PORT_NAME, nameAr: PORT_NAME, country: 'SA' });
  origin = await api.send('POST', '/ports', { name: 'Bidi Port of Baltimore', nameAr: 'ميناء بالتيمور', country: 'US' });
});
afterAll(async () => {
  await browser?.close();
});

const getContainer = (id: number) => api.send<Record<string, any>>('GET', `/containers/${id}`);
/** The boxes of an inline element's line pieces (one per line it spans), in reading order. */
const lineBoxes = (locator: Locator) => locator.evaluate((node) => [...node.getClientRects()].map(({ left, right, top }) => ({ left, right, top })));

/**
 * Whether `first` reads before `second` on a page of this direction: on the same line, to its
 * left (ltr) or right (rtl); otherwise on a later line. A wrapped value is judged by its pieces:
 * the end of the first and the start of the second.
 */
async function readsBefore(first: Locator, second: Locator, rtl: boolean) {
  const a = (await lineBoxes(first)).at(-1)!;
  const b = (await lineBoxes(second))[0];
  if (Math.abs(a.top - b.top) > 4) return b.top > a.top;
  return rtl ? a.left >= b.right - 1 : a.right <= b.left + 1;
}

/** The element's tag and its dir attribute, to see that a value is isolated. */
const isolation = (locator: Locator) => locator.evaluate((node) => ({ tag: node.tagName.toLowerCase(), dir: node.getAttribute('dir') }));

for (const language of ['en', 'ar'] as const) {
  const rtl = language === 'ar';
  const saudiArabia = rtl ? 'المملكة العربية السعودية' : 'Saudi Arabia';

  describe(`bidirectional text and dates in ${rtl ? 'Arabic' : 'English'}`, () => {
    let context: BrowserContext;
    let page: Page;
    const shot = (name: string) => screenshot(page, `${language}-bidi-${name}`);

    beforeAll(async () => {
      ({ context, page } = await newPage(browser, { language, width: 1440 }));
      await signIn(page, admin().username, admin().password);
    });
    afterAll(async () => {
      await context?.close();
    });

    it("shows the port as 'name - country' with each part isolated, the name first in reading order", async () => {
      const container = await createContainer(api, { number: containerNumber(), companyId: company.id, shipperId: shipper.id, fromPortId: jeddah.id, toPortId: origin.id });
      const row = await openListRow(page, 'containers', container.number);
      const from = row.getByTestId('port-from');
      expect(await from.innerText()).toBe(`${PORT_NAME} - ${saudiArabia}`);
      const name = from.getByTestId('port-name');
      const country = from.getByTestId('port-country');
      expect(await isolation(name)).toEqual({ tag: 'bdi', dir: 'auto' });
      expect(await isolation(country)).toEqual({ tag: 'bdi', dir: 'auto' });
      // Left to right: the name on the left; right to left: the name on the right.
      expect(await readsBefore(name, country, rtl)).toBe(true);
      await shot('container-list');

      // The ports list names the country in the page's language, the Arabic name isolated.
      await page.goto(`/ports?filter=${encodeURIComponent(JSON.stringify({ q: PORT_NAME }))}`);
      const portRow = listRow(page, 'ports', PORT_NAME).first();
      await portRow.waitFor();
      expect(await portRow.innerText()).toContain(saudiArabia);
      expect((await isolation(portRow.getByTestId('port-name'))).tag).toBe('bdi');
      await shot('ports');
    });

    it('draws the invoice mode route origin first in reading order, the arrow pointing the reading way', async () => {
      const container = await createContainer(api, { number: containerNumber(), companyId: company.id, shipperId: shipper.id, fromPortId: jeddah.id, toPortId: origin.id });
      await page.goto(`/containers?action=invoice&filter=${encodeURIComponent(JSON.stringify({ q: container.number }))}`);
      const row = page.getByTestId('invoice-containers-table').getByRole('row').filter({ hasText: container.number });
      const route = row.getByTestId('port-route');
      await route.waitFor();
      const arrow = route.getByTestId('route-arrow');
      expect(await readsBefore(route.getByTestId('route-origin'), arrow, rtl)).toBe(true);
      expect(await readsBefore(arrow, route.getByTestId('route-destination'), rtl)).toBe(true);
      // Each port's parts in reading order too, inside the route.
      expect(await readsBefore(route.getByTestId('port-name').first(), route.getByTestId('port-country').first(), rtl)).toBe(true);
      // The arrow icon points right; on a right-to-left page it is mirrored to point left.
      const transform = await route.getByTestId('route-arrow').evaluate((node) => getComputedStyle(node).transform);
      expect(transform).toBe(rtl ? 'matrix(-1, 0, 0, 1, 0, 0)' : 'none');
      expect(await route.getByTestId('port-name').first().innerText()).toBe(PORT_NAME);
      await shot('invoice-mode');
    });

    it('edits dates with a picker in the page’s language and saves the day typed with the keyboard', async () => {
      const container = await createContainer(api, { number: containerNumber(), companyId: company.id, shipperId: shipper.id, loadingDate: '2026-01-10' });
      const row = await openListRow(page, 'containers', container.number);
      await row.getByTestId('edit-container').click();
      const dialog = page.getByTestId('container-dialog');
      const loading = datePicker(dialog, rtl ? 'تاريخ التحميل' : 'Loading date');
      await loading.waitFor();
      // The day the API gave, in the language's order: 10 January 2026.
      expect(await datePickerText(loading)).toBe(rtl ? '10/01/2026' : '01/10/2026');

      // The calendar: Arabic month names and the picker's own texts in Arabic.
      await loading.getByRole('button', { name: rtl ? /^اختر التاريخ/ : /^Choose date/ }).click();
      const calendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
      await calendar.waitFor();
      expect(await calendar.innerText()).toContain(rtl ? 'يناير 2026' : 'January 2026');
      expect(await calendar.getByRole('button', { name: rtl ? 'الشهر التالي' : 'Next month' }).count()).toBe(1);
      await shot('date-calendar');
      await page.keyboard.press('Escape');
      await calendar.waitFor({ state: 'detached' });

      // The field's clear button is labelled in the page's language.
      await loading.getByRole('spinbutton').first().click();
      expect(await loading.getByRole('button', { name: rtl ? 'مسح' : 'Clear' }).count()).toBe(1);

      // Typed with the keyboard, day by day, and saved as yyyy-MM-dd.
      await typeDate(loading, '2026-11-24', language);
      expect(await datePickerText(loading)).toBe(rtl ? '24/11/2026' : '11/24/2026');
      await typeDate(datePicker(dialog, rtl ? 'تاريخ الوصول' : 'Arrival date'), '2027-02-03', language);
      await shot('date-typed');
      await dialog.getByRole('button', { name: rtl ? 'حفظ' : 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await takeToast(page);
      const saved = await getContainer(container.id);
      expect(String(saved.loadingDate).slice(0, 10)).toBe('2026-11-24');
      expect(String(saved.arrivalDate).slice(0, 10)).toBe('2027-02-03');
    });
  });
}
