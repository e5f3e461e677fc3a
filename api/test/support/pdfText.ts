import bidiFactory from 'bidi-js';
import { pdfGlyphs, type Glyph } from '../../../test/support/pdf';

/**
 * Reading an invoice PDF as a reader sees it: every glyph with its box, as the PDF places it
 * (test/support/pdf.ts, pdfjs). A line of a table cell is rebuilt from its glyphs left to right,
 * in the order they stand on the page (visual order: an Arabic word's letters come right to left),
 * with a space where the page shows a gap between them.
 *
 * The reference is the Unicode bidirectional algorithm (UAX #9, bidi-js): a string typed in reading
 * order, broken into lines, must stand on the page as the algorithm orders each line. Comparing
 * the two checks every number's digits in their order, every space between words, and the order
 * of wrapped lines, without trusting any reader's guess at reading order.
 */
const bidi = bidiFactory();

export type Segment = { page: number; x0: number; x1: number; y: number; text: string };

/** A gap wider than this (points) between two glyphs is a space; Arabic letters that do not join leave less. */
const SPACE_GAP = 1.6;
/** A gap wider than this is another table cell. */
const CELL_GAP = 7;

const MARKS = /[\u064B-\u065F\u0670\u06D6-\u06ED]/g; // Arabic vowel marks: their order around a letter is the font's business
const CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const normalise = (s: string) => s.normalize('NFC').replace(CONTROLS, '').replace(MARKS, '').replace(/\s+/g, ' ').trim();

/** Every run of glyphs that stands on one line within one table cell, left to right. */
export async function pdfSegments(pdf: Buffer): Promise<Segment[]> {
  const rows: Glyph[][] = [];
  for (const word of (await pdfGlyphs(pdf)).sort((a, b) => a.page - b.page || (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2)) {
    const centre = (word.y0 + word.y1) / 2;
    const row = rows.find((r) => r[0].page === word.page && Math.abs((r[0].y0 + r[0].y1) / 2 - centre) < 3);
    if (row) row.push(word);
    else rows.push([word]);
  }
  const segments: Segment[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x0 - b.x0);
    let current: Segment | null = null;
    for (const word of row) {
      const gap = current ? word.x0 - current.x1 : Infinity;
      if (!current || gap > CELL_GAP) {
        current = { page: word.page, x0: word.x0, x1: word.x1, y: (word.y0 + word.y1) / 2, text: word.text };
        segments.push(current);
      } else {
        current.text += (gap > SPACE_GAP ? ' ' : '') + word.text;
        current.x1 = Math.max(current.x1, word.x1);
      }
    }
  }
  return segments.map((s) => ({ ...s, text: normalise(s.text) }));
}

/** The paragraph direction UAX #9 gives a string (P2, P3): that of its first strong letter. */
export const directionOf = (text: string): 'ltr' | 'rtl' => {
  const first = /\p{L}/u.exec(text)?.[0];
  return first && /[\p{Script=Arabic}\p{Script=Hebrew}]/u.test(first) ? 'rtl' : 'ltr';
};

/** How UAX #9 shows the characters from `start` to `end` (inclusive) of a paragraph as one line, left to right. */
function visualLine(text: string, levels: ReturnType<typeof bidi.getEmbeddingLevels>, start: number, end: number): string {
  const chars = text.split('');
  for (const [from, to] of bidi.getReorderSegments(text, levels, start, end)) {
    chars.splice(from, to - from + 1, ...chars.slice(from, to + 1).reverse());
  }
  return normalise(chars.slice(start, end + 1).join(''));
}

/** A line as the page shows it (left to right) put back in reading order: UAX #9 undoes its own reordering. */
function readingOrder(shown: string): string {
  const levels = bidi.getEmbeddingLevels(shown, directionOf(shown));
  return visualLine(shown, levels, 0, shown.length - 1);
}

/**
 * Each page's text, as a reader copies it: its lines from the top, a line's cells left to right
 * (two spaces apart), each cell in reading order.
 */
export async function pdfPageTexts(pdf: Buffer): Promise<string[]> {
  const pages: string[] = [];
  let line: Segment[] = [];
  const flush = () => {
    if (!line.length) return;
    const page = line[0].page;
    while (pages.length < page) pages.push('');
    pages[page - 1] += `${line.map((s) => readingOrder(s.text)).join('  ')}\n`;
    line = [];
  };
  for (const segment of await pdfSegments(pdf)) {
    if (line.length && (segment.page !== line[0].page || Math.abs(segment.y - line[0].y) >= 3)) flush();
    line.push(segment);
  }
  flush();
  return pages;
}

/** The whole text, pages apart by a form feed. */
export const pdfText = async (pdf: Buffer) => (await pdfPageTexts(pdf)).join('\f');

/**
 * Where `text` (reading order) stands in the PDF: the lines (segments, top to bottom, in one
 * column) that show it as UAX #9 orders each line, broken at spaces. Null when no run of lines does.
 */
export function findParagraph(segments: Segment[], text: string, maxLines = 4): Segment[] | null {
  const paragraph = text.normalize('NFC');
  const levels = bidi.getEmbeddingLevels(paragraph, directionOf(paragraph));
  const breaks = [...paragraph.matchAll(/ /g)].map((m) => m.index!);
  const below = (upper: Segment) =>
    segments.filter((s) => s.page === upper.page && s.y > upper.y + 3 && s.y < upper.y + 22 && s.x0 < upper.x1 + 40 && s.x1 > upper.x0 - 40);

  const match = (start: number, candidates: Segment[], linesLeft: number): Segment[] | null => {
    const ends = [...breaks.filter((b) => b > start).map((b) => b - 1), paragraph.length - 1];
    for (const end of ends) {
      const line = visualLine(paragraph, levels, start, end);
      for (const segment of candidates.filter((s) => s.text === line)) {
        if (end === paragraph.length - 1) return [segment];
        if (linesLeft > 1) {
          const rest = match(end + 2, below(segment), linesLeft - 1);
          if (rest) return [segment, ...rest];
        }
      }
    }
    return null;
  };
  return match(0, segments, maxLines);
}
