/**
 * A number of things in Arabic words, the counted noun agreeing with the number as Arabic grammar
 * wants it (n2words gives the bare number, which cannot be right for every noun):
 * - 1 and 2 follow the noun: "ريال سعودي واحد", "ريالان سعوديان" (the noun's own dual);
 * - 3 to 10 take the gender opposite to the singular noun's, the noun in the genitive plural:
 *   "ثلاثة ريالات", "ثلاث هللات";
 * - 11 to 99: the noun in the accusative singular (tamyiz): "أحد عشر ريالاً", "ثلاث وثمانون هللة";
 *   in 11, 12 and 21 to 92 the ones agree with the noun, 13 to 19 and 23 to 99 go opposite;
 * - 100, 1,000 and their multiples: the noun in the genitive singular: "مائة ريال", "ثلاثة آلاف ريال";
 *   a dual before the noun loses its nun ("مائتا ريال", "ألفا ريال");
 * - a 1 or 2 after hundreds or thousands repeats the noun, as in "ألف ليلة وليلة": "مائة ريال وريال".
 * Thousands, millions and billions are themselves counted nouns (masculine), counted the same way:
 * "ثلاثة آلاف", "أحد عشر ألفاً", "مائة ألف". Nominative throughout (after "فقط").
 */
export type ArabicNoun = {
  gender: 'm' | 'f';
  /** Nominative/genitive singular, without tanween: after 100 and 1,000, and before واحد. */
  singular: string;
  /** Accusative singular (tamyiz of 11 to 99): "ريالاً سعودياً". */
  accusative: string;
  dual: string;
  /** The dual as the first term of a construct (before another noun): "ألفا". */
  dualConstruct?: string;
  /** The plural after 3 to 10: "ريالات سعودية". */
  plural: string;
  /** Where "one" is said after the noun ("ريال واحد"); never for thousands ("ألف"). */
  one?: string;
};

const SCALES: ArabicNoun[] = [
  { gender: 'm', singular: 'ألف', accusative: 'ألفاً', dual: 'ألفان', dualConstruct: 'ألفا', plural: 'آلاف' },
  { gender: 'm', singular: 'مليون', accusative: 'مليوناً', dual: 'مليونان', dualConstruct: 'مليونا', plural: 'ملايين' },
  { gender: 'm', singular: 'مليار', accusative: 'ملياراً', dual: 'ملياران', dualConstruct: 'مليارا', plural: 'مليارات' },
];

// Units 3 to 10 with a masculine noun (the feminine-looking form) and with a feminine noun.
const UNITS_FOR_MASCULINE = ['', '', '', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة', 'عشرة'];
const UNITS_FOR_FEMININE = ['', '', '', 'ثلاث', 'أربع', 'خمس', 'ست', 'سبع', 'ثماني', 'تسع', 'عشر'];
const TENS = ['', '', 'عشرون', 'ثلاثون', 'أربعون', 'خمسون', 'ستون', 'سبعون', 'ثمانون', 'تسعون'];
const HUNDREDS = ['', 'مائة', 'مائتان', 'ثلاثمائة', 'أربعمائة', 'خمسمائة', 'ستمائة', 'سبعمائة', 'ثمانمائة', 'تسعمائة'];

/** 3 to 10 before a plural noun of this gender. */
const unit = (n: number, gender: 'm' | 'f') => (gender === 'm' ? UNITS_FOR_MASCULINE : UNITS_FOR_FEMININE)[n];

/** 11 to 99, agreeing with a noun of this gender (the noun follows in the accusative). */
function elevenToNinetyNine(n: number, gender: 'm' | 'f'): string {
  const ones = n % 10;
  const tens = Math.floor(n / 10);
  if (tens === 1) {
    if (ones === 1) return gender === 'm' ? 'أحد عشر' : 'إحدى عشرة';
    if (ones === 2) return gender === 'm' ? 'اثنا عشر' : 'اثنتا عشرة';
    return `${unit(ones, gender)} ${gender === 'm' ? 'عشر' : 'عشرة'}`;
  }
  if (ones === 0) return TENS[tens];
  let first: string;
  if (ones === 1) first = gender === 'm' ? 'واحد' : 'إحدى';
  else if (ones === 2) first = gender === 'm' ? 'اثنان' : 'اثنتان';
  // ثمانٍ (written ثمان) when it stands alone before و, ثماني when a noun or عشرة follows.
  else if (ones === 8 && gender === 'f') first = 'ثمان';
  else first = unit(ones, gender);
  return `${first} و${TENS[tens]}`;
}

/** The hundreds of n; "construct" when the noun follows at once ("مائتا ريال"). */
const hundreds = (h: number, construct: boolean) => (h === 2 && construct ? 'مائتا' : HUNDREDS[h]);

/**
 * 1 to 999 of a noun. `construct`: another noun follows this one (ألف in "ثلاثة آلاف ريال"), so a
 * final accusative loses its tanween and a dual its nun.
 */
function countBelowThousand(n: number, noun: ArabicNoun, construct: boolean): string {
  const h = Math.floor(n / 100);
  const r = n % 100;
  const lead = h ? `${HUNDREDS[h]} و` : '';
  if (r === 0) return `${hundreds(h, true)} ${noun.singular}`;
  if (r <= 2) {
    const last = r === 1 ? (h || construct || !noun.one ? noun.singular : `${noun.singular} ${noun.one}`) : construct ? (noun.dualConstruct ?? noun.dual) : noun.dual;
    // "مائة ريال وريال": the noun is said after the hundreds and again with its 1 or 2.
    return h ? `${hundreds(h, true)} ${noun.singular} و${last}` : last;
  }
  if (r <= 10) return `${lead}${unit(r, noun.gender)} ${noun.plural}`;
  return `${lead}${elevenToNinetyNine(r, noun.gender)} ${construct ? noun.singular : noun.accusative}`;
}

/**
 * n (a whole number, 1 or more, below a trillion) of a noun, in Arabic words: each group of
 * thousands counted with its scale word, the noun after the last group.
 */
export function arabicCount(n: bigint, noun: ArabicNoun): string {
  if (n < 1n || n >= 10n ** 12n) throw new RangeError('arabicCount takes 1 to 999,999,999,999');
  const groups = [Number(n % 1000n), Number((n / 1000n) % 1000n), Number((n / 1000000n) % 1000n), Number(n / 1000000000n)];
  const tail = groups[0];
  const higher = groups.slice(1).some((g) => g > 0);
  // A 1 or 2 after thousands repeats the noun ("ألف ريال وريال"), as after hundreds.
  const nounAfterScales = tail === 0 || (higher && tail <= 2);
  const parts: string[] = [];
  for (let scale = 3; scale >= 1; scale--) {
    const g = groups[scale];
    if (!g) continue;
    // The last group before the noun: the scale word takes the noun in construct.
    const last = nounAfterScales && groups.slice(1, scale).every((x) => x === 0);
    parts.push(countBelowThousand(g, SCALES[scale - 1], last));
  }
  if (nounAfterScales) parts[parts.length - 1] += ` ${noun.singular}`;
  if (tail && nounAfterScales) parts.push(tail === 1 ? noun.singular : noun.dual);
  else if (tail) parts.push(countBelowThousand(tail, noun, false));
  return parts.join(' و');
}
