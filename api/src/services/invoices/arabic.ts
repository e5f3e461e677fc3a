import bidiFactory from 'bidi-js';
import reshaper from 'arabic-persian-reshaper';

/**
 * pdfmake neither joins Arabic letters nor orders mixed text. So Arabic text is shaped first (each
 * letter replaced by its joined presentation form) and put in visual order with the Unicode
 * bidirectional algorithm, numbers and Latin words keeping their own order.
 *
 * One twist: PDFKit (fontkit) lays out a run of Arabic script right to left by itself, and pdfmake
 * hands it one word at a time. So `forPdf` keeps the visual order of runs but gives each run of
 * Arabic words back in reading order, glued with no-break spaces so pdfmake keeps the run whole;
 * the two reversals then meet in the right place.
 */
const bidi = bidiFactory();
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;

export const hasArabic = (text: string) => ARABIC.test(text);

export function visualArabic(text: string): string {
  if (!hasArabic(text)) return text;
  const shaped: string = reshaper.ArabicShaper.convertArabic(text);
  const levels = bidi.getEmbeddingLevels(shaped, 'rtl');
  const chars = [...shaped];
  // getReorderSegments works on UTF-16 indices; shaped Arabic stays in the BMP, so indices match.
  const mirrored = bidi.getMirroredCharactersMap(shaped, levels);
  mirrored.forEach((char: string, index: number) => (chars[index] = char));
  for (const [start, end] of bidi.getReorderSegments(shaped, levels)) {
    const segment = chars.slice(start, end + 1).reverse();
    chars.splice(start, end - start + 1, ...segment);
  }
  return chars.join('');
}

const ARABIC_RUN = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]+(?:[ \u00A0]+[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]+)*/g;

export function forPdf(text: string): string {
  if (!hasArabic(text)) return text;
  return visualArabic(text).replace(ARABIC_RUN, (run) => [...run.replace(/ /g, '\u00A0')].reverse().join(''));
}
