import { createCanvas } from '@napi-rs/canvas';
import { getDocument, OPS, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reading a PDF in the tests with npm packages only (pdfjs-dist, @napi-rs/canvas to draw):
 * every glyph with its box, the page count, the images a page draws, a page as PNG. The text as a
 * reader sees it is built from the glyphs in api/test/support/pdfText.ts.
 */

type Matrix = [number, number, number, number, number, number];
/** One glyph as it stands on the page: its box in points from the top left, its characters. */
export type Glyph = { page: number; x0: number; x1: number; y0: number; y1: number; text: string };

/** The transformation `first`, then `then` (PDF multiplies row vectors: first × then). */
const multiply = (m2: Matrix, m1: Matrix): Matrix => [ // m2 = first, m1 = then
  m1[0] * m2[0] + m1[2] * m2[1],
  m1[1] * m2[0] + m1[3] * m2[1],
  m1[0] * m2[2] + m1[2] * m2[3],
  m1[1] * m2[2] + m1[3] * m2[3],
  m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
  m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]];

type PdfGlyph = { unicode: string; width: number; isSpace: boolean; vmetric?: unknown } | null;

async function open(pdf: Uint8Array): Promise<PDFDocumentProxy> {
  // pdfjs takes ownership of the bytes it is given: hand it a copy.
  return getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
}

async function withDocument<T>(pdf: Uint8Array, read: (doc: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const doc = await open(pdf);
  try {
    return await read(doc);
  } finally {
    await doc.destroy();
  }
}

const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const MIRRORED: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{', '<': '>', '>': '<', '«': '»', '»': '«' };

/**
 * The glyphs of a page from its drawing operations, placed as PDF's text state places them
 * (text and line matrices, font size, character, word and horizontal spacing, rise). A glyph that
 * stands for several characters (an Arabic ligature) gives them in the order they stand on the
 * page, left to right.
 *
 * The PDF's writer (Typst) marks with ActualText (a `Span` with no content id) the glyphs that do
 * not stand for their own characters, which pdfjs does not hand on. As poppler reads them:
 * - several glyphs drawn for one cluster are one box, a character they repeat read once (an Amiri
 *   lam drawn in two pieces is one lam), a glyph that takes no room read as the marks it carries;
 * - a bracket in a right-to-left run is drawn with its mirror image's glyph: it is read as the
 *   bracket typed, so the "(" glyph there is the ")" of the text.
 */
async function pageGlyphs(page: PDFPageProxy, pageNumber: number): Promise<Glyph[]> {
  const viewport = page.getViewport({ scale: 1 });
  const ops = await page.getOperatorList();
  const glyphs: Glyph[] = [];
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  // A glyph stands at the line matrix moved by x, the advance since the line began (text space).
  let lineMatrix: Matrix = [1, 0, 0, 1, 0, 0];
  let x = 0;
  let fontSize = 0;
  let fontMatrixScale = 0.001;
  let charSpacing = 0;
  let wordSpacing = 0;
  let hScale = 1;
  let leading = 0;
  let rise = 0;
  let font: { ascent?: number; descent?: number; vertical?: boolean } = {};
  const marks: string[] = []; // open marked-content sections, innermost last
  let cluster: Glyph | null = null;

  const setLine = (m: Matrix) => {
    lineMatrix = m;
    x = 0;
  };
  const moveLine = (tx: number, ty: number) => setLine(multiply([1, 0, 0, 1, tx, ty], lineMatrix));
  const toPage = (tx: number, ty: number) => {
    const [ux, uy] = apply(multiply(lineMatrix, ctm), tx, ty);
    return apply(viewport.transform as Matrix, ux, uy);
  };

  const show = (items: Array<PdfGlyph | number>) => {
    const ascent = font.ascent ?? 0.8;
    const descent = font.descent ?? -0.2;
    for (const item of items) {
      if (typeof item === 'number') {
        x -= (item * fontSize * hScale) / 1000;
        continue;
      }
      if (!item) continue;
      const advance = (item.width * fontMatrixScale * fontSize + charSpacing + (item.isSpace ? wordSpacing : 0)) * hScale;
      let text = item.unicode ?? '';
      // A glyph that takes no room is a mark over its neighbour; only its marks are its own.
      if (item.width === 0) text = text.replace(/\P{M}/gu, '');
      if (marks.includes('ActualText')) text = [...text].map((c) => MIRRORED[c] ?? c).join('');
      if (text.length > 1 && RTL.test(text)) text = [...text].reverse().join('');
      if (text.trim()) {
        const corners = [toPage(x, descent * fontSize + rise), toPage(x + item.width * fontMatrixScale * fontSize * hScale, ascent * fontSize + rise)];
        const box = {
          page: pageNumber,
          x0: Math.min(corners[0][0], corners[1][0]),
          x1: Math.max(corners[0][0], corners[1][0]),
          y0: Math.min(corners[0][1], corners[1][1]),
          y1: Math.max(corners[0][1], corners[1][1]),
          text,
        };
        if (!marks.includes('ActualText')) glyphs.push(box);
        else if (!cluster) glyphs.push((cluster = box));
        else {
          cluster.x0 = Math.min(cluster.x0, box.x0);
          cluster.x1 = Math.max(cluster.x1, box.x1);
          if (!cluster.text.endsWith(box.text)) cluster.text += box.text;
        }
      }
      x += advance;
    }
  };

  for (let i = 0; i < ops.fnArray.length; i++) {
    const args = ops.argsArray[i] as any[];
    switch (ops.fnArray[i]) {
      case OPS.beginMarkedContent:
        marks.push(args[0]?.name ?? String(args[0]));
        break;
      case OPS.beginMarkedContentProps:
        marks.push(args[0] === 'Span' && args[1] == null ? 'ActualText' : String(args[0]));
        cluster = null;
        break;
      case OPS.endMarkedContent:
        if (marks.pop() === 'ActualText') cluster = null;
        break;
      case OPS.save:
        stack.push(ctm);
        break;
      case OPS.restore:
        ctm = stack.pop() ?? ctm;
        break;
      case OPS.transform:
        ctm = multiply(Array.from(args.length === 1 ? args[0] : args) as Matrix, ctm);
        break;
      case OPS.beginText:
        setLine([1, 0, 0, 1, 0, 0]);
        break;
      case OPS.setFont: {
        fontSize = args[1];
        const loaded = page.commonObjs.has(args[0]) ? (page.commonObjs.get(args[0]) as any) : null;
        font = loaded ?? {};
        fontMatrixScale = loaded?.fontMatrix?.[0] ?? 0.001;
        break;
      }
      case OPS.setCharSpacing:
        charSpacing = args[0];
        break;
      case OPS.setWordSpacing:
        wordSpacing = args[0];
        break;
      case OPS.setHScale:
        hScale = args[0] / 100;
        break;
      case OPS.setLeading:
        leading = -args[0];
        break;
      case OPS.setTextRise:
        rise = args[0];
        break;
      case OPS.setTextMatrix:
        // pdfjs hands the matrix as one typed array.
        setLine(Array.from(args.length === 1 ? args[0] : args) as Matrix);
        break;
      case OPS.moveText:
        moveLine(args[0], args[1]);
        break;
      case OPS.setLeadingMoveText:
        leading = args[1];
        moveLine(args[0], args[1]);
        break;
      case OPS.nextLine:
        moveLine(0, leading);
        break;
      case OPS.showText:
      case OPS.showSpacedText:
        show(args[0]);
        break;
      case OPS.nextLineShowText:
        moveLine(0, leading);
        show(args[0]);
        break;
      case OPS.nextLineSetSpacingShowText:
        wordSpacing = args[0];
        charSpacing = args[1];
        moveLine(0, leading);
        show(args[2]);
        break;
    }
  }
  return glyphs;
}

/** Every glyph of every page (pages numbered from 1), in drawing order. */
export function pdfGlyphs(pdf: Uint8Array): Promise<Glyph[]> {
  return withDocument(pdf, async (doc) => {
    const all: Glyph[] = [];
    for (let n = 1; n <= doc.numPages; n++) all.push(...(await pageGlyphs(await doc.getPage(n), n)));
    return all;
  });
}

export function pdfPageCount(pdf: Uint8Array): Promise<number> {
  return withDocument(pdf, async (doc) => doc.numPages);
}

/** How many images a page draws (as `pdfimages -list` counts them). */
export function pdfImageCount(pdf: Uint8Array, pageNumber = 1): Promise<number> {
  return withDocument(pdf, async (doc) => {
    const ops = await (await doc.getPage(pageNumber)).getOperatorList();
    const images = new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageXObjectRepeat, OPS.paintImageMaskXObject]);
    return ops.fnArray.filter((fn) => images.has(fn)).length;
  });
}

/** A page drawn as a PNG at the given resolution (dots per inch); only glyphs embedded in the PDF show. */
export function pdfPagePng(pdf: Uint8Array, { page: pageNumber = 1, dpi = 72 }: { page?: number; dpi?: number } = {}): Promise<Buffer> {
  return withDocument(pdf, async (doc) => {
    const page = await doc.getPage(pageNumber);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    return canvas.encode('png');
  });
}
