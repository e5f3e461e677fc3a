import { CURRENCY_MESSAGE } from '@domain/currency';
import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, logoFileProblem, profileFieldErrors, profileFormValues, profilePayload } from './profile';
import { profilePathFor } from './paths';
import { commercialRegistrationError, fieldMessageKey, vatNumberError } from './vat';

describe('the invoice profile form', () => {
  it('starts from the company: empty text for what is not set, USD without a currency', () => {
    expect(profileFormValues({ id: 3, name: 'Gulf Star', legalNameEn: 'Gulf Star Auto Export LLC', legalNameAr: null, currency: 'sar' })).toEqual({
      legalNameEn: 'Gulf Star Auto Export LLC',
      legalNameAr: '',
      address: '',
      city: '',
      country: '',
      vatNumber: '',
      commercialRegistrationNumber: '',
      currency: 'SAR',
      invoiceTaxPercentage: '0',
      invoicePaymentMethod: 'wireTransfer',
    });
    expect(profileFormValues({ id: 3, name: 'New Co' }).currency).toBe('USD');
    expect(profileFormValues({ id: 3, name: 'New Co', invoiceTaxPercentage: 15, invoicePaymentMethod: 'cash' })).toMatchObject({ invoiceTaxPercentage: '15', invoicePaymentMethod: 'cash' });
  });

  it('sends the profile fields only, trimmed, empty as null (cleared), identifiers compact, the currency upper-case', () => {
    const payload = profilePayload({
      legalNameEn: '  Gulf Star Auto Export LLC ',
      legalNameAr: ' شركة نجمة الخليج لتصدير السيارات ',
      address: '',
      city: ' Jeddah',
      country: 'Saudi Arabia ',
      vatNumber: '300 000-000 000 003',
      commercialRegistrationNumber: ' 4030-123456 ',
      currency: ' sar ',
      invoiceTaxPercentage: ' 15 ',
      invoicePaymentMethod: 'cash',
      // what a form may hold beyond the profile is never sent
      ...({ name: 'Renamed', code: 'X', active: false } as object),
    });
    expect(payload).toStrictEqual({
      legalNameEn: 'Gulf Star Auto Export LLC',
      legalNameAr: 'شركة نجمة الخليج لتصدير السيارات',
      address: null,
      city: 'Jeddah',
      country: 'Saudi Arabia',
      vatNumber: '300000000000003',
      commercialRegistrationNumber: '4030-123456',
      currency: 'SAR',
      invoiceTaxPercentage: '15',
      invoicePaymentMethod: 'cash',
    });
    expect(profilePayload({}).currency).toBe('USD');
    expect(profilePayload({})).toMatchObject({ invoiceTaxPercentage: '0', invoicePaymentMethod: 'wireTransfer' });
  });

  it('puts the field errors of a 400 on the profile fields, in the page language where it knows them', () => {
    expect(
      profileFieldErrors({
        vatNumber: 'VAT number must be 15 digits for Saudi Arabia, starting and ending with 3',
        currency: CURRENCY_MESSAGE,
        city: 'must be at most 100 characters',
        name: 'is required',
      }),
    ).toEqual({ vatNumber: 'companyProfile.vatSaudiInvalid', currency: 'companyProfile.currencyInvalid', city: 'must be at most 100 characters' });
    expect(profileFieldErrors({ name: 'is required' })).toBeUndefined();
    expect(profileFieldErrors(undefined)).toBeUndefined();
    expect(fieldMessageKey('something else')).toBe('something else');
  });
});

describe('the VAT number rule (the API’s, domain/vatNumber.ts)', () => {
  const saudi = { country: 'Saudi Arabia', currency: 'SAR' };
  it('wants 15 digits starting and ending with 3 in Saudi Arabia', () => {
    expect(vatNumberError('300000000000003', saudi)).toBeUndefined();
    expect(vatNumberError('300 000 000 000 003', saudi)).toBeUndefined();
    expect(vatNumberError('300000000000004', saudi)).toBe('companyProfile.vatSaudiInvalid');
    expect(vatNumberError('30000000000003', saudi)).toBe('companyProfile.vatSaudiInvalid');
    expect(vatNumberError('123456', { country: 'المملكة العربية السعودية' })).toBe('companyProfile.vatSaudiInvalid');
    expect(vatNumberError('123456789012345', { country: '', currency: 'SAR' })).toBe('companyProfile.vatSaudiInvalid');
  });

  it('takes 5 to 30 letters or digits elsewhere, and nothing at all', () => {
    expect(vatNumberError('DE123456789', { country: 'Germany', currency: 'EUR' })).toBeUndefined();
    expect(vatNumberError('1234', { country: 'United Arab Emirates', currency: 'AED' })).toBe('companyProfile.vatInvalid');
    expect(vatNumberError('', saudi)).toBeUndefined();
    expect(vatNumberError(null, saudi)).toBeUndefined();
  });
});

describe('the logo file', () => {
  it('is a PNG, JPEG or WebP image of at most 2 MB', () => {
    expect(logoFileProblem({ name: 'logo.png', type: 'image/png', size: 50_000 })).toBeNull();
    expect(logoFileProblem({ name: 'logo.webp', type: 'image/webp', size: LOGO_MAX_BYTES })).toBeNull();
    expect(logoFileProblem({ name: 'logo.jpg', type: '', size: 1000 })).toBeNull(); // no type from the system: the name decides
    expect(logoFileProblem({ name: 'logo.gif', type: 'image/gif', size: 1000 })).toBe('companyProfile.logoWrongType');
    expect(logoFileProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 1000 })).toBe('companyProfile.logoWrongType');
    expect(logoFileProblem({ name: 'big.png', type: 'image/png', size: LOGO_MAX_BYTES + 1 })).toBe('companyProfile.logoTooLarge');
  });
});

describe('where the invoice profile is changed', () => {
  it('is the companies list’s page for a super admin, the menu’s page for an admin of that company, nowhere for others', () => {
    expect(profilePathFor({ role: 'SUPER_ADMIN', companyId: null }, 12)).toBe('/companies/12/settings');
    expect(profilePathFor({ role: 'COMPANY_ADMIN', companyId: 12 }, 12)).toBe('/company-settings');
    expect(profilePathFor({ role: 'COMPANY_ADMIN', companyId: 12 }, 13)).toBeUndefined();
    expect(profilePathFor({ role: 'SHIPPER', companyId: 12 }, 12)).toBeUndefined();
    expect(profilePathFor({ role: 'SUPER_ADMIN', companyId: null }, undefined)).toBeUndefined();
    expect(profilePathFor(null, 12)).toBeUndefined();
  });
});

describe('the commercial registration rule (the API’s, domain/commercialRegistration.ts)', () => {
  it('takes 1 to 30 Latin letters, digits or dashes, and says so in a message key otherwise', () => {
    for (const ok of ['1010010000', 'CR-4030-123456', '', null, undefined]) expect(commercialRegistrationError(ok), String(ok)).toBeUndefined();
    for (const bad of ['1010/0100', '١٠١٠٠١٠٠٠٠', 'x'.repeat(31)]) expect(commercialRegistrationError(bad), bad).toBe('companyProfile.crInvalid');
    expect(profileFieldErrors({ commercialRegistrationNumber: 'must be 1 to 30 letters, digits or dashes' })).toEqual({ commercialRegistrationNumber: 'companyProfile.crInvalid' });
  });
});
