import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { contextDefaults, launchBrowser, screenshot } from './support';
import { startOwnServer, type OwnServer } from './ownServer';
import { startIntranet, startTlsProxy, type LocalServer } from './embeddingServers';

/**
 * The console inside an intranet page (docs/embedding.md), as an IT team sets it up: the page is
 * docs/embedding-example.html on a server of its own. Same site (another port of 127.0.0.1): the
 * messages both ways, a deep link, the language, and commands from a foreign origin ignored.
 * Cross-site over HTTPS (the intranet on 127.0.0.1, the console on https://localhost behind a TLS
 * proxy that drops the port from Host, as nginx's `Host $host` does): sign-in with
 * EMBED_CROSS_SITE, Arabic after a reload of the intranet page, and without the setting the
 * sign-in form saying the browser refused the session cookie. Opened directly, the console sends
 * nothing.
 */
const ADMIN = { username: 'embed-admin@e2e.test', password: 'embed-admin-password-1' };
const SOURCE = 'vehicle-console';

type Message = { source: string; type: string; [key: string]: unknown };

let browser: Browser;
let intranet: LocalServer;
/** Behind TRUST_PROXY without EMBED_CROSS_SITE: framed same-site directly, cross-site through `plainTls`. */
let console_: OwnServer;
/** EMBED_CROSS_SITE=true, reached only through `crossSiteTls`. */
let crossSite: OwnServer;
let plainTls: LocalServer;
let crossSiteTls: LocalServer;

const intranetOrigin = () => `http://127.0.0.1:${intranet.port}`;

beforeAll(async () => {
  browser = await launchBrowser();
  intranet = await startIntranet();
  const env = {
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    PASSWORD_HASH_COST: '10',
    TRUST_PROXY: 'true',
    FRAME_ANCESTORS: `'self' ${intranetOrigin()}`,
  };
  [console_, crossSite] = await Promise.all([startOwnServer(env), startOwnServer({ ...env, EMBED_CROSS_SITE: 'true' })]);
  [plainTls, crossSiteTls] = await Promise.all([startTlsProxy(console_.baseUrl), startTlsProxy(crossSite.baseUrl)]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([console_?.stop(), crossSite?.stop(), intranet?.close(), plainTls?.close(), crossSiteTls?.close()]);
});

async function newContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ignoreHTTPSErrors: true, ...contextDefaults() });
  const page = await context.newPage();
  page.setDefaultTimeout(Number(process.env.E2E_ACTION_TIMEOUT_MS ?? 60_000));
  return { context, page };
}

/** The intranet page framing the console at `consoleOrigin`, opened at `path`, in `lang` if given. */
async function openIntranet(page: Page, consoleOrigin: string, options: { path?: string; lang?: string } = {}) {
  const query = new URLSearchParams({ console: consoleOrigin, ...(options.path ? { path: options.path } : {}), ...(options.lang ? { lang: options.lang } : {}) });
  await page.goto(`${intranetOrigin()}/?${query}`);
}

const consoleFrame = (page: Page) => page.frameLocator('#console');

/** The console's frame as a Frame, for reading its document. */
async function consoleFrameOf(page: Page): Promise<Frame> {
  const element = await page.locator('#console').elementHandle();
  const frame = await element!.contentFrame();
  return frame!;
}

const messages = (page: Page) => page.evaluate(() => (window as unknown as { consoleMessages: Message[] }).consoleMessages);

/** Waits until the intranet page has received a message with these fields, and returns it. */
async function received(page: Page, expected: Record<string, unknown>): Promise<Message> {
  // On a failure, what did come says more than a timeout.
  const handle = await page.waitForFunction(
    (wanted) =>
      (window as unknown as { consoleMessages?: Message[] }).consoleMessages?.find((message) =>
        Object.entries(wanted).every(([key, value]) => JSON.stringify(message[key]) === JSON.stringify(value)),
      ),
    expected,
  ).catch(async (error: Error) => {
    throw new Error(`${error.message}\nwaited for ${JSON.stringify(expected)}; received ${JSON.stringify(await messages(page).catch(() => []))}`);
  });
  return (await handle.jsonValue()) as Message;
}

async function signInFramed(page: Page) {
  const frame = consoleFrame(page);
  await frame.locator('[data-testid=login-form] input[name=username]').fill(ADMIN.username);
  await frame.locator('[data-testid=login-form] input[name=password]').fill(ADMIN.password);
  await frame.getByTestId('login-submit').click();
}

const frameLanguage = async (page: Page) => (await consoleFrameOf(page)).evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

describe('framed by an intranet page of the same site', () => {
  it('tells the page every step and follows its commands; a foreign origin is ignored', async () => {
    const { context, page } = await newContext();
    try {
      // A deep link, in Arabic for this visit, while signed out.
      await openIntranet(page, console_.baseUrl, { path: '/invoices', lang: 'ar' });
      const ready = await received(page, { type: 'ready' });
      expect(ready).toMatchObject({ source: SOURCE, lang: 'ar', signedIn: false });
      expect(ready.path).toMatch(/^\//);
      await consoleFrame(page).getByTestId('login-form').waitFor();
      expect(await frameLanguage(page)).toEqual(['ar', 'rtl']);
      await screenshot(page, 'embedding-same-site-sign-in-ar');

      await signInFramed(page);
      expect(await received(page, { type: 'auth', signedIn: true })).toMatchObject({ role: 'SUPER_ADMIN' });
      // The deep link (with its query) survives the sign-in, and the page follows the route.
      await received(page, { type: 'route', path: '/invoices?lang=ar' });
      // The invoices page as drawn, not while it loads: this server has no invoices, so its empty
      // state (in Arabic); the list's frame alone shows only while the answer is awaited, and
      // waiting for it lost the race when the answer came first.
      await consoleFrame(page).getByTestId('invoices-table').or(consoleFrame(page).getByTestId('empty-state')).first().waitFor();
      expect(new URL(page.url()).searchParams.get('path')).toBe('/invoices?lang=ar');

      // The frame is sized to the console's height.
      const height = await received(page, { type: 'height' });
      expect(height.height).toBeGreaterThan(300);
      await page.waitForFunction(() => {
        const all = (window as unknown as { consoleMessages: Message[] }).consoleMessages.filter((message) => message.type === 'height');
        return document.getElementById('console')!.style.height === `${all[all.length - 1].height}px`;
      });
      // Sized so that the whole side menu shows, not only the short page beside it.
      await (await consoleFrameOf(page)).waitForFunction(() => {
        const menu = document.querySelector('.RaSidebar-fixed');
        return !!menu && menu.scrollHeight <= menu.clientHeight + 1;
      });
      expect(await frameLanguage(page)).toEqual(['ar', 'rtl']);
      await screenshot(page, 'embedding-same-site-invoices-ar');

      // The page's language switch: English, told back as a language message.
      await page.locator('#lang-en').click();
      await received(page, { type: 'language', lang: 'en' });
      expect(await frameLanguage(page)).toEqual(['en', 'ltr']);
      await consoleFrame(page).getByRole('heading', { name: 'Invoices' }).or(consoleFrame(page).getByText('Invoices').first()).first().waitFor();
      await screenshot(page, 'embedding-same-site-invoices-en');

      // The page opens a console page.
      await page.locator('#open-path').fill('/containers');
      await page.locator('#open-form button').click();
      await received(page, { type: 'route', path: '/containers' });
      await (await consoleFrameOf(page)).waitForURL((url) => url.pathname === '/containers');

      // A frame of another origin inside the page posts commands into the console: ignored.
      const frame = await consoleFrameOf(page);
      await frame.evaluate(() => {
        (window as unknown as { seen: unknown[] }).seen = [];
        window.addEventListener('message', (event) => (window as unknown as { seen: unknown[] }).seen.push(event.data));
      });
      const foreignOrigin = `http://localhost:${intranet.port}`;
      await page.evaluate((src) => {
        const foreign = document.createElement('iframe');
        foreign.src = src;
        document.body.append(foreign);
      }, `${foreignOrigin}/foreign.html?path=/ports`);
      await frame.waitForFunction(() => (window as unknown as { seen: { type?: string }[] }).seen.filter((data) => data?.type === 'navigate' || data?.type === 'setLanguage').length === 2);
      expect(new URL(frame.url()).pathname).toBe('/containers');
      expect(await frameLanguage(page)).toEqual(['en', 'ltr']);
      expect((await messages(page)).filter((message) => message.path === '/ports' || message.lang === 'ar' && message.type === 'language')).toEqual([]);

      // Signing out is told too.
      await consoleFrame(page).getByTestId('logout-button').click();
      expect(await received(page, { type: 'auth', signedIn: false })).toMatchObject({ role: null });

      // Every message the page got was the console's, and of a documented type.
      const types = new Set((await messages(page)).map((message) => message.type));
      expect([...types].sort()).toEqual(['auth', 'height', 'language', 'ready', 'route']);
      expect((await messages(page)).filter((message) => message.type === 'ready')).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});

describe('opened directly, not framed', () => {
  it('sends no messages', async () => {
    const { context, page } = await newContext();
    try {
      await context.addInitScript(() => {
        const sent: unknown[] = [];
        (window as unknown as { sent: unknown[] }).sent = sent;
        const post = window.postMessage.bind(window);
        window.postMessage = ((...args: Parameters<typeof window.postMessage>) => {
          sent.push(args[0]);
          return post(...(args as [unknown, string]));
        }) as typeof window.postMessage;
        window.addEventListener('message', (event) => sent.push(event.data));
      });
      await page.goto(`${console_.baseUrl}/auth?lang=en`);
      await page.locator('[data-testid=login-form] input[name=username]').fill(ADMIN.username);
      await page.locator('[data-testid=login-form] input[name=password]').fill(ADMIN.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`${console_.baseUrl}/containers`);
      await page.getByTestId('logout-button').click();
      await page.waitForURL((url) => url.pathname === '/auth');
      const sent = await page.evaluate(() => (window as unknown as { sent: { source?: string }[] }).sent);
      expect(sent.filter((data) => data?.source === SOURCE)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('framed by an intranet page of another site, over HTTPS', () => {
  it('signs in with EMBED_CROSS_SITE, and keeps Arabic when the intranet page is reloaded', async () => {
    const { context, page } = await newContext();
    try {
      await openIntranet(page, `https://localhost:${crossSiteTls.port}`);
      expect(await received(page, { type: 'ready' })).toMatchObject({ signedIn: false, lang: 'en' });
      await signInFramed(page);
      expect(await received(page, { type: 'auth', signedIn: true })).toMatchObject({ role: 'SUPER_ADMIN' });
      await received(page, { type: 'route', path: '/' });
      await consoleFrame(page).getByTestId('main-menu').waitFor();

      // Arabic from the intranet's switch is stored on the user: it is there after a reload.
      await page.locator('#lang-ar').click();
      await received(page, { type: 'language', lang: 'ar' });
      await page.reload();
      expect(await received(page, { type: 'ready' })).toMatchObject({ signedIn: true, lang: 'ar' });
      await consoleFrame(page).getByTestId('main-menu').waitFor();
      expect(await frameLanguage(page)).toEqual(['ar', 'rtl']);
      await screenshot(page, 'embedding-cross-site-ar');
    } finally {
      await context.close();
    }
  });

  it('without EMBED_CROSS_SITE, says on the sign-in form that the browser refused the session cookie, in English and Arabic', async () => {
    const { context, page } = await newContext();
    try {
      for (const [lang, title] of [
        ['en', 'Signed in, but the browser refused the session cookie'],
        ['ar', 'تم تسجيل الدخول، لكن المتصفح رفض ملف تعريف الارتباط للجلسة'],
      ] as const) {
        await openIntranet(page, `https://localhost:${plainTls.port}`, { lang });
        await received(page, { type: 'ready', signedIn: false });
        await signInFramed(page);
        const notice = consoleFrame(page).getByTestId('cookie-refused');
        await notice.waitFor();
        const text = await notice.innerText();
        expect(text).toContain(title);
        expect(text).toContain('EMBED_CROSS_SITE');
        expect(text).toContain('HTTPS');
        // Still the sign-in form, with what was typed: no silent loop back to an empty one.
        expect(await consoleFrame(page).locator('input[name=username]').inputValue()).toBe(ADMIN.username);
        expect((await messages(page)).some((message) => message.type === 'auth' && message.signedIn === true)).toBe(false);
        await screenshot(page, `embedding-cookie-refused-${lang}`);
      }
    } finally {
      await context.close();
    }
  });
});
