import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, signIn } from './support';
import { newPageOn, startOwnServer, type OwnServer } from './ownServer';

/**
 * The first-run path, on servers of this file's own (the shared e2e server is never empty): the
 * setup checklist of an empty install in English and Arabic, the super admin's "Load demo data"
 * there, and an install started with DEMO_DATA=true, whose demo vehicles show with thumbnails.
 */
const ADMIN = { username: 'setup-admin@e2e.test', password: 'setup-admin-password-1' };
const DEMO_PASSWORD = 'setup-demo-password-1';
const DEMO_SHIPPER = 'demo.shipper@gulfstar.example';

const TEXTS = {
  en: { title: 'Get started', progress: '0 of 3 steps done', company: 'Create a company', ports: 'Add ports', users: 'Add users', demo: 'Load demo data' },
  ar: { title: 'ابدأ من هنا', progress: 'أُنجزت 0 من 3 خطوات', company: 'أنشئ شركة', ports: 'أضف الموانئ', users: 'أضف المستخدمين', demo: 'تحميل البيانات التجريبية' },
} as const;

let browser: Browser;
let empty: OwnServer;
let demo: OwnServer;

beforeAll(async () => {
  browser = await launchBrowser();
  [empty, demo] = await Promise.all([
    startOwnServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }),
    startOwnServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, DEMO_DATA: 'true', DEMO_PASSWORD }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([empty?.stop(), demo?.stop()]);
});

const stepDone = (page: Page, key: string) => page.getByTestId(`setup-step-${key}`).getAttribute('data-done');

describe('an empty install', () => {
  for (const [language, width] of [['ar', 390], ['en', 1440]] as const) {
    it(`shows the super admin a setup checklist with nothing done yet, in ${language} at ${width} px`, async () => {
      const { context, page } = await newPageOn(browser, empty, { language, width });
      try {
        await signIn(page, ADMIN.username, ADMIN.password);
        const checklist = page.getByTestId('setup-checklist');
        await checklist.waitFor();
        const t = TEXTS[language];
        await checklist.getByRole('heading', { name: t.title }).waitFor();
        expect(await page.getByTestId('setup-progress').innerText()).toBe(t.progress);
        expect(await checklist.getByRole('link').allInnerTexts()).toEqual([
          expect.stringContaining(t.company),
          expect.stringContaining(t.ports),
          expect.stringContaining(t.users),
        ]);
        for (const key of ['company', 'ports', 'users']) expect(await stepDone(page, key)).toBe('false');
        expect(await page.getByTestId('setup-load-demo').innerText()).toBe(t.demo);
        if (language === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await screenshot(page, `setup-checklist-empty-${language}-${width}`);

        // Each step leads to the page that does it, by keyboard too.
        await checklist.getByRole('link', { name: new RegExp(t.ports) }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL('**/ports');
      } finally {
        await context.close();
      }
    });
  }

  it('can be hidden by its user, and stays hidden', async () => {
    const { context, page } = await newPageOn(browser, empty, { language: 'en', width: 1440 });
    try {
      await signIn(page, ADMIN.username, ADMIN.password);
      await page.getByTestId('setup-checklist').waitFor();
      await page.getByRole('button', { name: 'Hide the checklist' }).click();
      await page.getByTestId('setup-checklist').waitFor({ state: 'detached' });
      await page.reload();
      await page.getByTestId('dashboard').waitFor();
      await page.getByTestId('count-companies').waitFor();
      expect(await page.getByTestId('setup-checklist').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('loads the demo company from the checklist after a confirmation, shows its accounts once, and the checklist is done', async () => {
    const { context, page } = await newPageOn(browser, empty, { language: 'en', width: 1440 });
    try {
      await signIn(page, ADMIN.username, ADMIN.password);
      await page.getByTestId('setup-load-demo').click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText('Load the demo company?').waitFor();
      await screenshot(page, 'setup-checklist-demo-confirm-en');
      await confirm.getByRole('button', { name: 'Load demo data' }).click();

      const accounts = page.getByTestId('demo-accounts');
      await accounts.waitFor({ timeout: 90_000 });
      const rows = await accounts.getByRole('row').allInnerTexts();
      expect(rows.slice(1).map((row) => row.split('\t')[0])).toEqual(['Company admin', 'Shipper', 'Buyer']);
      expect(rows.join('\n')).toContain(DEMO_SHIPPER);
      await screenshot(page, 'setup-checklist-demo-accounts-en');
      await accounts.getByRole('button', { name: 'Done' }).click();

      // Company, ports and users are all there now: the checklist is over.
      await page.getByTestId('setup-checklist').waitFor({ state: 'detached' });
      expect(await page.getByTestId('count-vehicles').innerText()).toBe('8');
      expect(await page.getByTestId('count-companies').innerText()).toBe('1');
    } finally {
      await context.close();
    }
  });
});

/** Signs in through the API of `server` and sends JSON requests with that session. */
async function apiOn(server: OwnServer, username: string, password: string) {
  const login = await fetch(`${server.baseUrl}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return async (method: string, pathName: string, body: unknown) => {
    const res = await fetch(`${server.baseUrl}/api${pathName}`, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${pathName}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

describe('a new company', () => {
  it('shows its company admin the steps a company admin may do (a container, a vehicle), in ar at 390 px', async () => {
    const send = await apiOn(empty, ADMIN.username, ADMIN.password);
    const company = await send('POST', '/companies', { name: 'Setup Checklist Newcomer', code: 'SETUPNEW', active: true });
    const password = 'setup-company-admin-1';
    // Made with a password of the super admin's, which the company admin replaces first (as the console asks).
    const given = `${password}-given`;
    await send('POST', '/users', { username: 'setup-company-admin@e2e.test', password: given, role: 'COMPANY_ADMIN', companyId: company.id });
    await (await apiOn(empty, 'setup-company-admin@e2e.test', given))('POST', '/user/password', { currentPassword: given, newPassword: password });

    const { context, page } = await newPageOn(browser, empty, { language: 'ar', width: 390 });
    try {
      await signIn(page, 'setup-company-admin@e2e.test', password);
      const checklist = page.getByTestId('setup-checklist');
      await checklist.waitFor();
      expect(await page.getByTestId('setup-progress').innerText()).toBe('أُنجزت 0 من 2 خطوات');
      expect(await checklist.getByRole('link').allInnerTexts()).toEqual([expect.stringContaining('أضف حاوية'), expect.stringContaining('أضف مركبة')]);
      // Ports and users are the super admin's to add (SPEC.md §6), and the demo is not offered.
      expect(await page.getByTestId('setup-step-ports').count()).toBe(0);
      expect(await page.getByTestId('setup-load-demo').count()).toBe(0);
      await screenshot(page, 'setup-checklist-company-admin-ar-390');
    } finally {
      await context.close();
    }
  });
});

describe('an install started with DEMO_DATA=true', () => {
  it('printed the demo accounts in the start log', () => {
    // Start-up events are JSON lines (docs/operations.md, Log).
    const events = demo.log().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line).msg as string);
    expect(events).toContainEqual(expect.stringMatching(/^DEMO_DATA: loaded the demo company "Gulf Star Motors"/));
    expect(demo.log()).toContain(DEMO_SHIPPER);
  });

  for (const [language, width] of [['en', 1440], ['ar', 390]] as const) {
    it(`shows the demo vehicles with their photos' thumbnails to the demo shipper, in ${language} at ${width} px`, async () => {
      const { context, page } = await newPageOn(browser, demo, { language, width });
      try {
        await signIn(page, DEMO_SHIPPER, DEMO_PASSWORD);
        // Staff of a company that already has containers and vehicles: no checklist.
        await page.getByTestId('count-vehicles').waitFor();
        expect(await page.getByTestId('setup-checklist').count()).toBe(0);
        await screenshot(page, `setup-demo-dashboard-${language}-${width}`);

        await page.goto('/vehicles');
        const thumbnails = page.getByTestId('vehicle-thumbnail');
        await thumbnails.first().waitFor();
        await expect.poll(() => thumbnails.count(), { timeout: 20_000 }).toBe(8);
        // Decoded images, not broken links: each thumbnail has pixels.
        await expect
          .poll(() => thumbnails.evaluateAll((images) => images.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length), { timeout: 20_000 })
          .toBe(8);
        const text = await page.locator('main').innerText();
        for (const model of ['Land Cruiser', 'Patrol', 'Sonata']) expect(text).toContain(model);
        await screenshot(page, `setup-demo-vehicles-${language}-${width}`);
      } finally {
        await context.close();
      }
    });
  }
});
