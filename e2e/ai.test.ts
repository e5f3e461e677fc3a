import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiClient, admin, createVehicle, launchBrowser, newPage, screenshot, signIn, signInWithSession, takeToast } from './support';
import { pngBytes, sessionCookie, uploadThroughApi } from './fileHelpers';
import { FAKE_OLLAMA } from '../test/support/fakeOllama';

/**
 * The local AI on /vehicles/{id}/edit, against the fake Ollama of global-setup: colour detection
 * fills the colour field, the damage check shows both languages (the Arabic right to left), the
 * AI status tells the administrator what is wrong, other roles read the stored result.
 */
let browser: Browser;
let api: ApiClient;
let adminCookie: string;
let company: { id: number };
let shipper: { id: number; username: string; password: string };
let adminSession: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  adminCookie = await sessionCookie(admin().username, admin().password);
  company = await api.createCompany('AI Check Motors');
  shipper = await api.createUser('SHIPPER', company.id);
  adminSession = await newPage(browser);
  await signIn(adminSession.page, admin().username, admin().password);
});
afterAll(async () => {
  await adminSession?.context.close();
  await browser?.close();
});

/** A vehicle with one (red) photo. */
async function vehicleWithPhoto(data: Record<string, unknown> = {}) {
  const vehicle = await createVehicle(api, { companyId: company.id, ...data });
  await uploadThroughApi(adminCookie, `/vehicles/${vehicle.id}/files`, [{ name: 'front.png', bytes: await pngBytes({ r: 190, g: 20, b: 20 }), type: 'image/png' }]);
  return vehicle;
}

const colorInput = (p: Page) => p.locator('input[name="vehicleInfo.color"]');

describe('colour detection', () => {
  it('fills the colour field with the English name and says the colour in the toast; saving keeps it', async () => {
    const vehicle = await vehicleWithPhoto({ model: 'Accord', year: 2003 });
    const p = adminSession.page;
    await p.goto(`/vehicles/${vehicle.id}/edit`);
    await p.getByTestId('section-images').getByTestId('gallery-item').waitFor();
    expect(await colorInput(p).inputValue()).toBe('');
    await p.getByTestId('section-images').getByTestId('detect-color').click();
    expect(await takeToast(p)).toBe(`Color detected: ${FAKE_OLLAMA.color}`);
    expect(await colorInput(p).inputValue()).toBe(FAKE_OLLAMA.color);
    await p.getByTestId('vehicle-save').click();
    await p.waitForURL((url) => url.pathname === '/vehicles');
    expect((await api.send('GET', `/vehicles/${vehicle.id}`)).vehicleInfo.color).toBe(FAKE_OLLAMA.color);
  });

  it('works from the viewer too, and says so when no colour comes back', async () => {
    const vehicle = await vehicleWithPhoto();
    const p = adminSession.page;
    await p.goto(`/vehicles/${vehicle.id}/edit`);
    await p.getByTestId('gallery-open').click();
    await p.getByTestId('image-viewer').getByTestId('detect-color').click();
    expect(await takeToast(p)).toBe(`Color detected: ${FAKE_OLLAMA.color}`);
    await p.keyboard.press('Escape');
    await p.route('**/detect-color', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ color: null }) }));
    try {
      await colorInput(p).fill('');
      await p.getByTestId('section-images').getByTestId('detect-color').click();
      expect(await takeToast(p)).toBe('Could not detect the color from this image');
      expect(await colorInput(p).inputValue()).toBe('');
    } finally {
      await p.unroute('**/detect-color');
    }
  });

  it('tells a shipper plainly that the AI is unavailable, never the Ollama address or its setting, in English and Arabic', async () => {
    const vehicle = await vehicleWithPhoto();
    const operatorText = 'The local AI (Ollama) is not reachable at http://10.0.0.5:11434. Start it with "ollama serve" or set OLLAMA_HOST.';
    const plain = { en: 'The AI service is not available right now. Please try again later.', ar: 'خدمة الذكاء الاصطناعي غير متاحة حاليًا. يُرجى المحاولة لاحقًا.' };
    for (const language of ['en', 'ar'] as const) {
      const { context, page: p } = await newPage(browser, { language });
      try {
        await p.route('**/detect-color', (route) =>
          route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: operatorText, code: 'service.unavailable' }) }),
        );
        await signInWithSession(p, shipper.username, shipper.password);
        await p.goto(`/vehicles/${vehicle.id}/edit`);
        await p.getByTestId('section-images').getByTestId('detect-color').click();
        await p.getByTestId('toast').waitFor();
        await screenshot(p, `ai-color-failed-shipper-${language}`);
        const toast = await takeToast(p);
        expect(toast).toContain(plain[language]);
        expect(toast).not.toContain('OLLAMA_HOST');
        expect(toast).not.toContain('10.0.0.5');
        expect(await p.getByTestId('ai-status').count()).toBe(0);
      } finally {
        await context.close();
      }
    }
  });

  it('names the colour in Arabic and still puts the English name in the field', async () => {
    const vehicle = await vehicleWithPhoto();
    const { context, page: p } = await newPage(browser, { language: 'ar' });
    try {
      await signInWithSession(p, shipper.username, shipper.password);
      await p.goto(`/vehicles/${vehicle.id}/edit`);
      await p.getByTestId('section-images').getByTestId('detect-color').click();
      expect(await takeToast(p)).toContain('أزرق');
      expect(await colorInput(p).inputValue()).toBe('Blue');
    } finally {
      await context.close();
    }
  });
});

describe('the damage check', () => {
  it('a super admin sees the AI status, runs the check and reads the report in English and Arabic', async () => {
    const vehicle = await vehicleWithPhoto();
    const p = adminSession.page;
    await p.goto(`/vehicles/${vehicle.id}/edit`);
    const card = p.getByTestId('section-damage');
    await card.getByText('Model ready').waitFor();
    expect(await card.getByTestId('color-detector').innerText()).toBe('Color detection: AI model');
    expect(await card.getByTestId('analysis-none').innerText()).toBe('No damage check has been run for this vehicle yet.');
    await screenshot(p, 'ai-damage-before-en');

    await card.getByTestId('run-analysis').click();
    await card.getByTestId('analysis-en').waitFor();
    expect(await card.getByTestId('analysis-en-text').innerText()).toContain(FAKE_OLLAMA.damage.summaryEn);
    expect(await card.getByTestId('analysis-en-text').innerText()).toContain('Severity: minor');
    expect(await card.getByTestId('analysis-ar-text').innerText()).toBe(FAKE_OLLAMA.damage.summaryAr);
    expect(await card.getByTestId('analysis-ar').getAttribute('dir')).toBe('rtl');
    expect(await card.getByTestId('analysis-en').getAttribute('dir')).toBe('ltr');
    const basis = /^Based on 1 image, analysed on [A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2}$/;
    expect(await card.getByTestId('analysis-basis').innerText()).toMatch(basis);
    expect(await takeToast(p)).toBe('Damage check finished');
    await screenshot(p, 'ai-damage-result-en');

    // Stored: the page shows it again after a reload.
    await p.reload();
    await card.getByTestId('analysis-ar').waitFor();
    expect(await card.getByTestId('run-analysis').innerText()).toBe('Run again');
    // The stored report says how many images it looked at, and when.
    expect(await card.getByTestId('analysis-basis').innerText()).toMatch(basis);
    const stored = await api.send<Record<string, any>>('GET', `/vehicles/${vehicle.id}`);
    expect(stored.accidentAnalysisAr).toBe(FAKE_OLLAMA.damage.summaryAr);
    expect(stored.accidentAnalysisImageCount).toBe(1);
  });

  it('shows the Arabic block right to left in an Arabic page too, and the English left to right', async () => {
    const vehicle = await vehicleWithPhoto();
    const { context, page: p } = await newPage(browser, { language: 'ar' });
    try {
      await signInWithSession(p, admin().username, admin().password);
      await p.goto(`/vehicles/${vehicle.id}/edit`);
      const card = p.getByTestId('section-damage');
      await card.getByText('النموذج جاهز').waitFor();
      await card.getByTestId('run-analysis').click();
      await card.getByTestId('analysis-ar').waitFor();
      expect(await card.getByTestId('analysis-ar').getAttribute('dir')).toBe('rtl');
      expect(await card.getByTestId('analysis-en').getAttribute('dir')).toBe('ltr');
      expect(await card.getByTestId('analysis-basis').innerText()).toMatch(/^بناءً على صورة واحدة، حُلِّلت في .*\d{2}:\d{2}$/);
      await takeToast(p);
      await screenshot(p, 'ai-damage-result-ar');
    } finally {
      await context.close();
    }
  });

  it('says in plain words that the check failed; where the AI lives is only in the super admin\'s status line', async () => {
    const vehicle = await vehicleWithPhoto();
    const p = adminSession.page;
    const message = 'The local AI (Ollama) is not reachable at http://10.0.0.5:11434. Start it with "ollama serve" or set OLLAMA_HOST.';
    await p.route('**/api/ai/status', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ollama: { host: 'http://10.0.0.5:11434', model: 'qwen2.5vl:7b', reachable: false, modelPresent: false }, colorDetector: 'embedded' }) }),
    );
    await p.route('**/accident-analysis', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message, code: 'service.unavailable' }) }),
    );
    try {
      await p.goto(`/vehicles/${vehicle.id}/edit`);
      const card = p.getByTestId('section-damage');
      await card.getByText('Ollama not reachable').waitFor();
      expect(await card.getByTestId('ai-status-hint').innerText()).toContain('http://10.0.0.5:11434');
      expect(await card.getByTestId('color-detector').innerText()).toBe('Color detection: built-in detector');
      await card.getByTestId('run-analysis').click();
      const alert = card.getByTestId('analysis-error');
      await alert.waitFor();
      expect(await alert.innerText()).toBe('Check Failed\nThe AI service is not available right now. Please try again later.');
      expect(await alert.innerText()).not.toContain('OLLAMA_HOST');
      await screenshot(p, 'ai-damage-failed-en');

      // Too slow, or an answer that cannot be used: said so, plainly.
      await p.unroute('**/accident-analysis');
      await p.route('**/accident-analysis', (route) =>
        route.fulfill({ status: 504, contentType: 'application/json', body: JSON.stringify({ message: 'The AI model did not answer within 120 s. Try again, or use a lighter model.', code: 'service.unavailable' }) }),
      );
      await card.getByTestId('run-analysis').click();
      await expect.poll(() => alert.innerText()).toBe('Check Failed\nThe AI service took too long to answer. Please try again later.');

      // An answer without a message: the spec's sentence.
      await p.unroute('**/accident-analysis');
      await p.route('**/accident-analysis', (route) => route.fulfill({ status: 500, body: '' }));
      await card.getByTestId('run-analysis').click();
      await expect.poll(() => alert.innerText()).toBe('Check Failed\nFailed to analyze vehicle images');
    } finally {
      await p.unroute('**/accident-analysis');
      await p.unroute('**/api/ai/status');
    }
  });

  it('other roles read the stored report, or are told they may not run one', async () => {
    const analysed = await vehicleWithPhoto();
    await api.send('POST', `/vehicles/${analysed.id}/accident-analysis`);
    const fresh = await vehicleWithPhoto();
    for (const language of ['en', 'ar'] as const) {
      const { context, page: p } = await newPage(browser, { language });
      try {
        await signInWithSession(p, shipper.username, shipper.password);
        await p.goto(`/vehicles/${analysed.id}/edit`);
        const card = p.getByTestId('section-damage');
        await card.getByTestId('analysis-ar').waitFor();
        expect(await card.getByTestId('analysis-ar-text').innerText()).toBe(FAKE_OLLAMA.damage.summaryAr);
        expect(await card.getByTestId('analysis-ar').getAttribute('dir')).toBe('rtl');
        expect(await card.getByTestId('run-analysis').count()).toBe(0);
        expect(await card.getByTestId('ai-status').count()).toBe(0);
        // The stored report's image count and date, in the page's language.
        expect(await card.getByTestId('analysis-basis').innerText()).toMatch(language === 'en' ? /^Based on 1 image, analysed on / : /^بناءً على صورة واحدة، حُلِّلت في /);
        await screenshot(p, `ai-damage-readonly-${language}`);

        await p.goto(`/vehicles/${fresh.id}/edit`);
        await card.getByTestId('analysis-no-permission').waitFor();
        if (language === 'en') {
          expect(await card.getByTestId('analysis-no-permission').innerText()).toContain('You do not have permission to run the damage check');
        }
        await screenshot(p, `ai-damage-no-permission-${language}`);
      } finally {
        await context.close();
      }
    }
  });
});
