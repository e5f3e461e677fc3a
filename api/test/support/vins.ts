import { vinCheckDigit } from '../../src/domain/vin';

let serial = 100000;
/** A VIN with a correct check digit: 8 characters, the digit, then 8 more (unique serial by default). */
export function validVin(first8 = '1HGCM826', last8?: string): string {
  const tail = last8 ?? `3A${String(serial++).padStart(6, '0')}`;
  const draft = `${first8}0${tail}`;
  return `${first8}${vinCheckDigit(draft)}${tail}`;
}
