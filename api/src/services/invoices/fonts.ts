import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The invoice fonts, parsed once per thread and shared by every document it lays out.
 *
 * PDFKit opens each font anew for every document (`fontkit.create` on the file's bytes), and fontkit
 * decodes a font's OpenType tables (the GSUB/GPOS lookups above all) lazily on that object: every
 * invoice paid again for decoding the same tables, about two thirds of its layout time. Here each
 * font is parsed once, and PDFKit gets that parsed font back through fontkit's public
 * `registerFormat`: pdfmake reads the font "file" from its virtual file system, where each font is a
 * small token that only the format below accepts, and that format returns the parsed font. PDFKit
 * still wraps it in a font object of its own per document, with its own subset, so each PDF embeds
 * exactly the glyphs it shows.
 *
 * The parsed font also remembers the words it laid out (PDFKit does too, but per document), and the
 * glyph outlines it decoded for subsets (see below).
 */
const require = createRequire(import.meta.url);
// The fontkit instance PDFKit itself loads (pdfmake → pdfkit → fontkit), whatever the hoisting.
const fontkit = createRequire(createRequire(require.resolve('pdfmake')).resolve('pdfkit'))('fontkit') as {
  create(buffer: Uint8Array): FontkitFont;
  registerFormat(format: unknown): void;
};
type Position = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number };
type GlyphRun = { glyphs: unknown[]; positions: Position[] };
type Glyph = { codePoints: number[]; _decode(): unknown };
type FontkitFont = {
  layout(text: string, features?: unknown, ...rest: unknown[]): GlyphRun;
  getGlyph(id: number, codePoints?: number[]): Glyph | null;
};

/** Words kept per font, the least recently used dropped first: a few MB at most. */
const LAYOUTS_PER_FONT = 2000;

/**
 * `font.layout` remembering its runs by features and text: shaping a word (applying the GSUB/GPOS
 * features) is most of the rest of the layout time, and most words of an invoice (labels, makes,
 * models, colours, ports, amounts) come back from one invoice to the next. PDFKit scales a run's
 * positions in place, so each call gets its own copy (the glyph objects are fontkit's, shared anyway).
 */
function rememberLayouts(font: FontkitFont): FontkitFont {
  const layout = font.layout.bind(font);
  const runs = new Map<string, GlyphRun>();
  font.layout = (text, features, ...rest) => {
    if (rest.some((arg) => arg !== undefined)) return layout(text, features, ...rest);
    const key = features === undefined ? text : `${JSON.stringify(features)}\u0000${text}`;
    let run = runs.get(key);
    if (run) runs.delete(key);
    else {
      run = layout(text, features);
      if (runs.size >= LAYOUTS_PER_FONT) runs.delete(runs.keys().next().value!);
    }
    runs.set(key, run);
    const copy = Object.assign(Object.create(Object.getPrototypeOf(run)), run) as GlyphRun;
    copy.glyphs = run.glyphs.slice();
    copy.positions = run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({ xAdvance, yAdvance, xOffset, yOffset }));
    return copy;
  };
  return font;
}

/**
 * Glyphs that decode their outline once. fontkit keeps a font's glyph objects but decodes a glyph's
 * outline each time it is asked, and a document's subset asks for every glyph it embeds: a third of
 * the subsetting time. The outline is only read (these fonts have no variations to apply to it).
 * A kept glyph also keeps the code points it was first asked with, which PDFKit writes into each
 * PDF's text map; one first met as part of a composite glyph has none, so the first code points
 * given later are kept instead, or its text could not be copied from any later invoice.
 */
function rememberOutlines(font: FontkitFont): FontkitFont {
  const getGlyph = font.getGlyph.bind(font);
  const remembered = new WeakSet<Glyph>();
  font.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && codePoints?.length && !glyph.codePoints.length) glyph.codePoints = codePoints;
    if (glyph && !remembered.has(glyph)) {
      remembered.add(glyph);
      const decode = glyph._decode.bind(glyph);
      let outline: unknown;
      let decoded = false;
      glyph._decode = () => (decoded ? outline : ((decoded = true), (outline = decode())));
    }
    return glyph;
  };
  return font;
}

const roboto = path.dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));
const amiri = path.dirname(path.dirname(require.resolve('@expo-google-fonts/amiri/400Regular/Amiri_400Regular.ttf')));
const FILES = {
  Roboto: {
    normal: path.join(roboto, 'Roboto-Regular.ttf'),
    bold: path.join(roboto, 'Roboto-Medium.ttf'),
    italics: path.join(roboto, 'Roboto-Italic.ttf'),
    bolditalics: path.join(roboto, 'Roboto-MediumItalic.ttf'),
  },
  Amiri: {
    normal: path.join(amiri, '400Regular/Amiri_400Regular.ttf'),
    bold: path.join(amiri, '700Bold/Amiri_700Bold.ttf'),
    italics: path.join(amiri, '400Regular_Italic/Amiri_400Regular_Italic.ttf'),
    bolditalics: path.join(amiri, '700Bold_Italic/Amiri_700Bold_Italic.ttf'),
  },
};

/** Token → font file. A font is read and parsed the first time a document of the thread uses it. */
const tokens = new Map<Uint8Array, string>();
const parsed = new Map<string, FontkitFont>();
const parsedFont = (file: string) => {
  let font = parsed.get(file);
  if (!font) parsed.set(file, (font = rememberOutlines(rememberLayouts(fontkit.create(readFileSync(file))))));
  return font;
};
fontkit.registerFormat(
  class ParsedFont {
    // fontkit tries its own formats first: a token starts with bytes none of them accepts.
    static probe(buffer: Uint8Array) {
      return tokens.has(buffer);
    }
    // fontkit calls `new format(new DecodeStream(buffer))`; a constructor may return another object.
    constructor(stream: { buffer: Uint8Array }) {
      return parsedFont(tokens.get(stream.buffer)!);
    }
  },
);

/**
 * pdfmake's font definitions and the virtual files behind them: `{ Roboto: { normal: 'fonts/Roboto/normal', … } }`,
 * each virtual file the token of a parsed font. Made once per thread.
 */
export const invoiceFonts = (() => {
  const fonts: Record<string, Record<string, string>> = {};
  const files: Record<string, Uint8Array> = {};
  for (const [family, styles] of Object.entries(FILES)) {
    fonts[family] = {};
    for (const [style, file] of Object.entries(styles)) {
      const name = `fonts/${family}/${style}`;
      const token = new TextEncoder().encode(`vx-parsed-font:${name}`);
      tokens.set(token, file);
      fonts[family][style] = name;
      files[name] = token;
    }
  }
  return { fonts, files };
})();
