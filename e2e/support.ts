import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { vinCheckDigit } from '../api/src/domain/vin';
import { containerCheckDigit } from '../api/src/domain/containerNumber';
import { launchChromium } from './browser';

/**
 * The run's Chromium (e2e/browser.ts: the machine's or the one npm installed), headless, with no
 * network chatter of its own, seeing only the project's fonts.
 */
export function launchBrowser(): Promise<Browser> {
  return launchChromium(inject('chromiumPath'), inject('fontConfigFile'));
}

/**
 * The API of this file's worker (e2e/global-setup.ts starts one per worker). Vitest numbers the
 * workers that run at the same time 1…maxWorkers (VITEST_POOL_ID), so two files that run side by
 * side never share a server or its data.
 */
export const baseUrl = () => {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
};
export const admin = () => ({ username: inject('adminUsername'), password: inject('adminPassword') });

/** The localStorage key the console keeps the language under (admin/src/i18n/language.ts). */
export const LANGUAGE_KEY = 'vehicle-export.language';

export interface PageOptions {
  language?: 'en' | 'ar';
  width?: number;
  height?: number;
  /** The console's slides, fades and spinners as most users see them (default: reduced motion). */
  motion?: boolean;
}

/**
 * What every browser context of the tests shares: an English locale, and reduced motion (the
 * system setting the console honours, admin/src/layout/theme.ts) unless a test is about motion: a
 * transition or a spinner has the browser draw a frame every 16 ms, which on a shared two-core
 * machine was CPU the tests' own steps waited for, and what the tests check is where things end,
 * not how they move there.
 */
export const contextDefaults = (motion = false) => ({ locale: 'en-US', reducedMotion: motion ? 'no-preference' : 'reduce' }) as const;

/** A fresh browser context (its own cookies and storage) and a page in it, at desktop size by default. */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    ...contextDefaults(options.motion),
  });
  if (options.language) {
    await context.addInitScript(
      ([key, value]) => {
        if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
      },
      [LANGUAGE_KEY, options.language],
    );
  }
  const page = await context.newPage();
  // Generous: these tests share a small machine with other test runs, and a page may wait for CPU.
  page.setDefaultTimeout(Number(process.env.E2E_ACTION_TIMEOUT_MS ?? 60_000));
  trackRequests(page);
  return { context, page };
}

/** A page's requests: how many are still out, and how many were ever sent (settled). */
type RequestCount = { open: number; sent: number; changedAt: number };
const requestCounts = new WeakMap<Page, RequestCount>();

function trackRequests(page: Page) {
  const count: RequestCount = { open: 0, sent: 0, changedAt: performance.now() };
  const ended = () => {
    count.open = Math.max(0, count.open - 1);
    count.changedAt = performance.now();
  };
  page.on('request', () => {
    count.open++;
    count.sent++;
    count.changedAt = performance.now();
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  requestCounts.set(page, count);
}

/** Signs in through the /auth form and waits until the console has left /auth. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.locator('[data-testid=login-form] input[name=username]').fill(username);
  await page.locator('[data-testid=login-form] input[name=password]').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname !== '/auth');
}

/**
 * Signs in as the sign-in form does (POST /api/login, the same check of the password) and gives
 * the session cookie to the page's browser context, without loading a page: the next page the test
 * opens is the console, signed in, as after the form. For tests that are not about signing in
 * (those use signIn, the form): it spares them the sign-in page and the dashboard the form leads
 * to, two page loads of the console before the page the test is about.
 */
export async function signInWithSession(page: Page, username: string, password: string) {
  const res = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((header) => {
    const [pair, ...attributes] = header.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const has = (name: string) => attributes.some((attribute) => attribute.toLowerCase() === name);
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl(), httpOnly: has('httponly'), sameSite: 'Lax' as const };
  });
  if (!cookies.length) throw new Error(`sign-in of ${username} set no cookie`);
  await page.context().addCookies(cookies);
}

/**
 * signInWithSession, then the console opened at `path`: by default its dashboard, where the form
 * leaves the user.
 */
export async function openSignedIn(page: Page, username: string, password: string, path = '/') {
  await signInWithSession(page, username, password);
  await page.goto(path);
}

/**
 * Moves the console open on the page to `path` through its router, as its own links do, without
 * loading the page again: for a walk through several screens where what is checked is each screen,
 * not its loading (a load starts the console anew, a second or more on a busy machine). The first
 * screen is opened with page.goto.
 */
export async function goInConsole(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/** The labels of the side navigation, in order. */
export async function menuEntries(page: Page): Promise<string[]> {
  const menu = page.getByTestId('main-menu');
  await menu.waitFor();
  return (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
}

const SCREENS_DIR = path.resolve('test-results/screens');

/**
 * Waits for the page to come to rest, however long that takes on a busy machine: its requests
 * answered, two frames drawn (so a transition a render starts has begun), and then every finite
 * animation and transition finished (a drawer, a dialog, a toast, a progress bar).
 */
export async function settled(page: Page) {
  const count = requestCounts.get(page);
  if (!count) {
    // A page this file opened itself: Playwright's network idle (500 ms without a request).
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await drawnAndStill(page);
    return;
  }
  // No request out for a moment, then drawn and still, and no request sent meanwhile (an answer
  // drawn may send the next one, as a list does for the records it refers to): else again.
  // Waiting on the page's own requests, not a fixed quiet time, is what makes this fast when the
  // machine is quiet and still right when it is busy (the frames wait for the page's CPU).
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    while (Date.now() < deadline && (count.open > 0 || performance.now() - count.changedAt < REQUEST_QUIET_MS)) await sleep(20);
    const sentBefore = count.sent;
    await drawnAndStill(page);
    if (count.sent === sentBefore && count.open === 0) return;
  }
}

/** How long no request may start or end before the page is taken to have sent all it will. */
const REQUEST_QUIET_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two frames drawn (so a transition a render starts has begun), then every finite animation finished. */
async function drawnAndStill(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Saves a full-page screenshot under test-results/screens (git-ignored) after animations settle.
 * The window is made as tall as the page rather than using Playwright's fullPage capture: that
 * capture briefly reports a 1×1 viewport to the page, which closes the side navigation (a phone
 * layout) and catches it half re-opened.
 */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await settled(page);
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (height > viewport.height) {
    await page.setViewportSize({ width: viewport.width, height: Math.min(height, 6000) });
    await settled(page);
  }
  try {
    await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`) });
  } finally {
    if (height > viewport.height) await page.setViewportSize(viewport);
  }
}

/**
 * Saves a screenshot of the window as it is, at its own size, under test-results/screens: what the
 * user sees (a toast where it sits, a sticky bar, a full-screen dialog), and usable while the page's
 * clock is held (`screenshot` waits for frames a held clock never draws).
 */
export async function windowScreenshot(page: Page, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`) });
}

let counter = 0;
/** An e-mail nobody has used in this run. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@e2e.test`;
export const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++counter}`;

/**
 * The API driven directly, to prepare data a test is not about (a company, a user of some role).
 * Requests from scripts carry no Origin header, which the API accepts.
 */
export class ApiClient {
  private constructor(private cookie: string) {}

  static async signIn(username: string, password: string): Promise<ApiClient> {
    const res = await fetch(`${baseUrl()}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (!res.ok) throw new Error(`API sign-in failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return new ApiClient(cookie);
  }

  static asAdmin() {
    const { username, password } = admin();
    return ApiClient.signIn(username, password);
  }

  async send<T = any>(method: string, pathName: string, body?: unknown): Promise<T> {
    const res = await fetch(`${baseUrl()}/api${pathName}`, {
      method,
      headers: { 'Content-Type': 'application/json', Cookie: this.cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${pathName}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The row count of a list, from Content-Range. */
  async total(resource: string): Promise<number> {
    const res = await fetch(`${baseUrl()}/api/${resource}?range=[0,0]`, { headers: { Cookie: this.cookie } });
    if (!res.ok) throw new Error(`GET /${resource}: ${res.status}`);
    return Number(res.headers.get('content-range')!.split('/')[1]);
  }

  createCompany(name: string, code = uniqueCode('C')) {
    return this.send<{ id: number; name: string; code: string }>('POST', '/companies', { name, code, active: true });
  }

  createUser(role: string, companyId: number | null, password = 'user-password-1234') {
    const username = uniqueEmail(role.toLowerCase());
    return this.createAccount({ username, password, role, companyId }).then((user) => ({ ...user, username, password }));
  }

  /**
   * An active account made as an administrator makes it (POST /api/users), ready for a test that
   * is not about passwords: the administrator's password must be replaced at the first sign-in,
   * so the user replaces it with `password` (POST /api/user/password) before the test signs in.
   */
  async createAccount<T extends { id: number } = { id: number; username: string }>(fields: {
    username: string;
    password: string;
    role: string;
    companyId: number | null;
    pendingApproval?: boolean;
  }): Promise<T> {
    const given = `${fields.password}-given`;
    const created = await this.send<T>('POST', '/users', { active: true, pendingApproval: false, ...fields, password: given });
    const user = await ApiClient.signIn(fields.username, given);
    await user.send('POST', '/user/password', { currentPassword: given, newPassword: fields.password });
    return created;
  }
}

/**
 * A VIN nobody has used in this run, with a correct check digit (position 9) unless asked
 * otherwise. '1HG' is Honda for the bundled decoder, position 10 '3' the model year 2003.
 */
let vinSerial = Math.floor(Math.random() * 800_000);
export function uniqueVin({ wmi = '1HG', validCheckDigit = true }: { wmi?: string; validCheckDigit?: boolean } = {}) {
  const serial = String(100_000 + (++vinSerial % 900_000)).padStart(6, '0');
  const draft = `${wmi}CM826_3A${serial}`;
  const digit = vinCheckDigit(draft.replace('_', '0'));
  const wrong = digit === '1' ? '2' : '1';
  return draft.replace('_', validCheckDigit ? digit : wrong);
}

/** Test data through the API (as a super admin): a vehicle, a container. */
export async function createVehicle(api: ApiClient, data: Record<string, unknown>) {
  return api.send<Record<string, any>>('POST', '/vehicles', { vin: uniqueVin(), ...data });
}

export async function createContainer(api: ApiClient, data: Record<string, unknown>) {
  return api.send<Record<string, any>>('POST', '/containers', { number: uniqueContainerNumber(), ...data });
}

/** POST /api/invoice through the API (the PDF is not JSON, so not through ApiClient.send). */
export async function createInvoice(user: { username: string; password: string }, body: Record<string, unknown>) {
  const login = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const res = await fetch(`${baseUrl()}/api/invoice`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ paymentMethod: 'cash', date: '2026-03-01', companyName: 'Vehicle Export Trading', salePrice: '1000', ...body }),
  });
  if (res.status !== 201) throw new Error(`POST /invoice: ${res.status} ${await res.text()}`);
  const pdf = Buffer.from(await res.arrayBuffer());
  return { id: Number(res.headers.get('x-invoice-id')), invoiceNumber: res.headers.get('x-invoice-number')!, size: pdf.length };
}

/** An ISO 6346 container number with a correct check digit, unused in this run. */
let containerSerial = Math.floor(Math.random() * 800_000);
export function uniqueContainerNumber(owner = 'MSC') {
  const serial = String(100_000 + (++containerSerial % 900_000)).padStart(6, '0');
  const draft = `${owner}U${serial}`;
  return `${draft}${containerCheckDigit(`${draft}0`)}`;
}

/** The text of the toast on screen, then closes it so the next one can be read. */
export async function takeToast(page: Page): Promise<string> {
  const toast = page.getByTestId('toast');
  await toast.waitFor();
  const text = await toast.innerText();
  // The close button by its class: while a dialog is open, everything outside it is aria-hidden.
  // It is the last action (an undoable toast has Undo before it); closing sends an undoable change.
  // Closing may bring the next toast at once (an undoable delete, sent on close, that fails): wait
  // for this toast to go, or for its element to show another message.
  const taken = await toast.evaluate((element) => {
    element.setAttribute('data-taken', '');
    return element.textContent;
  });
  // Dispatched rather than clicked with the mouse: the pointer may rest on a button of the page
  // behind (a row's Delete), whose interactive tooltip then covers the close button for as long
  // as the pointer moving onto it keeps the tooltip open.
  await toast.locator('.MuiAlert-action button').last().dispatchEvent('click');
  await page.waitForFunction((old) => {
    const element = document.querySelector('[data-testid="toast"][data-taken]');
    return !element || element.textContent !== old;
  }, taken);
  return text;
}

/**
 * Types `text` into a searching autocomplete (a ReferenceInput's, which sends `q`) and picks the
 * option named `option` once the page has the answer to that search: until then the list shows
 * the first choices of the unfiltered list, which the answer replaces under the pointer (on a busy
 * machine, between Playwright finding an option and clicking it). `text` must not have been
 * searched before on the page, or no new request is sent.
 */
export async function searchAndPick(combobox: Locator, text: string, option: string | RegExp) {
  const page = combobox.page();
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname.startsWith('/api/') && decodeURIComponent(res.url()).includes(`"q":${JSON.stringify(text)}`));
  await combobox.fill(text);
  await answered;
  await page.getByRole('option', { name: option }).click();
}

/** The row of a react-admin list table (`{resource}-table`) that shows the given text. */
export const listRow = (page: Page, resource: string, text: string) =>
  page.getByTestId(`${resource}-table`).getByRole('row').filter({ hasText: text });

/** Opens a list searched for one value (a VIN, a container number), so its row is on the first page. */
export async function openListRow(page: Page, resource: string, text: string) {
  await page.goto(`/${resource}?filter=${encodeURIComponent(JSON.stringify({ q: text }))}`);
  const row = listRow(page, resource, text);
  await row.waitFor();
  return row;
}

/**
 * A MUI X date picker of a form (admin/src/common/DatePickerInput.tsx), found by its label. Its
 * field is made of day, month and year sections that are typed into, not filled.
 */
export function datePicker(scope: Page | Locator, label: string | RegExp) {
  const page = 'page' in scope ? scope.page() : scope;
  return scope.locator('.MuiPickersTextField-root').filter({ has: page.locator('label').filter({ hasText: label }) });
}

/** The picker's date as it shows it (MM/dd/yyyy in English, dd/MM/yyyy in Arabic). */
export const datePickerText = (picker: Locator) => picker.locator('input').inputValue();

/** Types a yyyy-MM-dd date into a picker with the keyboard, section by section, in the page's order. */
export async function typeDate(picker: Locator, isoDate: string, language: 'en' | 'ar' = 'en') {
  const [year, month, day] = isoDate.split('-');
  await picker.getByRole('spinbutton').first().click();
  await picker.page().keyboard.type(language === 'ar' ? `${day}${month}${year}` : `${month}${day}${year}`);
}

/** A yyyy-MM-dd date as a picker shows it in a language (see datePickerText). */
export function pickerDateOf(isoDate: string, language: 'en' | 'ar' = 'en') {
  const [year, month, day] = isoDate.split('-');
  return language === 'ar' ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}
