import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiClient, admin, launchBrowser, newPage, openListRow, screenshot, searchAndPick, signIn, signInWithSession, takeToast, uniqueVin } from './support';
import { filesDir, textFile } from './fileHelpers';

/**
 * The import wizard (issue 31): a company administrator imports a CSV of vehicles from the
 * Vehicles list. The first file has a row error: the dry run shows it (line, column, message)
 * and the import cannot be confirmed; the fixed file imports, and its cars are in the list.
 * Once in English, once in Arabic (Arabic headings, an Arabic status label, right to left).
 * A super administrator picks the company of the rows that name none.
 */
let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.asAdmin();
});
afterAll(async () => {
  await browser?.close();
});

const csv = (rows: string[][]) => `\uFEFF${rows.map((row) => row.join(',')).join('\n')}\n`;

/** Opens the wizard from the list, chooses the file and waits for the dry run's answer. */
async function chooseFile(page: Page, file: string) {
  const dialog = page.getByTestId('import-dialog');
  const answered = page.waitForResponse((res) => res.url().includes('/import?') && res.url().includes('dryRun=true'));
  await dialog.getByTestId('import-file').setInputFiles(file);
  await answered;
  await dialog.getByTestId('import-counts').waitFor();
  return dialog;
}

async function importCycle(language: 'en' | 'ar') {
  const company = await api.createCompany(`Import Wizard ${language} Motors`);
  const admin = await api.createUser('COMPANY_ADMIN', company.id);
  const { context, page } = await newPage(browser, { language });
  try {
    await signIn(page, admin.username, admin.password);
    const [good, bad, later] = [uniqueVin(), uniqueVin(), uniqueVin()];
    const t =
      language === 'en'
        ? { headings: ['VIN', 'Make', 'Model', 'Year', 'Status'], status: 'Loaded', badStatus: 'Lost at sea', column: 'Status', message: 'Unknown status "Lost at sea"', blocked: 'fix the file', done: 'Import finished: 3 created' }
        : { headings: ['رقم الهيكل', 'الماركة', 'الطراز', 'السنة', 'الحالة'], status: 'تم التحميل', badStatus: 'ضائعة', column: 'الحالة', message: 'حالة غير معروفة "ضائعة"', blocked: 'صحّح الملف', done: 'اكتمل الاستيراد: أُنشئ 3' };
    const rows = (badStatus: string) => [t.headings, [good, 'Toyota', `Wizard${language}`, '2020', t.status], [bad, 'Honda', `Wizard${language}`, '2019', badStatus], [later, 'Nissan', `Wizard${language}`, '2021', '']];

    // The list is empty: its Import is beside Add; the template downloads with the page's headings.
    await page.goto('/vehicles');
    // Opened from the keyboard, once the list knows it is empty (the empty state replaces its toolbar).
    await page.getByTestId('empty-state').waitFor();
    await page.getByTestId('empty-state').getByTestId('import-button').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('import-dialog');
    await dialog.waitFor();
    const template = page.waitForEvent('download');
    await dialog.getByTestId(`import-template-${language}`).click();
    const templateText = readFileSync(await (await template).path(), 'utf8');
    expect(templateText.startsWith(`\uFEFF${language === 'en' ? 'VIN,Make' : 'رقم الهيكل (VIN),الشركة المصنِّعة'}`)).toBe(true);
    await screenshot(page, `import-wizard-${language}-1-choose`);

    // A file that is no sheet: the server's 415, in the page's language.
    const refused = page.waitForResponse((res) => res.url().includes('/import?') && res.status() === 415);
    await dialog.getByTestId('import-file').setInputFiles(textFile(`import-${language}.json`, '{}'));
    await refused;
    expect(await dialog.getByTestId('import-failure').innerText()).toBe(language === 'en' ? 'This file type is not supported' : 'نوع الملف هذا غير مدعوم');

    // A row with an unknown status: the dry run names line 3, its column and why; Import is disabled.
    await chooseFile(page, textFile(`import-${language}.csv`, csv(rows(t.badStatus))));
    expect(await dialog.getByTestId('import-counts').innerText()).toMatch(language === 'en' ? /Rows: 3[\s\S]*To create: 2/ : /الأسطر: 3[\s\S]*للإنشاء: 2/);
    // Each heading of the file over the field it fills (Make read as the Arabic alias الماركة).
    expect(await dialog.getByTestId('import-mapped-field').allInnerTexts()).toEqual(language === 'en' ? ['VIN', 'Make', 'Model', 'Year', 'Status'] : ['رقم الهيكل (VIN)', 'الشركة المصنِّعة', 'الطراز', 'السنة', 'الحالة']);
    expect(await dialog.getByTestId('import-preview').innerText()).toContain(good);
    const errorRow = dialog.getByTestId('import-errors').getByRole('row').filter({ hasText: t.message });
    expect(await errorRow.getByRole('cell').allInnerTexts()).toEqual(['3', t.column, expect.stringContaining(t.message)]);
    expect(await dialog.getByTestId('import-blocked').innerText()).toContain(t.blocked);
    expect(await dialog.getByTestId('import-confirm').isDisabled()).toBe(true);
    // The errors table downloads as a CSV.
    const errorsFile = page.waitForEvent('download');
    await dialog.getByTestId('download-errors').click();
    expect(readFileSync(await (await errorsFile).path(), 'utf8')).toContain(`3,${t.column},`);
    expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
    await screenshot(page, `import-wizard-${language}-2-errors`);

    // The file fixed and saved under its name, chosen again: no error; confirming imports it, shows a toast and the list.
    await dialog.getByTestId('import-again').click();
    await chooseFile(page, textFile(`import-${language}.csv`, csv(rows(t.status))));
    await dialog.getByTestId('import-ready').waitFor();
    expect(await dialog.getByTestId('import-confirm').innerText()).toContain(language === 'en' ? 'Import 3 rows' : 'استيراد 3 أسطر');
    await dialog.getByTestId('import-confirm').click();
    expect(await takeToast(page)).toContain(t.done);
    await dialog.waitFor({ state: 'detached' });
    for (const vin of [good, bad, later]) await openListRow(page, 'vehicles', vin);
    const row = await openListRow(page, 'vehicles', good);
    expect(await row.innerText()).toContain(language === 'en' ? 'Loaded' : 'تم التحميل');
    await page.goto('/vehicles');
    await screenshot(page, `import-wizard-${language}-3-imported`);
  } finally {
    await context.close();
  }
}

/**
 * A super administrator chooses the company of the rows that name none (the wizard's company
 * picker, `?companyId=`): the dry run and the import both go to it; the cars are that company's.
 */
async function superAdminImport(language: 'en' | 'ar') {
  const company = await api.createCompany(`Picked ${language} ${Date.now()} Motors`);
  const { context, page } = await newPage(browser, { language });
  try {
    await signIn(page, admin().username, admin().password);
    const vins = [uniqueVin(), uniqueVin()];
    const headings = language === 'en' ? ['VIN', 'Make', 'Model'] : ['رقم الهيكل', 'الماركة', 'الطراز'];
    await page.goto('/vehicles');
    await page.getByTestId('import-button').first().click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.waitFor();
    const picker = dialog.getByTestId('import-company');
    expect(await picker.innerText()).toContain(language === 'en' ? 'The company of the rows that do not name one' : 'شركة الأسطر التي لا تذكر شركة');
    await searchAndPick(picker.getByRole('combobox'), company.name, new RegExp(company.code));
    await screenshot(page, `import-wizard-${language}-4-super-admin-picks`);
    const checked = page.waitForResponse((res) => res.url().includes('/import?') && res.url().includes(`companyId=${company.id}`) && res.url().includes('dryRun=true'));
    await dialog.getByTestId('import-file').setInputFiles(textFile(`picked-${language}.csv`, csv([headings, [vins[0], 'Toyota', 'Land Cruiser'], [vins[1], 'Lexus', 'LX']])));
    await checked;
    await dialog.getByTestId('import-ready').waitFor();
    expect(await dialog.getByTestId('import-preview').innerText()).toContain(vins[1]);
    expect(await dialog.getByTestId('import-company-chosen').innerText()).toContain(company.name);
    expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
    await screenshot(page, `import-wizard-${language}-5-super-admin-checked`);
    // The count agrees with its noun in both languages (Arabic has a dual).
    expect(await dialog.getByTestId('import-confirm').innerText()).toContain(language === 'en' ? 'Import 2 rows' : 'استيراد سطرين');
    await dialog.getByTestId('import-confirm').click();
    expect(await takeToast(page)).toContain(language === 'en' ? 'Import finished: 2 created' : 'اكتمل الاستيراد: أُنشئ 2');
    for (const vin of vins) {
      const [vehicle] = await api.send<{ companyId: number }[]>('GET', `/vehicles?filter=${encodeURIComponent(JSON.stringify({ q: vin }))}`);
      expect(vehicle.companyId).toBe(company.id);
    }
  } finally {
    await context.close();
  }
}

/** An .xlsx file of the given rows, written where the browser can pick it. */
async function xlsxFile(name: string, rows: string[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Vehicles');
  for (const row of rows) sheet.addRow(row);
  const file = path.join(filesDir, name);
  writeFileSync(file, Buffer.from(await workbook.xlsx.writeBuffer()));
  return file;
}

/**
 * A company administrator imports into its own company: the wizard offers no company picker. An
 * .xlsx is previewed as a .csv is: its first rows under the field each heading fills.
 */
async function companyAdminXlsx(language: 'en' | 'ar') {
  const company = await api.createCompany(`Xlsx ${language} ${Date.now()} Motors`);
  const companyAdmin = await api.createUser('COMPANY_ADMIN', company.id);
  const { context, page } = await newPage(browser, { language });
  try {
    await signInWithSession(page, companyAdmin.username, companyAdmin.password);
    await page.goto('/vehicles');
    await page.getByTestId('empty-state').getByTestId('import-button').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.getByTestId('import-choose').waitFor();
    expect(await dialog.getByTestId('import-company').count()).toBe(0);
    const vin = uniqueVin();
    const file = await xlsxFile(`fleet-${language}.xlsx`, [['VIN', 'Make', 'Colour', 'Mileage'], [vin, 'Nissan', 'White', '120000']]);
    await chooseFile(page, file);
    await dialog.getByTestId('import-ready').waitFor();
    expect(await dialog.getByTestId('import-mapped-field').allInnerTexts()).toEqual(
      language === 'en' ? ['VIN', 'Make', 'Color', 'not imported'] : ['رقم الهيكل (VIN)', 'الشركة المصنِّعة', 'اللون', 'لا يُستورد'],
    );
    expect(await dialog.getByTestId('import-preview').innerText()).toContain(vin);
    await screenshot(page, `import-wizard-${language}-6-xlsx-preview`);
  } finally {
    await context.close();
  }
}

describe('the import wizard', () => {
  it('a super administrator picks the company the rows go to (English)', () => superAdminImport('en'));
  it('a super administrator picks the company the rows go to (Arabic, right to left)', () => superAdminImport('ar'));
  it('previews an .xlsx as a .csv, with no company picker for a company administrator (English)', () => companyAdminXlsx('en'));
  it('previews an .xlsx as a .csv, with no company picker for a company administrator (Arabic)', () => companyAdminXlsx('ar'));
  it('shows a file’s row error, then imports the fixed file into the list (English)', () => importCycle('en'));
  it('shows a file’s row error, then imports the fixed file into the list (Arabic, right to left)', () => importCycle('ar'));
});
