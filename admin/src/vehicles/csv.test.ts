import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and one line per row, with a BOM for Arabic text', () => {
    const csv = toCsv([
      { VIN: '1HGCM82633A004352', Make: 'HONDA', Status: 'تم التحميل' },
      { VIN: 'JT2BF22K1Y0123456', Make: null, Status: 'Loaded' },
    ]);
    expect(csv).toBe('\uFEFFVIN,Make,Status\r\n1HGCM82633A004352,HONDA,تم التحميل\r\nJT2BF22K1Y0123456,,Loaded');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv([{ Notes: 'red, "clean"\nno keys' }])).toBe('\uFEFFNotes\r\n"red, ""clean""\nno keys"');
  });

  it('defuses cells that a spreadsheet would run as formulas', () => {
    expect(toCsv([{ Color: '=HYPERLINK("x")' }])).toBe('\uFEFFColor\r\n"\'=HYPERLINK(""x"")"');
  });

  it('gives only the BOM for no rows', () => {
    expect(toCsv([])).toBe('\uFEFF');
  });
});
