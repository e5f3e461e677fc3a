import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import en from '../i18n/en';
import { SELLER_FIELDS, generationErrorMessage, generationFieldErrors, invoiceRequest, sellerFormValues } from './invoiceApi';

const translate = (key: string) =>
  key.split('.').reduce<any>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), en) ?? key;

describe('the invoice request', () => {
  it('sends trimmed text, null for empty optional buyer fields, and money as typed', () => {
    const request = invoiceRequest(
      {
        date: '2026-03-01',
        paymentMethod: 'cash',
        buyerName: '  Gulf Motors ',
        buyerAddress: '',
        buyerPhone: ' +966 55 ',
        buyerEmail: '',
        companyName: ' Gulf Star Auto Export ',
        companyNameAr: 'الخليج ستار لتصدير السيارات',
        companyAddress: '1 Harbor Road',
        companyCity: 'Jeddah',
        companyCountry: 'Saudi Arabia',
        sellerVatNumber: '300 000 000 000 003',
        salePrice: ' 12500.50 ',
        taxPercentage: '',
      },
      ['3', 4, 4],
    );
    expect(request).toStrictEqual({
      containerIds: [3, 4],
      date: '2026-03-01',
      paymentMethod: 'cash',
      buyerName: 'Gulf Motors',
      buyerAddress: null,
      buyerPhone: '+966 55',
      buyerEmail: null,
      companyName: 'Gulf Star Auto Export',
      companyNameAr: 'الخليج ستار لتصدير السيارات',
      companyAddress: '1 Harbor Road',
      companyCity: 'Jeddah',
      companyCountry: 'Saudi Arabia',
      sellerVatNumber: '300000000000003',
      salePrice: '12500.50',
      taxPercentage: null,
    });
  });

  it('sends the seller fields emptied on the form as blank (no VAT number: no tax invoice), and leaves out an empty name', () => {
    const request = invoiceRequest(
      {
        date: '2026-03-01',
        paymentMethod: 'wireTransfer',
        buyerName: 'Gulf Motors',
        companyName: '  ',
        companyNameAr: '',
        companyAddress: null,
        companyCity: '',
        companyCountry: undefined,
        sellerVatNumber: '',
        salePrice: '100',
        taxPercentage: '15',
      },
      [1],
    );
    const sent = JSON.parse(JSON.stringify(request));
    // The API takes the profile's name: an invoice always names its seller.
    expect(sent).not.toHaveProperty('companyName');
    for (const field of SELLER_FIELDS.filter((f) => f !== 'companyName')) expect(sent[field], field).toBeNull();
    expect(sent.taxPercentage).toBe('15');
  });
});

describe('the seller from the company profile', () => {
  it('gives every seller field of the form, empty where the profile has nothing', () => {
    expect(
      sellerFormValues({
        companyId: 7,
        companyName: 'Gulf Star Auto Export',
        companyNameAr: 'الخليج ستار',
        companyAddress: null,
        companyCity: 'Jeddah',
        companyCountry: 'Saudi Arabia',
        sellerVatNumber: '300000000000003',
        commercialRegistrationNumber: '4030000000',
        currency: 'SAR',
        hasLogo: true,
      }),
    ).toStrictEqual({
      companyName: 'Gulf Star Auto Export',
      companyNameAr: 'الخليج ستار',
      companyAddress: '',
      companyCity: 'Jeddah',
      companyCountry: 'Saudi Arabia',
      sellerVatNumber: '300000000000003',
    });
  });
});

describe('what a failed generation says', () => {
  const http = (status: number, body?: object) => new HttpError((body as any)?.message ?? 'x', status, body);

  it("shows the server's sentence, translated where the console knows it", () => {
    expect(generationErrorMessage(http(400, { code: 'validation.failed', message: 'Buyer name is required' }), translate)).toBe('Buyer name is required');
    expect(
      generationErrorMessage(http(400, { code: 'validation.failed', message: 'All containers of an invoice must belong to one company' }), translate),
    ).toBe(en.invoice.oneCompany);
    expect(generationErrorMessage(http(400, { code: 'validation.failed', message: 'Please select at least one container' }), translate)).toBe(
      'Please select at least one container',
    );
  });

  it("says 'Failed to generate invoice' when the server says nothing useful", () => {
    expect(generationErrorMessage(http(500, {}), translate)).toBe('Failed to generate invoice');
    expect(generationErrorMessage(http(500, { code: 'internal', message: 'Internal error' }), translate)).toBe('Failed to generate invoice');
    expect(generationErrorMessage(new Error('boom'), translate)).toBe('Failed to generate invoice');
  });

  it('puts field errors on the fields of the form, not on containerIds', () => {
    const error = http(400, { code: 'validation.failed', message: 'Invalid invoice: buyerEmail: must be a valid e-mail address', errors: { buyerEmail: 'must be a valid e-mail address' } });
    expect(generationErrorMessage(error, translate)).toBe(en.errors.validation.failed);
    expect(generationFieldErrors(error)).toEqual({ buyerEmail: 'must be a valid e-mail address' });
    expect(generationFieldErrors(http(400, { errors: { containerIds: 'must be of one company' } }))).toBeUndefined();
  });

  it("says the API's VAT rule in the page's language", () => {
    const error = http(400, {
      code: 'validation.failed',
      message: 'Invalid invoice: VAT number must be 15 digits for Saudi Arabia, starting and ending with 3',
      errors: { sellerVatNumber: 'VAT number must be 15 digits for Saudi Arabia, starting and ending with 3' },
    });
    expect(generationFieldErrors(error)).toEqual({ sellerVatNumber: 'companyProfile.vatSaudiInvalid' });
    expect(translate('companyProfile.vatSaudiInvalid')).toBe(en.companyProfile.vatSaudiInvalid);
  });
});
