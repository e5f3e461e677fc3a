import { describe, expect, it } from 'vitest';
import { SAUDI_VAT_MESSAGE, VAT_NUMBER_MESSAGE, isSaudiArabia, vatNumberProblem } from '../../src/domain/vatNumber';
import { isCurrencyCode } from '../../src/domain/currency';

describe('Saudi Arabia, as a profile writes it', () => {
  it('knows the English and Arabic names and codes, trimmed and in any case', () => {
    for (const name of ['SA', 'sa', ' KSA ', 'ksa', 'Saudi Arabia', 'SAUDI ARABIA', 'saudi  arabia', 'Kingdom of Saudi Arabia', 'kingdom of saudi arabia', 'المملكة العربية السعودية', ' السعودية ']) {
      expect(isSaudiArabia(name), name).toBe(true);
    }
    for (const name of [null, undefined, '', 'S A', 'Saudi', 'UAE', 'United Arab Emirates', 'South Africa', 'Arabia', 'الإمارات']) {
      expect(isSaudiArabia(name), String(name)).toBe(false);
    }
  });
});

describe('vatNumberProblem', () => {
  const saudi = { country: 'Saudi Arabia', currency: 'SAR' };
  const elsewhere = { country: 'United Arab Emirates', currency: 'AED' };

  it('accepts no VAT number anywhere', () => {
    for (const empty of [null, undefined, '']) {
      expect(vatNumberProblem(empty, saudi)).toBeNull();
      expect(vatNumberProblem(empty, elsewhere)).toBeNull();
    }
  });

  it('wants 15 digits starting and ending with 3 in Saudi Arabia (ZATCA)', () => {
    expect(vatNumberProblem('300000000000003', saudi)).toBeNull();
    expect(vatNumberProblem('310122393500003', { country: 'KSA', currency: 'USD' })).toBeNull();
    for (const bad of ['30000000000003', '3000000000000003', '200000000000003', '300000000000002', '30000000000000A', 'ABCDE12345', '12345']) {
      expect(vatNumberProblem(bad, saudi), bad).toBe(SAUDI_VAT_MESSAGE);
      expect(vatNumberProblem(bad, { country: 'السعودية' }), bad).toBe(SAUDI_VAT_MESSAGE);
    }
    expect(SAUDI_VAT_MESSAGE).toBe('VAT number must be 15 digits for Saudi Arabia, starting and ending with 3');
  });

  it('checks any 15-digit number by the Saudi rule when the currency is SAR, whatever the country says', () => {
    expect(vatNumberProblem('123456789012345', { country: null, currency: 'SAR' })).toBe(SAUDI_VAT_MESSAGE);
    expect(vatNumberProblem('123456789012345', { country: 'Bahrain', currency: 'sar' })).toBe(SAUDI_VAT_MESSAGE);
    expect(vatNumberProblem('300000000000003', { country: null, currency: 'SAR' })).toBeNull();
    // Not 15 digits: another country's number invoiced in riyals.
    expect(vatNumberProblem('BH12345678', { country: 'Bahrain', currency: 'SAR' })).toBeNull();
    expect(vatNumberProblem('123456789012345', { country: 'Bahrain', currency: 'BHD' })).toBeNull();
  });

  it('wants 5 to 30 letters or digits elsewhere', () => {
    for (const good of ['12345', 'DE123456789', 'GB123456789', 'A'.repeat(30), '123456789012345']) expect(vatNumberProblem(good, elsewhere), good).toBeNull();
    for (const bad of ['1234', 'A'.repeat(31), 'DE 123456789', 'DE-123456789', 'ضريبة12345', '١٢٣٤٥٦']) {
      expect(vatNumberProblem(bad, elsewhere), bad).toBe(VAT_NUMBER_MESSAGE);
      expect(vatNumberProblem(bad, {}), bad).toBe(VAT_NUMBER_MESSAGE);
    }
  });
});

describe('isCurrencyCode', () => {
  it('knows ISO 4217 codes, upper-case only', () => {
    for (const code of ['USD', 'SAR', 'AED', 'EUR', 'QAR', 'GBP']) expect(isCurrencyCode(code), code).toBe(true);
    for (const code of ['usd', 'US', 'USDT', 'XYZ', 'ABC', '', 'JPY', 'KWD', 'OMR']) expect(isCurrencyCode(code), code).toBe(false);
  });
});
