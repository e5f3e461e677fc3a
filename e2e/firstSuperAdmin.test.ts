import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import en from '../admin/src/i18n/en';
import ar from '../admin/src/i18n/ar';
import { launchBrowser, screenshot, signIn } from './support';
import { newPageOn, startOwnServer, type OwnServer } from './ownServer';

/**
 * The first super admin of a fresh install signs in with the password the start printed, and is
 * asked to choose their own: the page says the password was generated, not that an administrator
 * set it (there is none above them). English and Arabic, on a wide screen and a phone.
 */
let browser: Browser;
let server: OwnServer;
const USERNAME = 'first-admin@e2e.test';
let password: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // No ADMIN_PASSWORD: the start generates one and prints it once.
  server = await startOwnServer({ ADMIN_USERNAME: USERNAME });
  // The start-up line is JSON: its `password` field holds the generated password.
  const printed = /"msg":"First super admin created[^\n]*"password":"([^"]+)"/.exec(server.log());
  if (!printed) throw new Error(`no generated password in the start's log:\n${server.log()}`);
  password = printed[1];
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the first super admin’s generated password', () => {
  for (const [language, t] of [['en', en], ['ar', ar]] as const) {
    for (const width of [1440, 390]) {
      it(`is called generated, not set by an administrator (${language}, ${width} px)`, async () => {
        const { context, page } = await newPageOn(browser, server, { language, width });
        try {
          await signIn(page, USERNAME, password);
          const reason = page.getByTestId('forced-password-reason');
          expect(await reason.innerText()).toBe(t.password.forcedTextGenerated);
          expect(await reason.innerText()).not.toBe(t.password.forcedText);
          await screenshot(page, `${language}-first-super-admin-password-${width}`);
        } finally {
          await context.close();
        }
      });
    }
  }
});
