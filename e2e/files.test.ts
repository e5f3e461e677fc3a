import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { ApiClient, admin, createContainer, createVehicle, launchBrowser, newPage, screenshot, signIn, signInWithSession, takeToast } from './support';
import { pdf, photo, pngBytes, sessionCookie, textFile, uploadThroughApi } from './fileHelpers';

/**
 * Images and documents of vehicles and containers (gallery, viewer, ZIP, documents table) and the
 * shared /documents screen, as a shipper and as the super admin, with screenshots in both languages.
 */
let browser: Browser;
let api: ApiClient;
type User = { id: number; username: string; password: string };
let company: { id: number };
let shipper: User;
let shipperSession: { context: BrowserContext; page: Page };
let adminSession: { context: BrowserContext; page: Page };
let red: string;
let blue: string;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
  company = await api.createCompany('Gallery Motors');
  shipper = await api.createUser('SHIPPER', company.id);
  red = await photo('red-car.jpg', { r: 200, g: 30, b: 30 });
  blue = await photo('blue-car.png', { r: 30, g: 60, b: 180 });
  shipperSession = await newPage(browser);
  await signIn(shipperSession.page, shipper.username, shipper.password);
  adminSession = await newPage(browser);
  await signIn(adminSession.page, admin().username, admin().password);
});
afterAll(async () => {
  await shipperSession?.context.close();
  await adminSession?.context.close();
  await browser?.close();
});

const viewerTitle = (p: Page) => p.getByTestId('viewer-title').innerText();

describe('the images of a vehicle', () => {
  it('uploads two at once, steps through them in the viewer, downloads all as a ZIP, deletes one, and shows the first in the list', async () => {
    const vehicle = await createVehicle(api, { companyId: company.id, model: 'GalleryCar' });
    const p = shipperSession.page;
    await p.goto(`/vehicles/${vehicle.id}/edit`);
    const section = p.getByTestId('section-images');
    await section.getByTestId('no-images').waitFor();
    expect(await section.innerText()).toContain('No images yet.');
    expect(await section.getByTestId('download-all-images').count()).toBe(0);

    await section.getByTestId('upload-images-input').setInputFiles([red, blue]);
    expect(await takeToast(p)).toContain('Images uploaded: 2');
    await expect.poll(() => section.getByTestId('gallery-item').count()).toBe(2);
    expect(await section.getByTestId('gallery-item').allInnerTexts()).toEqual(['red-car.jpg', 'blue-car.png']);
    // Thumbnails are real pictures the browser could decode.
    await expect
      .poll(() => section.locator('[data-testid=gallery-open] img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth)))
      .toEqual([320, 320]);
    await screenshot(p, 'files-vehicle-images-en');

    // The viewer: buttons, then arrow keys, between the first and the last image.
    await section.getByTestId('gallery-open').first().click();
    const viewer = p.getByTestId('image-viewer');
    await viewer.waitFor();
    expect(await viewerTitle(p)).toBe('Image 1 of 2');
    expect(await viewer.getByTestId('viewer-previous').isDisabled()).toBe(true);
    expect(await viewer.getByTestId('viewer-file-name').innerText()).toBe('red-car.jpg');
    await expect.poll(() => viewer.getByTestId('viewer-image').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(640);
    await screenshot(p, 'files-viewer-en');
    await viewer.getByTestId('viewer-next').click();
    expect(await viewerTitle(p)).toBe('Image 2 of 2');
    expect(await viewer.getByTestId('viewer-file-name').innerText()).toBe('blue-car.png');
    expect(await viewer.getByTestId('viewer-next').isDisabled()).toBe(true);
    await p.keyboard.press('ArrowLeft');
    expect(await viewerTitle(p)).toBe('Image 1 of 2');
    await p.keyboard.press('ArrowLeft'); // stays on the first
    expect(await viewerTitle(p)).toBe('Image 1 of 2');
    await p.keyboard.press('ArrowRight');
    expect(await viewerTitle(p)).toBe('Image 2 of 2');
    await p.keyboard.press('Home');
    expect(await viewerTitle(p)).toBe('Image 1 of 2');
    await p.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // Download All Images: a ZIP named as the API names it, with both images in it.
    const [download] = await Promise.all([p.waitForEvent('download'), section.getByTestId('download-all-images').click()]);
    expect(download.suggestedFilename()).toBe(`vehicle_${vehicle.id}_images.zip`);
    const zip = readFileSync((await download.path())!);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes(Buffer.from('red-car.jpg')) && zip.includes(Buffer.from('blue-car.png'))).toBe(true);
    expect(await takeToast(p)).toBe('Download started\nAll images are being downloaded');

    // The list shows the first image as the vehicle's thumbnail.
    await p.goto(`/vehicles?filter=${encodeURIComponent(JSON.stringify({ q: vehicle.vin }))}`);
    const thumb = p.getByTestId('vehicles-table').getByTestId('vehicle-thumbnail');
    await thumb.waitFor();
    expect(await thumb.getAttribute('src')).toContain(`/api/vehicles/${vehicle.id}/files/`);
    await expect.poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(320);
    await screenshot(p, 'files-vehicle-list-thumbnail-en');

    // Delete with confirmation; with one image left, no Download All.
    await p.goto(`/vehicles/${vehicle.id}/edit`);
    await section.getByTestId('gallery-item').nth(1).getByTestId('delete-image').click();
    const confirm = p.getByRole('dialog');
    expect(await confirm.innerText()).toContain('Delete image blue-car.png?');
    await screenshot(p, 'files-delete-image-en');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    expect(await takeToast(p)).toBe('Image deleted');
    await expect.poll(() => section.getByTestId('gallery-item').count()).toBe(1);
    expect(await section.getByTestId('download-all-images').count()).toBe(0);
    const stored = await api.send('GET', `/vehicles/${vehicle.id}`);
    expect(stored.files.map((f: { fileName: string }) => f.fileName)).toEqual(['red-car.jpg']);
  });

  it('refuses what is not an image, and says why the server refused a file', async () => {
    const vehicle = await createVehicle(api, { companyId: company.id });
    const p = shipperSession.page;
    await p.goto(`/vehicles/${vehicle.id}/edit`);
    const section = p.getByTestId('section-images');
    await section.getByTestId('no-images').waitFor();
    await section.getByTestId('upload-images-input').setInputFiles(textFile('notes.txt', 'not a picture'));
    const toast = await takeToast(p);
    expect(toast).toContain('Failed to upload files');
    expect(toast).toContain('notes.txt');
    // A file that claims to be a JPEG but is not: the server's 415 message.
    await section.getByTestId('upload-images-input').setInputFiles(textFile('fake.jpg', 'plain text, not a JPEG'));
    const refused = await takeToast(p);
    expect(refused).toContain('Failed to upload files');
    expect(refused).toContain('This type of file is not accepted');
    expect(await section.getByTestId('gallery-item').count()).toBe(0);
  });

  it('is read-only for a buyer: no upload, no delete, but the viewer', async () => {
    const buyer = await api.createUser('BUYER', company.id);
    const vehicle = await createVehicle(api, { companyId: company.id, buyerId: buyer.id });
    const { context, page: p } = await newPage(browser);
    try {
      await signIn(p, buyer.username, buyer.password);
      // Without photos or documents, the buyer's page has no such sections (nothing to look at).
      await p.goto(`/vehicles/${vehicle.id}/edit`);
      await p.getByTestId('vehicle-view').waitFor();
      expect(await p.getByTestId('section-images').count()).toBe(0);
      expect(await p.getByTestId('section-documents').count()).toBe(0);
      const cookie = await sessionCookie(admin().username, admin().password);
      await uploadThroughApi(cookie, `/vehicles/${vehicle.id}/files`, [{ name: 'front.png', bytes: await pngBytes({ r: 20, g: 90, b: 200 }), type: 'image/png' }]);
      await p.reload();
      const section = p.getByTestId('section-images');
      await section.getByTestId('gallery-item').waitFor();
      expect(await section.getByTestId('upload-images').count()).toBe(0);
      expect(await section.getByTestId('delete-image').count()).toBe(0);
      await section.getByTestId('gallery-open').click();
      await p.getByTestId('image-viewer').waitFor();
      expect(await p.getByTestId('upload-documents').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('the documents of a vehicle', () => {
  it('uploads a PDF, shows its size in KB and upload date, downloads it, refuses other types and deletes with confirmation', async () => {
    const vehicle = await createVehicle(api, { companyId: company.id });
    const p = shipperSession.page;
    await p.goto(`/vehicles/${vehicle.id}/edit`);
    const section = p.getByTestId('section-documents');
    await section.getByTestId('no-documents').waitFor();
    expect(await section.innerText()).toContain('No documents found.');
    expect(await section.getByTestId('upload-documents-input').getAttribute('accept')).toBe('.pdf,.doc,.docx');

    await section.getByTestId('upload-documents-input').setInputFiles(pdf('bill-of-sale.pdf', 3000));
    expect(await takeToast(p)).toContain('Documents uploaded: 1');
    const row = section.getByTestId('document-row');
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells[0]).toBe('bill-of-sale.pdf');
    // Uploaded without a kind: "Other", which staff may change (e2e/shipmentRecording.test.ts).
    expect(cells[1]).toBe('Other');
    expect(cells[2]).toBe(`${(3000 / 1024).toFixed(2)} KB`);
    expect(cells[3]).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
    await screenshot(p, 'files-vehicle-documents-en');

    const [download] = await Promise.all([p.waitForEvent('download'), row.getByTestId('download-document').click()]);
    expect(download.suggestedFilename()).toBe('bill-of-sale.pdf');
    expect(readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');

    // A wrong extension never leaves the browser; a wrong content is refused by the server.
    await section.getByTestId('upload-documents-input').setInputFiles([textFile('fake.pdf', 'not a pdf at all'), textFile('notes.txt', 'hello')]);
    const toast = await takeToast(p);
    expect(toast).toContain('Failed to upload document');
    expect(toast).toContain('Failed to upload file: fake.pdf');
    expect(toast).toContain('notes.txt');
    expect(await section.getByTestId('document-row').count()).toBe(1);

    await row.getByTestId('delete-document').click();
    const confirm = p.getByRole('dialog');
    expect(await confirm.innerText()).toContain('Delete document bill-of-sale.pdf?');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    expect(await takeToast(p)).toBe('Document deleted');
    await section.getByTestId('no-documents').waitFor();
  });
});

describe('the files of a container', () => {
  it('has the same gallery and documents table, and a ZIP named after the container', async () => {
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const p = shipperSession.page;
    await p.goto(`/containers/${container.id}`);
    const images = p.getByTestId('section-images');
    await images.getByTestId('no-images').waitFor();
    await images.getByTestId('upload-images-input').setInputFiles([red, blue]);
    expect(await takeToast(p)).toContain('Images uploaded: 2');
    await expect.poll(() => images.getByTestId('gallery-item').count()).toBe(2);
    const documents = p.getByTestId('section-documents');
    await documents.getByTestId('upload-documents-input').setInputFiles(pdf('packing-list.pdf', 5120));
    expect(await takeToast(p)).toContain('Documents uploaded: 1');
    expect(await documents.getByTestId('document-size').innerText()).toBe('5.00 KB');
    await screenshot(p, 'files-container-en');

    // A container's document opens in a new tab (SPEC.md §7); the browser saves it from there.
    expect(await documents.getByTestId('download-document').count()).toBe(0);
    // Chromium closes the new tab once its answer is a download, and reports the download on the
    // page that opened it: listen to both from the start.
    // The download may be reported before the new tab's own event: wait for each, in any order.
    const newTab = p.context().waitForEvent('page', { timeout: 60_000 });
    const opened = new Promise<Download>((resolve) => {
      p.once('download', resolve);
      void newTab.then((tab) => tab.once('download', resolve), () => undefined);
    });
    const link = documents.getByTestId('open-document');
    expect(await link.getAttribute('target')).toBe('_blank');
    await link.click();
    const document = await opened;
    expect(document.suggestedFilename()).toBe('packing-list.pdf');
    expect(new URL(document.url()).pathname).toMatch(new RegExp(`^/api/containers/${container.id}/files/\\d+/download$`));
    await newTab; // a tab was opened
    expect(new URL(p.url()).pathname).toBe(`/containers/${container.id}`);

    const [download] = await Promise.all([p.waitForEvent('download'), images.getByTestId('download-all-images').click()]);
    expect(download.suggestedFilename()).toBe(`container_${container.id}_images.zip`);
    expect(await takeToast(p)).toBe('Download started\nAll images are being downloaded');

    await images.getByTestId('gallery-open').nth(1).click();
    expect(await viewerTitle(p)).toBe('Image 2 of 2');
    await p.keyboard.press('Escape');
  });
});

describe('/documents', () => {
  it('lets the super admin upload (PDF, DOC, DOCX, TXT), download and delete; a shipper reads without the upload button', async () => {
    const p = adminSession.page;
    const total = await api.total('documents');
    await p.goto('/documents');
    if (total === 0) {
      await p.getByTestId('empty-state').waitFor();
      expect(await p.getByTestId('empty-state').innerText()).toContain('No documents yet.');
      await screenshot(p, 'files-documents-empty-en');
    }
    const input = p.getByTestId('upload-document-input').first();
    expect(await input.getAttribute('accept')).toBe('.pdf,.doc,.docx,.txt');
    await input.setInputFiles([pdf('shipping-guide.pdf', 4096), textFile('price-list.txt', 'Sedan 1200\nSUV 1500\n')]);
    expect(await takeToast(p)).toBe('Document uploaded');
    const table = p.getByTestId('documents-list');
    const row = table.getByRole('row').filter({ hasText: 'shipping-guide.pdf' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells[1]).toBe('4.00 KB');
    expect(cells[2]).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
    expect(cells[3]).toBe(admin().username);
    expect(await table.getByRole('row').filter({ hasText: 'price-list.txt' }).count()).toBe(1);
    await screenshot(p, 'files-documents-admin-en');

    const [download] = await Promise.all([p.waitForEvent('download'), row.getByTestId('download-document').click()]);
    expect(download.suggestedFilename()).toBe('shipping-guide.pdf');

    // A shipper sees the shared documents, downloads them, and has no upload or delete.
    const s = shipperSession.page;
    await s.goto('/documents');
    const shipperRow = s.getByTestId('documents-list').getByRole('row').filter({ hasText: 'shipping-guide.pdf' });
    await shipperRow.waitFor();
    expect(await s.getByTestId('upload-document').count()).toBe(0);
    expect(await shipperRow.getByTestId('delete-button').count()).toBe(0);
    const [shipperDownload] = await Promise.all([s.waitForEvent('download'), shipperRow.getByTestId('download-document').click()]);
    expect(shipperDownload.suggestedFilename()).toBe('shipping-guide.pdf');
    await screenshot(s, 'files-documents-shipper-en');

    // A file the server refuses names itself.
    await input.setInputFiles(textFile('page.txt', '<html><body>hi</body></html>'));
    const refused = await takeToast(p);
    expect(refused).toContain('Failed to upload document');
    expect(refused).toContain('Failed to upload file: page.txt');

    for (const name of ['shipping-guide.pdf', 'price-list.txt']) {
      await table.getByRole('row').filter({ hasText: name }).getByTestId('delete-button').click();
      await p.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      expect(await takeToast(p)).toBe('Document deleted');
      await table.getByRole('row').filter({ hasText: name }).waitFor({ state: 'detached' });
    }
  });
});

describe('in Arabic', () => {
  it('reads right to left: gallery, viewer, documents, container files and /documents', async () => {
    const vehicle = await createVehicle(api, { companyId: company.id });
    const container = await createContainer(api, { companyId: company.id, shipperId: shipper.id });
    const { context, page: p } = await newPage(browser, { language: 'ar' });
    try {
      await signInWithSession(p, shipper.username, shipper.password);
      await p.goto(`/vehicles/${vehicle.id}/edit`);
      expect(await p.locator('html').getAttribute('dir')).toBe('rtl');
      const section = p.getByTestId('section-images');
      await section.getByTestId('no-images').waitFor();
      expect(await section.innerText()).toContain('لا توجد صور بعد.');
      expect(await p.getByTestId('section-documents').innerText()).toContain('لم يتم العثور على مستندات.');
      await screenshot(p, 'files-vehicle-empty-ar');
      await section.getByTestId('upload-images-input').setInputFiles([red, blue]);
      await takeToast(p);
      await p.getByTestId('section-documents').getByTestId('upload-documents-input').setInputFiles(pdf('عقد-البيع.pdf', 2048));
      await takeToast(p);
      expect(await p.getByTestId('document-size').innerText()).toBe('2.00 كيلوبايت');
      await screenshot(p, 'files-vehicle-images-ar');

      await section.getByTestId('gallery-open').first().click();
      expect(await viewerTitle(p)).toBe('الصورة 1 من 2');
      // In a right-to-left page the left arrow goes forward.
      await p.keyboard.press('ArrowLeft');
      expect(await viewerTitle(p)).toBe('الصورة 2 من 2');
      await p.getByTestId('viewer-previous').click();
      expect(await viewerTitle(p)).toBe('الصورة 1 من 2');
      await screenshot(p, 'files-viewer-ar');
      await p.keyboard.press('Escape');

      const [download] = await Promise.all([p.waitForEvent('download'), section.getByTestId('download-all-images').click()]);
      expect(download.suggestedFilename()).toBe(`vehicle_${vehicle.id}_images.zip`);
      expect(await takeToast(p)).toContain('بدأ التنزيل');

      await p.goto(`/containers/${container.id}`);
      await p.getByTestId('section-images').getByTestId('no-images').waitFor();
      await screenshot(p, 'files-container-ar');

      await p.goto('/documents');
      await p.getByText('ملفات مشتركة مع شركات الشحن', { exact: false }).waitFor();
      await screenshot(p, 'files-documents-shipper-ar');
    } finally {
      await context.close();
    }
    const { context: adminContext, page: a } = await newPage(browser, { language: 'ar' });
    try {
      await signInWithSession(a, admin().username, admin().password);
      await a.goto('/documents');
      await a.getByTestId('upload-document').first().waitFor();
      await screenshot(a, 'files-documents-admin-ar');
    } finally {
      await adminContext.close();
    }
  });
});
