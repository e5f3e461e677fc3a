import { describe, expect, it } from 'vitest';
import { invoiceDownloadName, invoiceFileName, todayIso } from './fileName';
import { formatInvoiceDate } from './invoiceDate';

describe('invoice file names', () => {
  it('names every flow <number>-<buyer>.pdf, so two invoices of one day never collide', () => {
    expect(invoiceFileName('INV-2026-000123', 'Ahmed Al Harbi')).toBe('INV-2026-000123-Ahmed-Al-Harbi.pdf');
    expect(invoiceDownloadName({ id: 7, invoiceNumber: 'INV-2026-000123', buyerName: 'Gulf Motors' })).toBe('INV-2026-000123-Gulf-Motors.pdf');
    expect(invoiceDownloadName({ id: 8, invoiceNumber: 'INV-2026-000124', buyerName: 'Gulf Motors' })).toBe('INV-2026-000124-Gulf-Motors.pdf');
    expect(invoiceDownloadName({ id: 9, invoiceNumber: '', buyerName: null })).toBe('invoice-9.pdf');
  });

  it('trims the buyer and makes one hyphen of a run of spaces or a tab', () => {
    expect(invoiceFileName('INV-2026-000001', '  Gulf   Motors  ')).toBe('INV-2026-000001-Gulf-Motors.pdf');
    expect(invoiceFileName('INV-2026-000001', 'Gulf\tMotors')).toBe('INV-2026-000001-Gulf-Motors.pdf');
  });

  it('keeps Arabic names and leaves out what a file name cannot hold', () => {
    expect(invoiceFileName('INV-2026-000001', 'شركة الخليج')).toBe('INV-2026-000001-شركة-الخليج.pdf');
    expect(invoiceFileName('INV-2026-000001', 'A/B: "Motors"?')).toBe('INV-2026-000001-AB-Motors.pdf');
    expect(invoiceFileName('INV-2026-000001', '\u202Egpj.exe')).toBe('INV-2026-000001-gpj.exe.pdf');
    expect(invoiceFileName('INV-2026-000001', '   ')).toBe('INV-2026-000001.pdf');
    expect(invoiceFileName('INV-2026-000001', '...')).toBe('INV-2026-000001.pdf');
  });

  it('cuts a long buyer name to 80 characters', () => {
    expect(invoiceFileName('INV-2026-000001', 'م'.repeat(200))).toBe(`INV-2026-000001-${'م'.repeat(80)}.pdf`);
  });

  it("defaults the date to today in the user's time zone, as yyyy-MM-dd", () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(todayIso(new Date(2026, 11, 31, 0, 1))).toBe('2026-12-31');
  });
});

describe('invoice dates in the list', () => {
  it("reads 'MMM dd, yyyy', the same calendar day in every time zone", () => {
    expect(formatInvoiceDate('2026-03-01', 'en')).toBe('Mar 01, 2026');
    expect(formatInvoiceDate('2026-12-31', 'en')).toBe('Dec 31, 2026');
    expect(formatInvoiceDate('2026-03-01', 'ar')).toMatch(/01/);
    expect(formatInvoiceDate('2026-03-01', 'ar')).toMatch(/2026/);
    expect(formatInvoiceDate(null, 'en')).toBe('');
  });
});
