import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { ApiClient, createVehicle, launchBrowser, newPage, screenshot, signInWithSession, uniqueCode, uniqueVin } from './support';

/**
 * Add Vehicle reads the VIN as it is typed: the make and year the decoder found show at once, and
 * a VIN that is already a vehicle says so as soon as it is complete, before the model is typed.
 * English and Arabic, on a wide screen and a phone. Offline, the bundled decoder answers ('1HG':
 * Honda, position 10 '3': 2003).
 */
let browser: Browser;
let api: ApiClient;

const LANGUAGES = ['en', 'ar'] as const;
const MESSAGES = { en, ar };

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
});
afterAll(async () => {
  await browser?.close();
});

for (const language of LANGUAGES) {
  describe(`Add Vehicle reads the VIN (${language})`, () => {
    const t = MESSAGES[language];
    let company: { id: number };
    let shipper: { username: string; password: string };

    beforeAll(async () => {
      company = await api.createCompany(`VinRead Traders ${language}`, uniqueCode('VR'));
      shipper = await api.createUser('SHIPPER', company.id);
    });

    for (const width of [1440, 390]) {
      it(`shows the decoded make and year, and a VIN already known before the model is typed (${width} px)`, async () => {
        const existing = await createVehicle(api, { companyId: company.id, model: `VinRead${language}${width}` });
        const { context, page } = await newPage(browser, { language, width, height: 844 });
        try {
          await signInWithSession(page, shipper.username, shipper.password);
          await page.goto('/vehicles');
          await page.getByTestId('add-vehicle').first().click();
          const dialog = page.getByTestId('vehicle-dialog');
          const vinField = dialog.locator('input[name=vin]');

          await vinField.fill(uniqueVin());
          const decoded = dialog.getByTestId('vin-decoded');
          await decoded.waitFor();
          const [prefix] = t.vehicles.decodedMakeYear.split('%{make}');
          expect(await decoded.innerText()).toMatch(new RegExp(`^${prefix}honda.*2003$`, 'i'));
          expect(await dialog.innerText()).not.toContain(t.vehicles.vinTaken);
          await screenshot(page, `${language}-add-vehicle-decoded-${width}`);

          await vinField.fill(existing.vin);
          await expect.poll(() => dialog.innerText()).toContain(t.vehicles.vinTaken);
          // Nothing else typed: the model field is still empty.
          expect(await dialog.locator('input[name=model]').inputValue()).toBe('');
          await screenshot(page, `${language}-add-vehicle-vin-taken-${width}`);
        } finally {
          await context.close();
        }
      });
    }
  });
}
