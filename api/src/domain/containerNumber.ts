/**
 * ISO 6346 container numbers: owner code (3 letters), category (U, J or Z), 6-digit serial and a
 * check digit. Many carriers' paperwork carries typos, so a wrong check digit is a warning only.
 */
const PATTERN = /^[A-Z]{3}[UJZ]\d{7}$/;

export const normalizeContainerNumber = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** Letter values skip multiples of 11 (A=10, B=12 … K=21, L=23 …). */
function letterValue(letter: string): number {
  let value = 10;
  for (let c = 'A'.charCodeAt(0); c < letter.charCodeAt(0); c++) {
    value++;
    if (value % 11 === 0) value++;
  }
  return value;
}

export function containerCheckDigit(number: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const c = number[i];
    const value = /\d/.test(c) ? Number(c) : letterValue(c);
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

export const isContainerCheckDigitValid = (number: string): boolean =>
  PATTERN.test(number) && Number(number[10]) === containerCheckDigit(number);

/** How many cars a container of this size usually takes; null when the size is not known. */
const CAPACITY: Record<string, number> = { '20FT': 2, '20': 2, '20GP': 2, '40FT': 4, '40': 4, '40GP': 4, '40HC': 4, '45HC': 6, '45': 6 };

export function containerCapacity(size: string | null | undefined): number | null {
  if (!size) return null;
  return CAPACITY[size.replace(/[\s'’-]/g, '').toUpperCase()] ?? null;
}
