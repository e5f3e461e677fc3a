import { describe, expect, it } from 'vitest';
import { containerPayload, requiredContainerNumber } from './containerPayload';

describe('containerPayload', () => {
  it('trims texts, sends empty ones as null, ids as numbers and dates as ISO', () => {
    const body = containerPayload(
      {
        number: ' mscu 123456 5 ',
        bookingNumber: '  BK-1 ',
        containerSize: '40hc',
        loadingDate: '2026-03-01',
        arrivalDate: '',
        sealNumber: '   ',
        shippingLine: 'MSC',
        fromPortId: '3',
        toPortId: '',
        companyId: 9,
        shipperId: 4,
      },
      { chooseOwner: false },
    );
    expect(body).toEqual({
      number: 'MSCU1234565',
      bookingNumber: 'BK-1',
      containerSize: '40HC',
      loadingDate: '2026-03-01',
      arrivalDate: null,
      sealNumber: null,
      shippingLine: 'MSC',
      fromPortId: 3,
      toPortId: null,
    });
  });

  it('carries company and shipper only for a user who chooses them', () => {
    expect(containerPayload({ number: 'X', companyId: '9', shipperId: 4 }, { chooseOwner: true })).toMatchObject({ companyId: 9, shipperId: 4 });
  });
});

describe('the container number', () => {
  it("says 'Container number is required' for blanks only", () => {
    expect(requiredContainerNumber('   ')).toBe('containers.numberRequired');
    expect(requiredContainerNumber(undefined)).toBe('containers.numberRequired');
    expect(requiredContainerNumber('MSCU1234565')).toBeUndefined();
  });
});
