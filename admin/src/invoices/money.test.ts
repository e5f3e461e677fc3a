import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY, amountMinorUnits, computeInvoiceAmounts, currencyCode, formatAmount, formatKilobytes, formatMinorAmount, formatMoney } from './money';

describe('the invoice total (salePrice + salePrice × tax / 100, in cents)', () => {
  it('adds the tax to the sale price', () => {
    expect(computeInvoiceAmounts('10000', '15')).toEqual({ salePrice: 1_000_000, taxAmount: 150_000, totalAmount: 1_150_000 });
    expect(computeInvoiceAmounts(12500.5, 5)).toEqual({ salePrice: 1_250_050, taxAmount: 62_503, totalAmount: 1_312_553 });
  });

  it('is exact where floating point is not (0.1 + 0.2, 19.99 × 3 %)', () => {
    expect(computeInvoiceAmounts('0.10', '200')).toBeNull(); // more than 100 %
    expect(computeInvoiceAmounts('0.30', '')?.totalAmount).toBe(30);
    expect(computeInvoiceAmounts('19.99', '3')?.taxAmount).toBe(60); // 59.97 cents, rounded half up
    expect(computeInvoiceAmounts('1.15', '50')?.taxAmount).toBe(58); // 57.5 → 58, where 1.15 * 0.5 in floats is 0.575 → 0.57
    expect(formatMoney(computeInvoiceAmounts('99999.99', '15')!.totalAmount, 'SAR')).toBe('114,999.99 SAR');
  });

  it('treats an empty tax as 0 (the page form starts without tax)', () => {
    expect(computeInvoiceAmounts('2500', '')).toEqual({ salePrice: 250_000, taxAmount: 0, totalAmount: 250_000 });
    expect(computeInvoiceAmounts('2500', null)?.totalAmount).toBe(250_000);
    expect(computeInvoiceAmounts('2500', undefined)?.totalAmount).toBe(250_000);
    expect(computeInvoiceAmounts(' 2500 ', ' 15 ')?.totalAmount).toBe(287_500);
  });

  it('has no total while the price is missing or an amount is invalid', () => {
    expect(computeInvoiceAmounts('', '15')).toBeNull();
    expect(computeInvoiceAmounts(undefined, '15')).toBeNull();
    expect(computeInvoiceAmounts('-5', '15')).toBeNull();
    expect(computeInvoiceAmounts('10.999', '15')).toBeNull();
    expect(computeInvoiceAmounts('1e3', '15')).toBeNull();
    expect(computeInvoiceAmounts('abc', '15')).toBeNull();
    expect(computeInvoiceAmounts('100', '100.01')).toBeNull();
    expect(computeInvoiceAmounts('100', '-1')).toBeNull();
    expect(computeInvoiceAmounts('100', '1.234')).toBeNull();
  });

  it('allows 0 and 100 %', () => {
    expect(computeInvoiceAmounts('0', '15')?.totalAmount).toBe(0);
    expect(computeInvoiceAmounts('100', '100')?.totalAmount).toBe(20_000);
  });
});

describe('money as shown', () => {
  it('has thousands separators, 2 decimals and the ISO 4217 code of the currency', () => {
    expect(formatMoney(0, 'USD')).toBe('0.00 USD');
    expect(formatMoney(5, 'SAR')).toBe('0.05 SAR');
    expect(formatMoney(115_000, 'AED')).toBe('1,150.00 AED');
    expect(formatMoney(12_345_678, 'SAR')).toBe('123,456.78 SAR');
    expect(formatMoney(123_456_789, 'EUR')).toBe('1,234,567.89 EUR');
    expect(formatMinorAmount(123_456_789)).toBe('1,234,567.89');
  });

  it('says USD when an invoice or a profile carries no currency (or not a code)', () => {
    expect(formatMoney(115_000)).toBe('1,150.00 USD');
    expect(formatMoney(115_000, null)).toBe('1,150.00 USD');
    expect(formatMoney(115_000, 'sar')).toBe('1,150.00 SAR');
    expect(formatMoney(115_000, '$')).toBe('1,150.00 USD');
    expect(currencyCode(' aed ')).toBe('AED');
    expect(currencyCode(undefined)).toBe(DEFAULT_CURRENCY);
  });

  it('reads the amounts of the API (numbers on SQLite, decimal strings on MySQL)', () => {
    expect(amountMinorUnits(1150)).toBe(115_000);
    expect(amountMinorUnits(1150.5)).toBe(115_050);
    expect(amountMinorUnits('1150.50')).toBe(115_050);
    expect(amountMinorUnits(null)).toBeNull();
    expect(formatAmount(11500)).toBe('11,500.00 USD');
    expect(formatAmount('123456.78', 'SAR')).toBe('123,456.78 SAR');
    expect(formatAmount(undefined)).toBe('—');
  });

  it('shows a file size in KB as bytes / 1024 with 2 decimals', () => {
    expect(formatKilobytes(1024)).toBe('1.00');
    expect(formatKilobytes(52_736)).toBe('51.50');
    expect(formatKilobytes(1000)).toBe('0.98');
    expect(formatKilobytes(undefined)).toBe('—');
  });
});
