import { describe, expect, it } from 'vitest';
import { previewOf, templateCsv, toCsv } from './sheetFile';

describe('the import wizard’s sheet files', () => {
  it('writes templates in each language with a BOM, the Company column only for who may name one', () => {
    const en = templateCsv('vehicles', 'en', false);
    expect(en.startsWith('\uFEFFVIN,Make,Model,Year,Status,')).toBe(true);
    expect(en).not.toContain('Company');
    expect(templateCsv('vehicles', 'ar', true)).toContain('رقم الهيكل (VIN),');
    expect(templateCsv('vehicles', 'ar', true)).toContain('الشركة');
    expect(templateCsv('containers', 'en', false).split('\r\n')[0]).toBe('\uFEFFContainer number,Booking number,Size,Loading date,Arrival date,Seal number,Shipping line,Port of origin,Port of destination,Shipper');
  });

  it('maps English and Arabic headings to their fields, and leaves unknown ones unmapped', () => {
    const preview = previewOf('vehicles', { headings: ['رقم الهيكل', 'make', 'Colour', 'Mileage'], rows: [['JT1', 'Toyota', 'Red', '100']] });
    expect(preview.mapping.map((m) => m.column?.key ?? null)).toEqual(['vin', 'make', 'color', null]);
    expect(preview.rows).toEqual([['JT1', 'Toyota', 'Red', '100']]);
    expect(toCsv([['1', 'Line, with comma']])).toBe('\uFEFF1,"Line, with comma"\r\n');
  });
});
