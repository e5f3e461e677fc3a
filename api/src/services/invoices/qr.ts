import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// pdfmake's own QR encoder (what a `{ qr }` node uses), so the code and its size stay exactly the same.
const qrEnc = (require('pdfmake/js/qrEnc') as { default: { measure(node: object): { _canvas: Rect[] } } }).default;

type Rect = { type: 'rect'; x: number; y: number; w: number; h: number; lineWidth: number; color: string };

/**
 * A pdfmake `{ qr: data, fit }` node drawn with fewer rectangles. pdfmake draws a QR code as one
 * rectangle per dark module (about a thousand for the ZATCA code), and each rectangle costs a
 * dozen PDF operators and style look-ups to render: a fifth of an invoice's time. Here the same
 * modules are joined into rectangles first (runs along a row, then identical runs down the rows),
 * which covers exactly the same area with less than half as many rectangles.
 */
export function qrCanvas(data: string, fit: number): { canvas: Rect[] } {
  // No padding is asked for, so module (row i, column j) is the rectangle at (j × m, i × m).
  const [background, ...modules] = qrEnc.measure({ qr: data, fit })._canvas;
  if (!modules.length) return { canvas: [background] };
  const m = modules[0].w;
  const n = Math.round(background.w / m);
  const dark = Array.from({ length: n }, () => new Uint8Array(n));
  for (const r of modules) dark[Math.round(r.y / m)][Math.round(r.x / m)] = 1;
  const joined: Rect[] = [];
  let above = new Map<string, Rect>(); // the previous row's runs, by first and last column
  for (let i = 0; i < n; i++) {
    const here = new Map<string, Rect>();
    for (let j = 0; j < n; j++) {
      if (!dark[i][j]) continue;
      const first = j;
      while (j + 1 < n && dark[i][j + 1]) j++;
      const key = `${first},${j}`;
      let rect = above.get(key);
      if (rect) rect.h += m;
      else joined.push((rect = { ...modules[0], x: first * m, y: i * m, w: (j - first + 1) * m, h: m }));
      here.set(key, rect);
    }
    above = here;
  }
  return { canvas: [background, ...joined] };
}
