import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import ar from '../i18n/ar';
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

  it('have an Arabic label each, and no two fields share a label', () => {
    const fields = [...DETAIL_FIELDS, ...ELECTRIC_FIELDS, 'color'];
    for (const labels of [en.resources.vehicles.fields.vehicleInfo, ar.resources.vehicles.fields.vehicleInfo] as Record<string, string>[]) {
      expect(fields.filter((field) => !labels[field])).toEqual([]);
      expect(new Set(fields.map((field) => labels[field])).size).toBe(fields.length);
    }
  });

  it("include both readings' fields (SPEC.md §3): fuelType, transmission and bodyType beside the decoder's", () => {
    const fields: readonly string[] = DETAIL_FIELDS;
    for (const [field, other] of [
      ['fuelType', 'fuelTypePrimary'],
      ['transmission', 'transmissionStyle'],
      ['bodyType', 'bodyClass'],
    ]) {
      expect(fields).toContain(field);
      expect(Math.abs(fields.indexOf(field) - fields.indexOf(other))).toBe(1);
    }
  });
});
