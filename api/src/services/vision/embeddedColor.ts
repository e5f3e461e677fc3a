import sharp from 'sharp';
import type { CarColor } from './colors';

/**
 * Names a car's body colour without any model, from the pixels alone. The car is assumed to fill
 * the middle of the photo: pixels are weighted by their distance from the centre, sky (blue, near
 * the top), deep shadow and glare are left out, and the remaining pixels are grouped by hue. A
 * clear colour in the middle wins over a white or grey backdrop; otherwise the brightness of the
 * middle names White, Silver, Gray or Black.
 */
const SIZE = 96;
const SIGMA = 0.24;

type Pixel = { h: number; s: number; v: number; w: number };

function hsv(r: number, g: number, b: number) {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  return { h, s: max ? d / max : 0, v: max / 255 };
}

/** The backdrop's colours: the commonest colours of the photo's outer ring. */
function backdropColors(data: Buffer): number[][] {
  const counts = new Map<string, { n: number; rgb: number[] }>();
  const ring = Math.round(SIZE * 0.08);
  let total = 0;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      if (x >= ring && x < SIZE - ring && y >= ring && y < SIZE - ring) continue;
      const i = (y * SIZE + x) * 3;
      const key = `${data[i] >> 4},${data[i + 1] >> 4},${data[i + 2] >> 4}`;
      const entry = counts.get(key) ?? { n: 0, rgb: [data[i], data[i + 1], data[i + 2]] };
      entry.n++;
      counts.set(key, entry);
      total++;
    }
  }
  const colors: number[][] = [];
  let covered = 0;
  for (const { n, rgb } of [...counts.values()].sort((a, b) => b.n - a.n)) {
    if (covered >= total * 0.85) break;
    colors.push(rgb);
    covered += n;
  }
  return colors;
}

const BACKDROP_DISTANCE = 42;

async function pixels(image: Buffer | string): Promise<Pixel[]> {
  const { data } = await sharp(image, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(SIZE, SIZE, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const backdrop = backdropColors(data);
  const out: Pixel[] = [];
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const i = (y * SIZE + x) * 3;
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      const { h, s, v } = hsv(r, g, b);
      // Cars sit a little below the middle of most photos.
      const dx = (x + 0.5) / SIZE - 0.5;
      const dy = (y + 0.5) / SIZE - 0.55;
      let w = Math.exp(-(dx * dx + dy * dy) / (2 * SIGMA * SIGMA));
      const isBackdrop = backdrop.some(([br, bg, bb]) => Math.hypot(r - br, g - bg, b - bb) < BACKDROP_DISTANCE);
      const isSky = y < SIZE * 0.4 && h >= 185 && h <= 235 && v > 0.55 && s < 0.75;
      const isGlare = v > 0.97 && s < 0.06;
      if (isBackdrop || isSky || isGlare) w *= 0.03;
      out.push({ h, s, v, w });
    }
  }
  return out;
}

const CHROMATIC_SATURATION = 0.2;
/** Share of the weighted middle that must be clearly coloured to call a chromatic colour. */
const CHROMATIC_SHARE = 0.16;

function circularMean(values: { h: number; w: number }[]): number {
  let x = 0;
  let y = 0;
  for (const { h, w } of values) {
    x += Math.cos((h * Math.PI) / 180) * w;
    y += Math.sin((h * Math.PI) / 180) * w;
  }
  const angle = (Math.atan2(y, x) * 180) / Math.PI;
  return angle < 0 ? angle + 360 : angle;
}

function chromaticName(h: number, s: number, v: number): CarColor {
  if (h < 15 || h >= 335) return v < 0.3 && s < 0.5 ? 'Brown' : 'Red';
  if (h < 45) {
    if (v < 0.5) return 'Brown';
    if (s < 0.42 && v > 0.6) return 'Beige';
    return 'Orange';
  }
  if (h < 70) {
    if (s < 0.42 && v > 0.6) return 'Beige';
    if (v < 0.5) return 'Brown';
    return v < 0.75 ? 'Gold' : 'Yellow';
  }
  if (h < 170) return 'Green';
  if (h < 260) return 'Blue';
  return 'Purple';
}

export async function detectColorEmbedded(image: Buffer | string): Promise<CarColor> {
  const all = await pixels(image);
  const totalWeight = all.reduce((sum, p) => sum + p.w, 0);
  // Tinted glass is dark: colour counts only on pixels bright enough to be paint.
  const coloured = all.filter((p) => p.s >= CHROMATIC_SATURATION && p.v >= 0.25);

  // Group coloured pixels into 30° hue buckets and take the heaviest neighbourhood.
  const buckets = new Array(12).fill(0);
  for (const p of coloured) buckets[Math.floor(p.h / 30) % 12] += p.w;
  let best = 0;
  let bestWeight = 0;
  for (let b = 0; b < 12; b++) {
    const weight = buckets[b] + 0.5 * (buckets[(b + 11) % 12] + buckets[(b + 1) % 12]);
    if (weight > bestWeight) {
      best = b;
      bestWeight = weight;
    }
  }
  if (buckets[best] / totalWeight >= CHROMATIC_SHARE) {
    const centre = best * 30 + 15;
    const near = coloured.filter((p) => Math.min(Math.abs(p.h - centre), 360 - Math.abs(p.h - centre)) <= 30);
    const weight = near.reduce((sum, p) => sum + p.w, 0);
    const s = near.reduce((sum, p) => sum + p.s * p.w, 0) / weight;
    const v = near.reduce((sum, p) => sum + p.v * p.w, 0) / weight;
    return chromaticName(circularMean(near), s, v);
  }

  // Achromatic: the weighted median brightness of the middle.
  const sorted = [...all].sort((a, b) => a.v - b.v);
  let acc = 0;
  let median = 0.5;
  for (const p of sorted) {
    acc += p.w;
    if (acc >= totalWeight / 2) {
      median = p.v;
      break;
    }
  }
  if (median > 0.82) return 'White';
  if (median > 0.58) return 'Silver';
  if (median > 0.26) return 'Gray';
  return 'Black';
}
