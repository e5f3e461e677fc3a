import { afterEach, describe, expect, it, vi } from 'vitest';
import { manufacturerFromVin, modelYearFromVin, WMI_MANUFACTURERS } from '../../src/domain/wmi';
import { BUNDLED_MAKES } from '../../src/services/vin/bundledMakes';

/** A VIN with the given characters in position 7 and position 10 (the rest from a 2003 Accord). */
const withCodes = (position7: string, position10: string) => `1HGCM8${position7}63${position10}A004352`;

describe('the offline WMI table', () => {
  const entries = Object.entries(WMI_MANUFACTURERS);

  it('has at least 300 entries and cannot be changed', () => {
    expect(entries.length).toBeGreaterThanOrEqual(300);
    expect(Object.isFrozen(WMI_MANUFACTURERS)).toBe(true);
  });

  it('keys are three characters of the VIN alphabet (no I, O or Q)', () => {
    for (const [wmi] of entries) expect(wmi, wmi).toMatch(/^[0-9A-HJ-NPR-Z]{3}$/);
  });

  it('values are upper-case, trimmed and non-empty', () => {
    for (const [wmi, make] of entries) {
      expect(make.trim(), wmi).not.toBe('');
      expect(make, wmi).toBe(make.trim());
      expect(make, wmi).toBe(make.toUpperCase());
    }
  });
});

describe('manufacturerFromVin', () => {
  it.each([
    ['4T1BF1FK5CU123456', 'TOYOTA'], // Camry, Kentucky
    ['1HGCM82633A004352', 'HONDA'], // Accord, Ohio
    ['1FAFP53U74A123456', 'FORD'], // Taurus
    ['5YJ3E1EA7JF006588', 'TESLA'], // Model 3
    ['WBA3A5C51CF256551', 'BMW'], // 3 Series
    ['WDDGF4HB1CR123456', 'MERCEDES-BENZ'], // C-Class
    ['KMHD84LF0HU000001', 'HYUNDAI'], // Elantra
    ['1N4AL3AP5JC100001', 'NISSAN'], // Altima
    ['1G1ZD5ST0JF000000', 'CHEVROLET'], // Malibu
    ['1C6RR7FT0KS643289', 'RAM'], // Ram 1500
    ['1C4RJFAG5FC000000', 'JEEP'], // Grand Cherokee
    ['5XYPG4A30HG000000', 'KIA'], // Sorento, Georgia
    ['KMUHCESC5SU301992', 'GENESIS'], // GV80
    ['JTHBA1D20K5000000', 'LEXUS'], // IS
    ['JM1BL1SF0A1000000', 'MAZDA'], // Mazda3
    ['4S4BSANC5J3000000', 'SUBARU'], // Outback
    ['3VWDB7AJ0HM000001', 'VOLKSWAGEN'], // Jetta, Puebla
    ['SALWR2RV0JA000000', 'LAND ROVER'], // Range Rover Sport
    ['7FCTGAAA1NN012345', 'RIVIAN'], // R1T
    ['1HD1KHM10FB600000', 'HARLEY DAVIDSON'],
  ])('%s is %s', (vin, make) => {
    expect(manufacturerFromVin(vin)).toBe(make);
  });

  it('reads lower-case and padded input', () => {
    expect(manufacturerFromVin('  5yj3e1ea7jf006588 ')).toBe('TESLA');
    expect(manufacturerFromVin('wba')).toBe('BMW');
  });

  it('is null for an unknown WMI or input shorter than three characters', () => {
    expect(manufacturerFromVin('AAA00000000000000')).toBeNull();
    expect(manufacturerFromVin('WB')).toBeNull();
    expect(manufacturerFromVin('')).toBeNull();
  });
});

describe('modelYearFromVin', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('A is 2010 with a letter in position 7 and 1980 with a digit', () => {
    expect(modelYearFromVin(withCodes('F', 'A'))).toBe(2010);
    expect(modelYearFromVin(withCodes('2', 'A'))).toBe(1980);
  });

  it('9 is 2009', () => {
    expect(modelYearFromVin(withCodes('2', '9'))).toBe(2009);
    expect(modelYearFromVin(withCodes('F', '9'))).toBe(2009); // 2039 is later than next year
    expect(modelYearFromVin(withCodes('2', '1'))).toBe(2001);
  });

  it('L is 2020 and S is 2025 with a letter in position 7, 1990 and 1995 with a digit', () => {
    expect(modelYearFromVin(withCodes('F', 'L'))).toBe(2020);
    expect(modelYearFromVin(withCodes('F', 'S'))).toBe(2025);
    expect(modelYearFromVin(withCodes('2', 'L'))).toBe(1990);
    expect(modelYearFromVin(withCodes('2', 'S'))).toBe(1995);
  });

  it('decodes real VINs', () => {
    expect(modelYearFromVin('1HGCM82633A004352')).toBe(2003);
    expect(modelYearFromVin('5YJ3E1EA7JF006588')).toBe(2018);
    expect(modelYearFromVin('1C6RR7FT0KS643289')).toBe(2019);
    expect(modelYearFromVin('kmuhcesc5su301992')).toBe(2025);
  });

  it('never answers a year later than next calendar year: the earlier cycle instead', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T00:00:00Z'));
    expect(modelYearFromVin(withCodes('F', 'T'))).toBe(2026); // next year is allowed
    expect(modelYearFromVin(withCodes('F', 'V'))).toBe(1997); // 2027 is too late
    expect(modelYearFromVin(withCodes('F', 'Y'))).toBe(2000);
  });

  it('falls back on today’s clock too', () => {
    const codes = 'ABCDEFGHJKLMNPRSTVWXY123456789';
    const tooLate = new Date().getUTCFullYear() + 2;
    const index = tooLate - 2010;
    if (index < 0 || index >= codes.length) return; // outside the 2010–2039 cycle: nothing to check
    expect(modelYearFromVin(withCodes('F', codes.charAt(index)))).toBe(tooLate - 30);
  });

  it('is null for a character that is no year code', () => {
    for (const code of ['U', 'Z', '0', 'Q', 'I', 'O', '*']) {
      expect(modelYearFromVin(withCodes('F', code)), code).toBeNull();
      expect(modelYearFromVin(withCodes('2', code)), code).toBeNull();
    }
  });

  it('is null for input shorter than 10 characters', () => {
    expect(modelYearFromVin('1HGCM8263')).toBeNull();
    expect(modelYearFromVin('')).toBeNull();
  });
});

describe('the bundled make list', () => {
  it('has at least 250 upper-case names', () => {
    expect(BUNDLED_MAKES.length).toBeGreaterThanOrEqual(250);
    for (const make of BUNDLED_MAKES) {
      expect(make, make).toBe(make.toUpperCase());
      expect(make.trim(), make).toBe(make);
      expect(make, make).not.toBe('');
    }
  });

  it('contains every make of the WMI table', () => {
    const makes = new Set(BUNDLED_MAKES);
    const missing = [...new Set(Object.values(WMI_MANUFACTURERS))].filter((make) => !makes.has(make));
    expect(missing).toEqual([]);
  });

  it('is sorted and free of duplicates', () => {
    expect([...BUNDLED_MAKES]).toEqual([...BUNDLED_MAKES].sort());
    expect(new Set(BUNDLED_MAKES).size).toBe(BUNDLED_MAKES.length);
  });
});
