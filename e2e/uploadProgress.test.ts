import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { ApiClient, admin, createVehicle, launchBrowser, newPage, screenshot, signInWithSession, takeToast } from './support';
import { filesDir, pdf, photo, textFile } from './fileHelpers';

/**
 * Upload progress, per file, with Cancel: while a large file travels (the browser's upload is
 * slowed through the DevTools protocol) its row shows its name, a bar and a percent; Cancel stops
 * it, the server keeps nothing of it (asked through the API), and the other files still go.
 * Names here start with "upprog" so no other test file's search matches them.
 */
let browser: Browser;
let api: ApiClient;
let company: { id: number };
let shipper: { id: number; username: string; password: string };

/** About one megabyte a second up: a 10 MB file takes ten seconds, small ones a blink. */
const UPLOAD_BYTES_PER_SECOND = 1024 * 1024;
const SCREENS_DIR = path.resolve('test-results/screens');

async function slowUploads(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: UPLOAD_BYTES_PER_SECOND });
}

/** A photo of random noise: PNG cannot squeeze it, so a few megapixels make a large file. */
async function noisePhoto(name: string, width: number, height: number): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 80 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const file = path.join(filesDir, name);
  writeFileSync(file, bytes);
  return file;
}

const row = (scope: Locator | Page, name: string) => scope.getByTestId('upload-progress-item').filter({ hasText: name });
/** The bar's percent; -1 while the row is not (or no longer) there, so a poll never hangs on it. */
const percentOf = async (item: Locator) =>
  (await item.count()) ? Number(await item.getByRole('progressbar').getAttribute('aria-valuenow', { timeout: 2000 }).catch(() => -1)) : -1;

/** Waits until the file is partly sent: a percent between 1 and 99 beside its name. */
async function partlySent(item: Locator) {
  await expect.poll(() => percentOf(item), { timeout: 30_000 }).toBeGreaterThan(0);
  const percent = await percentOf(item);
  expect(percent).toBeLessThan(100);
  expect(await item.getByTestId('upload-progress-state').innerText()).toMatch(/^\d{1,2}%$/);
}

/**
 * A screenshot of what is on screen now, while an upload runs: the suite's screenshot() first
 * waits for the network to rest, which a running upload does not.
 */
async function snapWhileUploading(page: Page, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  // The bar's transition, without settled()'s wait for the network, which a running upload never lets rest.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`) });
}

const storedNames = async (resource: 'vehicles' | 'containers', id: number) =>
  ((await api.send('GET', `/${resource}/${id}`)).files as { fileName: string }[]).map((file) => file.fileName);

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  company = await api.createCompany('Upload Progress Motors');
  shipper = await api.createUser('SHIPPER', company.id);
});
afterAll(async () => {
  await browser?.close();
});

describe('upload progress with cancel', () => {
  it('shows each document\'s progress, cancels the large one from the keyboard, and stores the others (English, 1440 px)', async () => {
    const vehicle = await createVehicle(api, { companyId: company.id, model: 'UpprogDocs' });
    const big = pdf('upprog-manual.pdf', 10 * 1024 * 1024);
    const invoice = pdf('upprog-invoice.pdf', 4000);
    const title = pdf('upprog-title.pdf', 3000);
    const { context, page: p } = await newPage(browser, { language: 'en', width: 1440 });
    try {
      await signInWithSession(p, shipper.username, shipper.password);
      await p.goto(`/vehicles/${vehicle.id}/edit`);
      const section = p.getByTestId('section-documents');
      await section.getByTestId('no-documents').waitFor();
      await slowUploads(p);

      // The keyboard's place is the upload button when the files are picked.
      await section.getByTestId('upload-documents').focus();
      await section.getByTestId('upload-documents-input').setInputFiles([big, invoice, title]);
      const manual = row(section, 'upprog-manual.pdf');
      await partlySent(manual);
      // One file at a time, in the order picked: the others wait their turn.
      expect(await row(section, 'upprog-invoice.pdf').getByTestId('upload-progress-state').innerText()).toBe('Waiting…');
      expect(await row(section, 'upprog-title.pdf').getByTestId('upload-progress-state').innerText()).toBe('Waiting…');
      expect(await section.getByTestId('upload-documents').innerText()).toMatch(/^uploading…$/i);
      await section.scrollIntoViewIfNeeded();
      await snapWhileUploading(p, 'upload-progress-documents-en');

      // Tab reaches the first Cancel, labelled with the file's name; Enter presses it.
      await p.keyboard.press('Tab');
      expect(await p.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Cancel the upload of upprog-manual.pdf');
      await p.keyboard.press('Enter');

      expect(await takeToast(p)).toBe('Documents uploaded: 2');
      await expect.poll(() => section.getByTestId('document-row').allInnerTexts().then((rows) => rows.map((r) => r.split('\n')[0].trim()))).toEqual([
        'upprog-invoice.pdf',
        'upprog-title.pdf',
      ]);
      // Once the upload is over, its rows leave; the cancelled file was never stored.
      await section.getByTestId('upload-progress').waitFor({ state: 'detached' });
      expect(await storedNames('vehicles', vehicle.id)).toEqual(['upprog-invoice.pdf', 'upprog-title.pdf']);
      await screenshot(p, 'upload-progress-documents-done-en');

      // A file the server refuses keeps its row, with the reason in plain words, until dismissed.
      await section.getByTestId('upload-documents-input').setInputFiles(textFile('upprog-fake.pdf', 'not a PDF at all'));
      const toast = await takeToast(p);
      expect(toast).toContain('Failed to upload document');
      expect(toast).toContain('Failed to upload file: upprog-fake.pdf');
      const fake = row(section, 'upprog-fake.pdf');
      expect(await fake.getByTestId('upload-progress-state').innerText()).toBe('Not uploaded');
      expect(await fake.getByTestId('upload-progress-error').innerText()).toMatch(/not accepted/i);
      expect(await fake.getByTestId('upload-cancel').count()).toBe(0);
      await screenshot(p, 'upload-progress-documents-failed-en');
      await fake.getByRole('button', { name: 'Dismiss the message about upprog-fake.pdf' }).click();
      await section.getByTestId('upload-progress').waitFor({ state: 'detached' });
      expect(await storedNames('vehicles', vehicle.id)).toEqual(['upprog-invoice.pdf', 'upprog-title.pdf']);
    } finally {
      await context.close();
    }
  });

  it('shows each image\'s progress in Arabic on a phone, and a cancelled photo is not stored (Arabic, 390 px)', async () => {
    const vehicle = await createVehicle(api, { companyId: company.id, model: 'UpprogPhotos' });
    const big = await noisePhoto('upprog-noise.png', 2200, 1600);
    const small = await photo('upprog-green.jpg', { r: 30, g: 160, b: 60 });
    const { context, page: p } = await newPage(browser, { language: 'ar', width: 390, height: 844 });
    try {
      await signInWithSession(p, shipper.username, shipper.password);
      await p.goto(`/vehicles/${vehicle.id}/edit`);
      expect(await p.locator('html').getAttribute('dir')).toBe('rtl');
      const section = p.getByTestId('section-images');
      await section.getByTestId('no-images').waitFor();
      await slowUploads(p);

      await section.getByTestId('upload-images-input').setInputFiles([big, small]);
      const noise = row(section, 'upprog-noise.png');
      await partlySent(noise);
      expect(await row(section, 'upprog-green.jpg').getByTestId('upload-progress-state').innerText()).toBe('في الانتظار…');
      await section.scrollIntoViewIfNeeded();
      await snapWhileUploading(p, 'upload-progress-images-ar-390');

      await section.getByRole('button', { name: 'إلغاء رفع upprog-noise.png' }).click();
      expect(await takeToast(p)).toBe('الصور المرفوعة: 1');
      await expect.poll(() => section.getByTestId('gallery-item').allInnerTexts()).toEqual(['upprog-green.jpg']);
      expect(await storedNames('vehicles', vehicle.id)).toEqual(['upprog-green.jpg']);
      await screenshot(p, 'upload-progress-images-done-ar-390');
    } finally {
      await context.close();
    }
  });

  it.each([
    ['en', 390],
    ['ar', 1440],
  ] as const)('follows shared documents under the upload button of /documents, and cancels one (%s, %i px)', async (language, width) => {
    const { username, password } = admin();
    const big = pdf(`upprog-shared-${language}-big.pdf`, 10 * 1024 * 1024);
    const small = textFile(`upprog-shared-${language}-note.txt`, 'A note for every company.');
    const { context, page: p } = await newPage(browser, { language, width });
    try {
      await signInWithSession(p, username, password);
      await p.goto('/documents');
      // The list has loaded: while it loads, its toolbar shows an upload button that the empty
      // page then replaces (another button, another upload list).
      await p.getByTestId('empty-state').or(p.getByTestId('documents-list')).waitFor();
      const button = p.getByTestId('upload-document').first();
      await button.waitFor();
      await slowUploads(p);
      await p.getByTestId('upload-document-input').first().setInputFiles([big, small]);
      const panel = p.getByTestId('upload-progress');
      const item = row(panel, `upprog-shared-${language}-big.pdf`);
      await partlySent(item);
      // The panel is on screen, whole, under the button, clear of the window's edges.
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(8);
      expect(box.x + box.width).toBeLessThanOrEqual(width - 8);
      expect(box.y).toBeGreaterThan((await button.boundingBox())!.y);
      await snapWhileUploading(p, `upload-progress-shared-${language}-${width}`);

      await item.getByTestId('upload-cancel').click();
      expect(await takeToast(p)).toBe(language === 'en' ? 'Document uploaded' : 'تم رفع المستند');
      const found = await api.send<{ id: number; fileName: string }[]>('GET', `/documents?filter=${encodeURIComponent(JSON.stringify({ q: `upprog-shared-${language}` }))}`);
      expect(found.map((document) => document.fileName)).toEqual([`upprog-shared-${language}-note.txt`]);
      await panel.waitFor({ state: 'detached' });
      await screenshot(p, `upload-progress-shared-done-${language}-${width}`);
      // Tidy: the shared list is seen by every test file.
      await api.send('DELETE', `/documents/${found[0].id}`);
    } finally {
      await context.close();
    }
  });
});
