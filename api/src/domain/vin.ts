/**
 * VIN rules (ISO 3779): 17 characters of digits and letters without I, O and Q. Position 9 is a
 * check digit in North America only, so a mismatch is a warning, never a refusal.
 */
export const VIN_LENGTH = 17;
const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

export const normalizeVin = (vin: string) => vin.trim().toUpperCase();

/** Why a VIN is not acceptable, or null when it is. */
export function vinProblem(vin: string): string | null {
  if (vin.length !== VIN_LENGTH) return `VIN must be exactly ${VIN_LENGTH} characters`;
  if (/[IOQ]/.test(vin)) return 'VIN cannot contain the letters I, O or Q';
  if (!VIN_PATTERN.test(vin)) return 'VIN may contain only letters and digits';
  return null;
}

const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The expected check digit ('0'–'9' or 'X') of a well-formed VIN. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const c = vin[i];
    const value = c >= '0' && c <= '9' ? Number(c) : TRANSLITERATION[c] ?? 0;
    sum += value * WEIGHTS[i];
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

export const isVinCheckDigitValid = (vin: string): boolean => vinProblem(vin) === null && vin[8] === vinCheckDigit(vin);
