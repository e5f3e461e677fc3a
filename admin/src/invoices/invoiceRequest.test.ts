import { describe, expect, it } from 'vitest';
import { SELLER_FIELDS, invoiceRequest, sellerFormValues } from './invoiceRequest';

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
