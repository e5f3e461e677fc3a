/**
 * The first load of the dashboard, gzipped (npm run bench -- firstload). Builds the console as it
 * ships (admin/dist, with the .gz and .br copies vite.config.ts makes), starts the real server on a
 * fresh SQLite database, and lets Debian's Chromium, with an empty cache, open the console, sign in
 * as the first super admin through the login form and wait for the dashboard. Every answer the
 * page had from the app's origin is then fetched again with node:http, as raw bytes, once with
 * `Accept-Encoding: gzip`, once with `br` and once with `identity`, with the request's own cookie
 * (none before the sign-in, the session after it), and the bodies on the wire are added up.
 *
 * Two views: (a) the first visit, from the first navigation on (the login page, the sign-in, the
 * dashboard); (b) the dashboard alone for a user already signed in: a fresh browser context with
 * the session cookie and an empty cache. The aim is under 350 kB gzipped.
 *
 * BENCH_SKIP_BUILD=1 reuses admin/dist; BENCH_FIRSTLOAD_VEHICLES=N seeds N vehicles in 100
 * companies first (bench/seed.ts), so the dashboard's API answers carry data (none by default: a
 * first install).
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { loadConfig } from '../api/src/config';
import { closeDb, createDb, migrateLatest } from '../api/src/db';
import { createTestDatabase } from '../api/test/support/engines';
import { ROOT } from '../api/test/support/serverProcess';
import { findChromium, launchChromium, projectFontConfig } from '../e2e/browser';
import { out } from './mixed/report';
import { BENCH_ADMIN_PASSWORD, startServer, stopServer } from './mixed/servers';
import { seedBenchData, sizesFor } from './seed';

const AIM_BYTES = 350_000;
/** How long the page must have had no request open to count as settled (Playwright's networkidle). */
const QUIET_MS = 500;
const SETTLE_TIMEOUT_MS = 60_000;

/** One answer the page had from the app's origin, as Chromium asked for it and received it. */
type Recorded = {
  method: string;
  url: URL;
  headers: Record<string, string>;
  postData: string | null;
  status: number;
  /** The body as Chromium received it (its own Accept-Encoding: gzip, deflate, br, zstd). */
  browserBytes: number;
};

/** An answer fetched again: the body's bytes as sent (not decoded), and its header block's. */
type Wire = { status: number; body: number; headers: number; encoding: string; contentType: string };

type Item = Recorded & { kind: string; identity: Wire; gzip: Wire; br: Wire };

/** Records every answer from `origin` to pages of the context, and tells when its network is quiet. */
function recordAnswers(context: BrowserContext, origin: string) {
  const recorded: Promise<Recorded | null>[] = [];
  const failed: string[] = [];
  let open = 0;
  let lastChange = Date.now();
  const settle = () => {
    open--;
    lastChange = Date.now();
  };
  context.on('request', () => {
    open++;
    lastChange = Date.now();
  });
  context.on('requestfailed', (request) => {
    settle();
    if (new URL(request.url()).origin === origin) failed.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  });
  context.on('requestfinished', (request) => {
    settle();
    if (new URL(request.url()).origin === origin) recorded.push(recordedFrom(request));
  });
  return {
    /** Waits until no request has been open for QUIET_MS. */
    async quiet() {
      const deadline = Date.now() + SETTLE_TIMEOUT_MS;
      while (open > 0 || Date.now() - lastChange < QUIET_MS) {
        if (Date.now() > deadline) throw new Error(`the page's network did not settle within ${SETTLE_TIMEOUT_MS} ms (${open} open)`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async answers() {
      if (failed.length) throw new Error(`requests failed:\n${failed.join('\n')}`);
      return (await Promise.all(recorded)).filter((r): r is Recorded => r !== null);
    },
  };
}

async function recordedFrom(request: Request): Promise<Recorded | null> {
  const response = await request.response();
  if (!response) return null;
  const [headers, sizes] = await Promise.all([request.allHeaders(), request.sizes()]);
  return {
    method: request.method(),
    url: new URL(request.url()),
    headers,
    postData: request.postData(),
    status: response.status(),
    browserBytes: sizes.responseBodySize,
  };
}

/** The page's own request headers, less those that would change what the server sends. */
function replayHeaders(recorded: Recorded, acceptEncoding: string): http.OutgoingHttpHeaders {
  const dropped = new Set(['accept-encoding', 'if-none-match', 'if-modified-since', 'content-length', 'host', 'connection']);
  const headers: http.OutgoingHttpHeaders = Object.fromEntries(Object.entries(recorded.headers).filter(([name]) => !dropped.has(name) && !name.startsWith(':')));
  headers['accept-encoding'] = acceptEncoding;
  if (recorded.postData !== null) headers['content-length'] = Buffer.byteLength(recorded.postData);
  return headers;
}

/** Fetches a recorded request again and counts the bytes on the wire; node:http decodes nothing. */
function fetchRaw(recorded: Recorded, acceptEncoding: string): Promise<Wire> {
  return new Promise((resolve, reject) => {
    const request = http.request(recorded.url, { method: recorded.method, headers: replayHeaders(recorded, acceptEncoding), agent: false }, (res) => {
      let body = 0;
      res.on('data', (chunk: Buffer) => (body += chunk.length));
      res.on('error', reject);
      res.on('end', () => {
        let headers = Buffer.byteLength(`HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n\r\n`);
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`);
        resolve({ status: res.statusCode ?? 0, body, headers, encoding: res.headers['content-encoding'] ?? 'identity', contentType: res.headers['content-type'] ?? '' });
      });
    });
    request.on('error', reject);
    request.end(recorded.postData ?? undefined);
  });
}

/** GET and HEAD, and the sign-in (a second session for the same user): nothing else is sent again. */
const replayable = (r: Recorded) => ['GET', 'HEAD'].includes(r.method) || (r.method === 'POST' && r.url.pathname === '/api/login');

function kindOf(url: URL, contentType: string): string {
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return 'API';
  const kinds: [RegExp, string][] = [[/html/, 'HTML'], [/javascript/, 'JS'], [/css/, 'CSS'], [/font|woff/, 'font'], [/image/, 'image']];
  return kinds.find(([pattern]) => pattern.test(contentType))?.[1] ?? (contentType.split(';')[0] || 'other');
}

/** Each answer fetched again in the three encodings, one request at a time. */
async function measure(answers: Recorded[]): Promise<{ items: Item[]; skipped: Recorded[] }> {
  const items: Item[] = [];
  for (const recorded of answers.filter(replayable)) {
    const identity = await fetchRaw(recorded, 'identity');
    const gzip = await fetchRaw(recorded, 'gzip');
    const br = await fetchRaw(recorded, 'br');
    for (const wire of [identity, gzip, br]) {
      if (wire.status !== recorded.status) throw new Error(`${recorded.method} ${recorded.url.pathname}: the page had ${recorded.status}, fetched again ${wire.status}`);
    }
    items.push({ ...recorded, kind: kindOf(recorded.url, gzip.contentType), identity, gzip, br });
  }
  return { items, skipped: answers.filter((r) => !replayable(r)) };
}

/** Opens the console with an empty cache, signs in through the login form, waits for the dashboard. */
async function firstVisit(browser: Browser, base: string, username: string, password: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const recorder = recordAnswers(context, base);
  const page = await context.newPage();
  await page.goto(`${base}/`);
  const form = page.getByTestId('login-form');
  await form.locator('input[name=username]').fill(username);
  await form.locator('input[name=password]').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname !== '/auth');
  await dashboardShown(page, recorder);
  const cookies = await context.cookies();
  const answers = await recorder.answers();
  await context.close();
  return { answers, cookies };
}

/** The dashboard opened in a fresh context (an empty cache) that already holds the session cookie. */
async function signedInVisit(browser: Browser, base: string, cookies: Awaited<ReturnType<BrowserContext['cookies']>>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await context.addCookies(cookies);
  const recorder = recordAnswers(context, base);
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await dashboardShown(page, recorder);
  if (new URL(page.url()).pathname !== '/') throw new Error(`the signed-in visit ended on ${page.url()}, not the dashboard`);
  const answers = await recorder.answers();
  await context.close();
  return answers;
}

async function dashboardShown(page: Page, recorder: ReturnType<typeof recordAnswers>) {
  await page.getByTestId('dashboard').waitFor({ timeout: SETTLE_TIMEOUT_MS });
  await page.waitForLoadState('networkidle');
  await recorder.quiet();
}

const kB = (bytes: number) => `${(bytes / 1000).toLocaleString('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} kB`;
const sum = (items: Item[], bytes: (item: Item) => number) => items.reduce((total, item) => total + bytes(item), 0);

function label(item: Item) {
  const where = `${item.url.pathname}${item.url.search}`;
  return `${item.method === 'GET' ? '' : `${item.method} `}${where.length > 70 ? `${where.slice(0, 67)}…` : where}`;
}

type ViewResult = { title: string; gzip: number; br: number; requests: number };

function report(title: string, { items, skipped }: { items: Item[]; skipped: Recorded[] }): ViewResult {
  const api = items.filter((i) => i.kind === 'API');
  const assets = items.filter((i) => i.kind !== 'API');
  const row = (name: string, group: Item[]) =>
    `| ${name} | ${group.length} | ${kB(sum(group, (i) => i.identity.body))} | ${kB(sum(group, (i) => i.gzip.body))} | ${kB(sum(group, (i) => i.br.body))} | ${kB(sum(group, (i) => i.browserBytes))} |`;
  const gzip = sum(items, (i) => i.gzip.body);
  out(`\n### ${title}\n`);
  out('| | requests | uncompressed | gzip | brotli | as Chromium received it |');
  out('|---|---:|---:|---:|---:|---:|');
  out(row('console assets (HTML, JS, CSS, fonts, images)', assets));
  out(row('API answers', api));
  out(row('**total**', items));
  out(`| response headers (not in the totals) | | ${kB(sum(items, (i) => i.identity.headers))} | ${kB(sum(items, (i) => i.gzip.headers))} | ${kB(sum(items, (i) => i.br.headers))} | |`);
  out(`\n${gzip < AIM_BYTES ? 'met' : 'MISSED'}: ${kB(gzip)} gzipped, aim under ${kB(AIM_BYTES)}`);
  for (const r of skipped) out(`not fetched again (${r.method}): ${r.url.pathname}, ${kB(r.browserBytes)} as Chromium received it`);

  out('\nthe 10 largest, gzipped:\n');
  out('| # | item | kind | status | uncompressed | gzip | brotli |');
  out('|---:|---|---|---:|---:|---:|---:|');
  [...items]
    .sort((a, b) => b.gzip.body - a.gzip.body)
    .slice(0, 10)
    .forEach((i, n) => out(`| ${n + 1} | ${label(i)} | ${i.kind} | ${i.status} | ${kB(i.identity.body)} | ${kB(i.gzip.body)} | ${kB(i.br.body)} |`));
  return { title, gzip, br: sum(items, (i) => i.br.body), requests: items.length };
}

export async function benchFirstLoad() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    out('\n[firstload] building the console (npm run build console)…');
    const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), 'console'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`the console build failed (${build.status})`);
  }
  const database = await createTestDatabase('sqlite');
  const vehicles = Number(process.env.BENCH_FIRSTLOAD_VEHICLES ?? 0);
  if (vehicles > 0) {
    const db = createDb(database.url);
    try {
      await migrateLatest(db);
      await seedBenchData(db, sizesFor(vehicles));
    } finally {
      await closeDb(db);
    }
  }
  // The first super admin the server makes: ADMIN_USERNAME as the server process gets it, or its default.
  const username = loadConfig({ ...process.env, SESSION_SECRET: 'bench-secret-bench-secret' }).adminUsername;
  const server = await startServer(database.url);
  let browser: Browser | undefined;
  try {
    const base = `http://127.0.0.1:${server.port}`;
    // Outside vitest: the same Chromium and fonts as the browser tests, found here rather than injected.
    browser = await launchChromium(await findChromium(), projectFontConfig());
    const first = await firstVisit(browser, base, username, BENCH_ADMIN_PASSWORD);
    const again = await signedInVisit(browser, base, first.cookies);
    await browser.close();
    browser = undefined;

    const data = vehicles > 0 ? `${vehicles.toLocaleString('en')} vehicles in 100 companies` : 'a fresh database (the super admin alone)';
    out(`\n## First load of the dashboard (SQLite, ${data}; kB = 1,000 bytes, bodies as sent)`);
    const views = [
      report('(a) first visit: the login page, signing in, the dashboard', await measure(first.answers)),
      report('(b) the dashboard alone, signed in, empty cache', await measure(again)),
    ];
    out('\n| view | requests | gzip | brotli | aim (< 350 kB gzipped) |');
    out('|---|---:|---:|---:|---|');
    for (const v of views) out(`| ${v.title} | ${v.requests} | ${kB(v.gzip)} | ${kB(v.br)} | ${v.gzip < AIM_BYTES ? 'met' : 'MISSED'} |`);
  } finally {
    await browser?.close();
    await stopServer(server);
    await database.drop();
  }
}
