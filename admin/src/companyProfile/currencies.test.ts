import { describe, expect, it } from 'vitest';
import { currencyChoices, currencyName, isCurrencyCode, normaliseCurrency } from './currencies';

describe('the currency choices of the invoice profile', () => {
  it('offers USD, SAR and AED first, then every other code once, A to Z', () => {
    expect(currencyChoices(['EUR', 'AED', 'usd', 'GBP', 'SAR', 'EUR', 'BHD'])).toEqual(['USD', 'SAR', 'AED', 'BHD', 'EUR', 'GBP']);
    const all = currencyChoices();
    expect(all.slice(0, 3)).toEqual(['USD', 'SAR', 'AED']);
    expect(all).toContain('GBP');
    expect(all).not.toContain('KWD'); // three decimals: invoices count in hundredths
    expect(new Set(all).size).toBe(all.length);
  });

  it('still offers the usual three where the engine lists no currencies', () => {
    expect(currencyChoices([])).toEqual(['USD', 'SAR', 'AED']);
  });

  it('accepts the codes the API accepts, typed in any case', () => {
    expect(normaliseCurrency(' sar ')).toBe('SAR');
    expect(isCurrencyCode('aed')).toBe(true);
    expect(isCurrencyCode('omr')).toBe(false);
    expect(isCurrencyCode('JPY')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
    expect(isCurrencyCode('SA')).toBe(false);
    expect(isCurrencyCode('SAR1')).toBe(false);
    expect(isCurrencyCode('$')).toBe(false);
    expect(isCurrencyCode(null)).toBe(false);
  });

  it('names a currency in the page language', () => {
    expect(currencyName('SAR', 'en')).toMatch(/Saudi/);
    expect(currencyName('SAR', 'ar')).toMatch(/[\u0600-\u06FF]/);
  });
});
