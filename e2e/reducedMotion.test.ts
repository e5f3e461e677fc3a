import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { admin, launchBrowser, newPage, openSignedIn, screenshot } from './support';

/**
 * The console honours the system's "reduce motion" setting (admin/src/layout/theme.ts): every
 * transition and animation ends at once and a repeating one (a spinner) runs once; without the
 * setting the console moves as before. The other browser tests run with the setting on
 * (support.ts, contextDefaults), so this file also checks the motion they do not see.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** How the page's styles treat an element that asks for a repeating animation and a transition. */
const probeMotion = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.cssText = 'animation: probe-spin 1.4s linear infinite; transition: opacity 300ms ease 50ms';
    document.body.appendChild(probe);
    const style = getComputedStyle(probe);
    const found = { iterations: style.animationIterationCount, seconds: parseFloat(style.transitionDuration), delay: style.transitionDelay };
    probe.remove();
    return found;
  });

/** The longest transition of the account menu's popup, in seconds, read as it opens. */
async function accountMenuTransition(page: Page) {
  await page.getByTestId('account-menu-button').click();
  const paper = page.getByTestId('account-menu').locator('.MuiPaper-root');
  await paper.waitFor();
  const seconds = await paper.evaluate((element) => Math.max(...getComputedStyle(element).transitionDuration.split(',').map((part) => parseFloat(part))));
  await page.keyboard.press('Escape');
  return seconds;
}

describe('motion', () => {
  it('stops slides, fades and spinners for a user whose system asks for reduced motion', async () => {
    const { context, page } = await newPage(browser);
    try {
      await openSignedIn(page, admin().username, admin().password);
      await page.getByTestId('main-menu').waitFor();
      const probe = await probeMotion(page);
      expect(probe).toEqual({ iterations: '1', seconds: expect.any(Number), delay: '0s' });
      expect(probe.seconds).toBeLessThan(0.001);
      expect(await accountMenuTransition(page)).toBeLessThan(0.001);
      await screenshot(page, 'reduced-motion-dashboard-en');
    } finally {
      await context.close();
    }
  });

  it('moves as before for everyone else', async () => {
    const { context, page } = await newPage(browser, { motion: true });
    try {
      await openSignedIn(page, admin().username, admin().password);
      await page.getByTestId('main-menu').waitFor();
      expect(await probeMotion(page)).toEqual({ iterations: 'infinite', seconds: 0.3, delay: '0.05s' });
      expect(await accountMenuTransition(page)).toBeGreaterThan(0.1);
    } finally {
      await context.close();
    }
  });
});
