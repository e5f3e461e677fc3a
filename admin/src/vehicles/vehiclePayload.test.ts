import { describe, expect, it } from 'vitest';
import { validateYear, vehicleFormValues, vehicleUpdatePayload, yearOrNull, yearProblem } from './vehiclePayload';

describe('vehicleUpdatePayload', () => {
  const values = {
    vin: ' 1hgcm82633a004352 ',
    make: ' HONDA ',
    model: 'Accord',
    year: '2003',
    notes: '   ',
    containerId: '',
    buyerId: 7,
    fromPortId: 2,
    toPortId: null,
    vehicleInfo: { color: 'Silver', trim: '', doors: '4', batteryType: null },
  };

  it('normalises the VIN, parses the year, drops empty vehicleInfo values and empty notes', () => {
    expect(vehicleUpdatePayload(values, { assignsContainer: true, choosesBuyer: true })).toEqual({
      vin: '1HGCM82633A004352',
      make: 'HONDA',
      model: 'Accord',
      year: 2003,
      notes: null,
      fromPortId: 2,
      toPortId: null,
      vehicleInfo: { color: 'Silver', doors: '4' },
      containerId: null,
      buyerId: 7,
    });
  });

  it('leaves the container and the buyer alone for roles that may not change them', () => {
    const body = vehicleUpdatePayload(values, { assignsContainer: false, choosesBuyer: false });
    expect(body).not.toHaveProperty('containerId');
    expect(body).not.toHaveProperty('buyerId');
  });
});

describe('year', () => {
  const now = new Date(Date.UTC(2026, 5, 1));
  it('accepts 1900 to next year, or nothing', () => {
    expect(yearProblem('1900', now)).toBeUndefined();
    expect(yearProblem(2027, now)).toBeUndefined();
    expect(yearProblem('', now)).toBeUndefined();
    expect(yearProblem(null, now)).toBeUndefined();
  });

  it('refuses other years and non-numbers', () => {
    expect(yearProblem(1899, now)).toBe('vehicles.yearInvalid');
    expect(yearProblem(2028, now)).toBe('vehicles.yearInvalid');
    expect(yearProblem('20x3', now)).toBe('vehicles.yearInvalid');
    expect(yearProblem(2003.5, now)).toBe('vehicles.yearInvalid');
  });

  it('is usable as a form validator, which gets the whole form as its second argument', () => {
    expect(validateYear(2003, { vin: 'X' } as never)).toBeUndefined();
    expect(validateYear(1800, { vin: 'X' } as never)).toBe('vehicles.yearInvalid');
  });

  it('parses to an integer or null', () => {
    expect(yearOrNull('2010')).toBe(2010);
    expect(yearOrNull('')).toBeNull();
    expect(yearOrNull(undefined)).toBeNull();
  });
});

describe('vehicleFormValues', () => {
  it('gives text inputs empty strings instead of null and copies vehicleInfo', () => {
    const vehicle = { id: 3, vin: 'V', make: null, model: null, year: null, notes: null, vehicleInfo: null };
    expect(vehicleFormValues(vehicle)).toMatchObject({ make: '', model: '', notes: '', year: null, vehicleInfo: {} });
  });
});
