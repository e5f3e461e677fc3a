import { describe, expect, it } from 'vitest';
import { validateVin } from './vinValidation';

describe('validateVin', () => {
  it('accepts 17 letters and digits, in any case and with spaces around', () => {
    expect(validateVin('1HGCM82633A004352')).toBeUndefined();
    expect(validateVin(' 1hgcm82633a004352 ')).toBeUndefined();
  });

  it('asks for exactly 17 characters', () => {
    expect(validateVin('1HGCM82633A00435')).toBe('vehicles.vinLength');
    expect(validateVin('1HGCM82633A0043521')).toBe('vehicles.vinLength');
  });

  it('refuses I, O and Q, and anything but letters and digits', () => {
    expect(validateVin('1HGCM82633A00435O')).toBe('vehicles.vinLetters');
    expect(validateVin('1HGCM82633A00435-')).toBe('vehicles.vinCharacters');
  });

  it('leaves a blank VIN to the required check', () => {
    expect(validateVin('')).toBeUndefined();
    expect(validateVin(undefined)).toBeUndefined();
  });
});
