import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApiServer, type ApiServer } from './apiServer';
import { contextDefaults, LANGUAGE_KEY } from './support';

/**
 * A server of a test's own, for states the shared e2e server cannot be in (an empty install,
 * which other test files fill as they run): the same entry as global-setup.ts, on a free port
 * with a fresh SQLite DATA_DIR, stopped and removed by `stop()`.
 */
export type OwnServer = ApiServer;

export const startOwnServer = (env: Record<string, string>): Promise<OwnServer> =>
  startApiServer('own', { SESSION_SECRET: 'own-server-session-secret-0123456789', ...env });

/** A page on `server` (as support.newPage is on the shared one), in `language`, `width` px wide. */
export async function newPageOn(browser: Browser, server: OwnServer, { language, width = 1280 }: { language: 'en' | 'ar'; width?: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width, height: 900 }, ...contextDefaults() });
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [LANGUAGE_KEY, language]);
  const page = await context.newPage();
  page.setDefaultTimeout(Number(process.env.E2E_ACTION_TIMEOUT_MS ?? 60_000));
  return { context, page };
}
