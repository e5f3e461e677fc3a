import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { ApiClient, launchBrowser, newPage, screenshot, signIn, signInWithSession, uniqueCode } from './support';

/**
 * Small things of daily use, in English and Arabic, on a wide screen and a phone: the dashboard's
 * greeting wraps a long e-mail between its parts, the company admin's Ports page says why it is
 * read-only, and the phone header's Logout shows its label.
 */
let browser: Browser;
let api: ApiClient;

const LANGUAGES = ['en', 'ar'] as const;
const MESSAGES = { en, ar };
const WIDTHS = [1440, 390] as const;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
});
afterAll(async () => {
  await browser?.close();
});

/** Where the lines of an element's text break: for each line after the first, the characters just before and after the break. */
const lineBreaks = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const chars: { char: string; top: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width > 0) chars.push({ char: text[i], top: Math.round(rect.top) });
      }
    }
    const breaks: string[] = [];
    for (let i = 1; i < chars.length; i++) if (chars[i].top > chars[i - 1].top + 4) breaks.push(`${chars[i - 1].char}|${chars[i].char}`);
    return breaks;
  });

for (const language of LANGUAGES) {
  describe(`small fixes (${language})`, () => {
    const t = MESSAGES[language];
    let company: { id: number };
    let companyAdmin: { username: string; password: string };
    let longNamed: { username: string; password: string };

    beforeAll(async () => {
      company = await api.createCompany(`Small Fixes ${language}`, uniqueCode('SF'));
      companyAdmin = await api.createUser('COMPANY_ADMIN', company.id);
      const username = `frederick.alexander-montgomery.${uniqueCode('').toLowerCase()}@gulf-star-exporters.example.com`;
      const created = await api.createAccount({ username, password: 'user-password-1234', role: 'SHIPPER', companyId: company.id });
      longNamed = { username: created.username ?? username, password: 'user-password-1234' };
    });

    for (const width of WIDTHS) {
      it(`wraps a long e-mail in the greeting between its parts, never inside a word (${width} px)`, async () => {
        const { context, page } = await newPage(browser, { language, width, height: 844 });
        try {
          await signIn(page, longNamed.username, longNamed.password);
          await page.getByTestId('dashboard-greeting').waitFor();
          const breaks = await lineBreaks(page, 'dashboard-greeting');
          if (width === 390) expect(breaks.length).toBeGreaterThan(0);
          // A line ends with the greeting's comma (or a space), the '@', a '-', or the next starts with a dot: never between two letters.
          for (const at of breaks) expect(at, `a line break at ${at}`).toMatch(/^( |,|،|@|-|_)\||^.\|\./);
          const box = (await page.getByTestId('dashboard-greeting').boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          await screenshot(page, `${language}-small-greeting-${width}`);
        } finally {
          await context.close();
        }
      });

      it(`says why the company admin's Ports page is read-only, and shows Logout with its label (${width} px)`, async () => {
        const { context, page } = await newPage(browser, { language, width, height: 844 });
        try {
          await signInWithSession(page, companyAdmin.username, companyAdmin.password);
          await page.goto('/ports');
          const note = page.getByTestId('ports-read-only');
          expect(await note.innerText()).toBe(t.ports.readOnly);
          expect(await page.getByRole('button', { name: t.ports.add }).count()).toBe(0);
          const logout = page.getByTestId('logout-button');
          expect((await logout.innerText()).trim()).toBe(t.auth.logout);
          // The label fits the header: nothing of it outside the window, no sideways scroll.
          const box = (await logout.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await screenshot(page, `${language}-small-ports-read-only-${width}`);
        } finally {
          await context.close();
        }
      });
    }

    it('shows a super admin no read-only note on the Ports page', async () => {
      const { context, page } = await newPage(browser, { language, width: 1440 });
      try {
        const { username, password } = await import('./support').then((m) => m.admin());
        await signInWithSession(page, username, password);
        await page.goto('/ports');
        await page.getByRole('button', { name: t.ports.add }).first().waitFor();
        expect(await page.getByTestId('ports-read-only').count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  });
}
