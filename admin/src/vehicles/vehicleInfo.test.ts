import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import { DETAIL_FIELDS, ELECTRIC_FIELDS, cleanVehicleInfo, fillEmpty } from './vehicleInfo';

describe('cleanVehicleInfo', () => {
  it('drops empty values and trims the rest', () => {
    expect(cleanVehicleInfo({ color: ' Pearl White ', trim: '', doors: '   ', seats: null, batteryType: undefined })).toEqual({ color: 'Pearl White' });
  });

  it('keeps numbers as text and keys it does not know', () => {
    expect(cleanVehicleInfo({ doors: 4, displacement: 2.5, fuelType: 'Diesel' })).toEqual({ doors: '4', displacement: '2.5', fuelType: 'Diesel' });
  });

  it('gives an empty object for nothing, and drops nested objects', () => {
    expect(cleanVehicleInfo(null)).toEqual({});
    expect(cleanVehicleInfo(undefined)).toEqual({});
    expect(cleanVehicleInfo({ color: { name: 'red' }, trim: 'LX' } as Record<string, unknown>)).toEqual({ trim: 'LX' });
  });
});

describe('fillEmpty', () => {
  it('fills only the fields that are empty', () => {
    expect(fillEmpty({ make: 'HONDA', model: '', year: null }, { make: 'TOYOTA', model: 'Camry', year: '2020' })).toEqual({ model: 'Camry', year: '2020' });
    expect(fillEmpty(undefined, { trim: 'LE' })).toEqual({ trim: 'LE' });
  });
});

describe('vehicleInfo fields', () => {
  it('have an English label each', () => {
    const labels = en.resources.vehicles.fields.vehicleInfo as Record<string, string>;
    expect([...DETAIL_FIELDS, ...ELECTRIC_FIELDS, 'color'].filter((field) => !labels[field])).toEqual([]);
  });
});
