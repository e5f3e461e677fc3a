/**
 * Money in integer minor units (halalas, cents): never binary floating point (DESIGN.md §5).
 * total = price + round(price × tax / 100), rounding half away from zero.
 */
const MONEY = /^\d{1,13}(\.\d{1,2})?$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** "19999.99" or 19999.99 → 1999999; null when not a non-negative amount with at most 2 decimals. */
export function toMinorUnits(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (!MONEY.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A percentage from 0 to 100 with at most 2 decimals, in hundredths of a percent (15 → 1500). */
export function toBasisPoints(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (!PERCENT.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** Tax in minor units: round(price × rate), computed exactly in BigInt. */
export function taxMinorUnits(priceMinor: number, basisPoints: number): number {
  const product = BigInt(priceMinor) * BigInt(basisPoints);
  return Number((product + 5_000n) / 10_000n);
}

export function invoiceTotals(priceMinor: number, basisPoints: number) {
  const tax = taxMinorUnits(priceMinor, basisPoints);
  return { salePrice: priceMinor, taxAmount: tax, totalAmount: priceMinor + tax };
}

/** 2299999 → "22999.99". */
export function formatMinorUnits(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * 2299999 → "22,999.99": thousands separated, always 2 decimals, Latin digits, as accountants read
 * amounts (exact, no floating point). The PDF and the console print amounts with it.
 */
export function formatAmount(minor: number): string {
  const text = formatMinorUnits(minor);
  const negative = text.startsWith('-');
  const [whole, fraction] = (negative ? text.slice(1) : text).split('.');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
