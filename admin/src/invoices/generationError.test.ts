import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import en from '../i18n/en';
import { generationErrorMessage, generationFieldErrors } from './generationError';

const translate = (key: string) =>
  key.split('.').reduce<any>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), en) ?? key;

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
