import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import en from '../i18n/en';
import { generationErrorMessage, generationFieldErrors, invoiceRequest } from './invoiceApi';

const translate = (key: string) =>
  key.split('.').reduce<any>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), en) ?? key;

describe('the invoice request', () => {
  it('sends trimmed text, null for empty optional fields, and money as typed', () => {
    const request = invoiceRequest(
      {
        date: '2026-03-01',
        paymentMethod: 'cash',
        buyerName: '  Gulf Motors ',
        buyerAddress: '',
        buyerPhone: ' +966 55 ',
        buyerEmail: '',
        companyName: 'Vehicle Export Trading',
        companyAddress: '1 Harbor Road',
        companyCity: '',
        companyCountry: 'United States',
        sellerVatNumber: '',
        salePrice: ' 12500.50 ',
        taxPercentage: '',
      },
      ['3', 4, 4],
    );
    expect(request).toEqual({
      containerIds: [3, 4],
      date: '2026-03-01',
      paymentMethod: 'cash',
      buyerName: 'Gulf Motors',
      buyerAddress: null,
      buyerPhone: '+966 55',
      buyerEmail: null,
      companyName: 'Vehicle Export Trading',
      companyAddress: '1 Harbor Road',
      companyCity: null,
      companyCountry: 'United States',
      sellerVatNumber: null,
      salePrice: '12500.50',
      taxPercentage: null,
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
});
