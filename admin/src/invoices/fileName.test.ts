import { describe, expect, it } from 'vitest';
import { dialogInvoiceFileName, invoiceDownloadName, pageInvoiceFileName, todayIso } from './fileName';
import { formatInvoiceDate } from './invoiceDate';

describe('invoice file names', () => {
  it('saves a stored invoice under its number, so two invoices of one day never collide', () => {
    expect(invoiceDownloadName({ id: 7, invoiceNumber: 'INV-2026-000123', fileName: 'invoice-2026-03-01.pdf' })).toBe('INV-2026-000123.pdf');
    expect(invoiceDownloadName({ id: 8, invoiceNumber: 'INV-2026-000124', fileName: 'invoice-2026-03-01.pdf' })).toBe('INV-2026-000124.pdf');
    expect(invoiceDownloadName({ id: 9, invoiceNumber: '', fileName: 'invoice-2026-03-01.pdf' })).toBe('invoice-2026-03-01.pdf');
    expect(invoiceDownloadName({ id: 9 })).toBe('invoice-9.pdf');
  });

  it('names the page flow invoice-{date}.pdf', () => {
    expect(pageInvoiceFileName('2026-03-01')).toBe('invoice-2026-03-01.pdf');
  });

  it('names the dialog flow invoice-{buyer name with spaces as hyphens}-{date}.pdf', () => {
    expect(dialogInvoiceFileName('Ahmed Al Harbi', '2026-03-01')).toBe('invoice-Ahmed-Al-Harbi-2026-03-01.pdf');
    expect(dialogInvoiceFileName('Gulf Motors', '2026-12-31')).toBe('invoice-Gulf-Motors-2026-12-31.pdf');
  });

  it('trims the name and makes one hyphen of a run of spaces', () => {
    expect(dialogInvoiceFileName('  Gulf   Motors  ', '2026-03-01')).toBe('invoice-Gulf-Motors-2026-03-01.pdf');
    expect(dialogInvoiceFileName('Gulf\tMotors', '2026-03-01')).toBe('invoice-Gulf-Motors-2026-03-01.pdf');
  });

  it('keeps Arabic names and leaves out what a file name cannot hold', () => {
    expect(dialogInvoiceFileName('شركة الخليج', '2026-03-01')).toBe('invoice-شركة-الخليج-2026-03-01.pdf');
    expect(dialogInvoiceFileName('A/B: "Motors"?', '2026-03-01')).toBe('invoice-AB-Motors-2026-03-01.pdf');
    expect(dialogInvoiceFileName('   ', '2026-03-01')).toBe('invoice-2026-03-01.pdf');
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
