import { describe, expect, it } from 'vitest';
import { PROFILE_DEFAULT_FIELDS, SELLER_FIELDS, invoiceRequest, offersTaxInvoiceChoice, profileDefaults } from './invoiceRequest';

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
      taxInvoice: false,
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

describe('the defaults from the company profile', () => {
  const profile = {
    companyId: 7,
    companyName: 'Gulf Star Auto Export',
    companyNameAr: 'الخليج ستار',
    companyAddress: null,
    companyCity: 'Jeddah',
    companyCountry: 'Saudi Arabia',
    sellerVatNumber: '300000000000003',
    commercialRegistrationNumber: '4030000000',
    currency: 'SAR',
    taxPercentage: '15',
    paymentMethod: 'cash' as const,
    hasLogo: true,
  };

  it('gives the seller, the VAT rate and the payment method, empty where the profile has nothing', () => {
    expect(profileDefaults(profile)).toStrictEqual({
      companyName: 'Gulf Star Auto Export',
      companyNameAr: 'الخليج ستار',
      companyAddress: '',
      companyCity: 'Jeddah',
      companyCountry: 'Saudi Arabia',
      sellerVatNumber: '300000000000003',
      taxPercentage: '15',
      paymentMethod: 'cash',
    });
    expect(PROFILE_DEFAULT_FIELDS).toEqual([...SELLER_FIELDS, 'taxPercentage', 'paymentMethod']);
  });

  it('starts at 0 % and wire transfer when an older API sends no defaults', () => {
    const { taxPercentage: _t, paymentMethod: _p, ...older } = profile;
    expect(profileDefaults(older)).toMatchObject({ taxPercentage: '0', paymentMethod: 'wireTransfer' });
  });
});

describe('the explicit tax invoice at 0 %', () => {
  const values = { date: '2026-11-26', paymentMethod: 'cash' as const, buyerName: 'B', salePrice: '100', sellerVatNumber: '300000000000003' };

  it('is offered only with a VAT number and no VAT charged', () => {
    expect(offersTaxInvoiceChoice({ taxPercentage: '0', sellerVatNumber: '300000000000003' })).toBe(true);
    expect(offersTaxInvoiceChoice({ taxPercentage: '', sellerVatNumber: '300000000000003' })).toBe(true);
    expect(offersTaxInvoiceChoice({ taxPercentage: '15', sellerVatNumber: '300000000000003' })).toBe(false);
    expect(offersTaxInvoiceChoice({ taxPercentage: '0', sellerVatNumber: ' ' })).toBe(false);
  });

  it('asks for a tax invoice only when the box is ticked where it is offered', () => {
    expect(invoiceRequest({ ...values, taxPercentage: '0', taxInvoice: true }, [1]).taxInvoice).toBe(true);
    expect(invoiceRequest({ ...values, taxPercentage: '0' }, [1]).taxInvoice).toBe(false);
    expect(invoiceRequest({ ...values, taxPercentage: '0', taxInvoice: true, sellerVatNumber: '' }, [1]).taxInvoice).toBe(false);
    expect(invoiceRequest({ ...values, taxPercentage: '15', taxInvoice: true }, [1]).taxInvoice).toBe(false);
  });
});
