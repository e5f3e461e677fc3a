import { describe, expect, it } from 'vitest';
import { formatMinorUnits, invoiceTotals, toBasisPoints, toMinorUnits } from '../../src/domain/money';
import { decodeZatcaTlv, zatcaTlvBase64 } from '../../src/services/invoices/zatca';

describe('money in minor units', () => {
  it('parses amounts with at most 2 decimals and refuses the rest', () => {
    expect(toMinorUnits('19999.99')).toBe(1999999);
    expect(toMinorUnits(0.1)).toBe(10);
    expect(toMinorUnits('7')).toBe(700);
    for (const bad of ['-1', '1.234', 'abc', '', '1e5', Number.NaN]) expect(toMinorUnits(bad as string)).toBeNull();
  });
  it('parses tax from 0 to 100 with at most 2 decimals', () => {
    expect(toBasisPoints('15')).toBe(1500);
    expect(toBasisPoints(7.5)).toBe(750);
    expect(toBasisPoints('100')).toBe(10000);
    expect(toBasisPoints('100.01')).toBeNull();
  });
  it('computes total = price + round(price × tax / 100) exactly', () => {
    expect(invoiceTotals(1999999, 1500)).toEqual({ salePrice: 1999999, taxAmount: 300000, totalAmount: 2299999 });
    expect(invoiceTotals(10, 1500)).toEqual({ salePrice: 10, taxAmount: 2, totalAmount: 12 }); // 1.5 rounds up
    // 99,999,999,999.99 × 15% = 14,999,999,999.9985 → 15,000,000,000.00: exact on large sums.
    expect(invoiceTotals(9_999_999_999_999, 1500).taxAmount).toBe(1_500_000_000_000);
    expect(invoiceTotals(9_999_999_999_999, 1).taxAmount).toBe(1_000_000_000); // 0.01%: 999,999,999.9999 → 1,000,000,000 minor
    expect(formatMinorUnits(2299999)).toBe('22999.99');
    expect(formatMinorUnits(5)).toBe('0.05');
  });
});

describe('ZATCA QR payload', () => {
  it('encodes the five fields as TLV with UTF-8 byte lengths, in base64', () => {
    const fields = { sellerName: 'شركة الخليج', vatNumber: '300000000000003', timestamp: '2026-11-21T10:00:00.000Z', total: '22999.99', vatAmount: '3000.00' };
    const base64 = zatcaTlvBase64(fields);
    const bytes = Buffer.from(base64, 'base64');
    expect(bytes[0]).toBe(1);
    expect(bytes[1]).toBe(Buffer.byteLength('شركة الخليج', 'utf8')); // 21 bytes for 11 characters
    expect(bytes[1]).not.toBe('شركة الخليج'.length);
    expect(decodeZatcaTlv(base64)).toEqual(Object.values(fields));
  });
});
