import { VIN_LENGTH, normalizeVin } from '@domain/vin';

/**
 * The console's check of a typed VIN, with message keys (the API checks the same rules in
 * domain/vin.ts). Blank is left to required(): a VIN is required on both forms.
 */
export function validateVin(value: unknown): string | undefined {
  const vin = normalizeVin(String(value ?? ''));
  if (!vin) return undefined;
  if (vin.length !== VIN_LENGTH) return 'vehicles.vinLength';
  if (/[IOQ]/.test(vin)) return 'vehicles.vinLetters';
  if (!/^[A-Z0-9]+$/.test(vin)) return 'vehicles.vinCharacters';
  return undefined;
}
