import type { ArabicNoun } from './arabicCount';

/**
 * The Arabic noun forms of the currencies Gulf exporters invoice in, and of their minor units
 * (arabicCount.ts says which form each number takes). A non-human plural takes a feminine
 * singular adjective: "ريالات سعودية". هللة is feminine ("ثلاث هللات"); the others are masculine.
 */
const currency = (noun: string, acc: string, dual: string, plural: string, adjective: [string, string, string, string]): ArabicNoun => ({
  gender: 'm',
  singular: `${noun} ${adjective[0]}`,
  accusative: `${acc} ${adjective[1]}`,
  dual: `${dual} ${adjective[2]}`,
  plural: `${plural} ${adjective[3]}`,
  one: 'واحد',
});
const masculine = (singular: string, accusative: string, dual: string, plural: string): ArabicNoun => ({ gender: 'm', singular, accusative, dual, plural, one: 'واحد' });

const HALALA: ArabicNoun = { gender: 'f', singular: 'هللة', accusative: 'هللة', dual: 'هللتان', plural: 'هللات', one: 'واحدة' };
const FILS = masculine('فلس', 'فلساً', 'فلسان', 'فلوس');
const CENT = masculine('سنت', 'سنتاً', 'سنتان', 'سنتات');
const DIRHAM = masculine('درهم', 'درهماً', 'درهمان', 'دراهم');
const PIASTRE = masculine('قرش', 'قرشاً', 'قرشان', 'قروش');

export const ARABIC_CURRENCIES: Record<string, { major: ArabicNoun; minor: ArabicNoun }> = {
  SAR: { major: currency('ريال', 'ريالاً', 'ريالان', 'ريالات', ['سعودي', 'سعودياً', 'سعوديان', 'سعودية']), minor: HALALA },
  AED: { major: currency('درهم', 'درهماً', 'درهمان', 'دراهم', ['إماراتي', 'إماراتياً', 'إماراتيان', 'إماراتية']), minor: FILS },
  QAR: { major: currency('ريال', 'ريالاً', 'ريالان', 'ريالات', ['قطري', 'قطرياً', 'قطريان', 'قطرية']), minor: DIRHAM },
  USD: { major: currency('دولار', 'دولاراً', 'دولاران', 'دولارات', ['أمريكي', 'أمريكياً', 'أمريكيان', 'أمريكية']), minor: CENT },
  EGP: { major: currency('جنيه', 'جنيهاً', 'جنيهان', 'جنيهات', ['مصري', 'مصرياً', 'مصريان', 'مصرية']), minor: PIASTRE },
};
