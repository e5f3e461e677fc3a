import sharp from 'sharp';

/**
 * Drawn car photos for the demo: no real photos ship with the product (nor can be fetched
 * offline), and a side view in the car's colour is enough for the thumbnails, the gallery and the
 * colour detection to show what they do.
 */
const PAINT: Record<string, string> = {
  White: '#f2f2ef',
  Black: '#1a1c1e',
  Silver: '#b7bbc0',
  Gray: '#6b6f75',
  Red: '#b3161b',
  Blue: '#1d3f8f',
};

/** Two settings, so a vehicle's photos differ: an auction yard by day, and a warehouse. */
const BACKDROPS = [
  `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#d7e7f5"/></linearGradient></defs><rect width="800" height="520" fill="url(#sky)"/><rect y="330" width="800" height="190" fill="#8a8d90"/><rect y="420" width="800" height="6" fill="#f0f0f0"/>`,
  `<rect width="800" height="520" fill="#d9d6cf"/><rect y="360" width="800" height="160" fill="#a49f95"/><rect x="40" y="60" width="180" height="120" fill="#c4c0b6"/><rect x="580" y="60" width="180" height="120" fill="#c4c0b6"/>`,
];

function carSvg(paint: string, backdrop: number): string {
  const flip = backdrop % 2 === 1 ? 'translate(800,0) scale(-1,1)' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="520">
  ${BACKDROPS[backdrop % BACKDROPS.length]}
  <ellipse cx="400" cy="420" rx="310" ry="26" fill="#000" fill-opacity="0.3"/>
  <defs><linearGradient id="shine" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="0.4" stop-color="#ffffff" stop-opacity="0"/>
    <stop offset="1" stop-color="#000000" stop-opacity="0.25"/></linearGradient></defs>
  <g transform="${flip}">
    <path d="M110 315 Q116 258 196 250 L285 188 Q310 172 372 170 L498 170 Q548 173 586 212 L636 250 Q698 258 698 315 L698 378 L110 378 Z" fill="${paint}"/>
    <path d="M110 315 Q116 258 196 250 L285 188 Q310 172 372 170 L498 170 Q548 173 586 212 L636 250 Q698 258 698 315 L698 378 L110 378 Z" fill="url(#shine)"/>
    <path d="M305 200 L372 185 L448 185 L448 248 L268 248 Z" fill="#1e2a33" fill-opacity="0.85"/>
    <path d="M463 185 L523 188 L567 248 L463 248 Z" fill="#1e2a33" fill-opacity="0.85"/>
    <rect x="116" y="298" width="26" height="13" fill="#fff6c8"/>
    <rect x="672" y="298" width="20" height="13" fill="#c0392b"/>
    <circle cx="236" cy="378" r="50" fill="#111"/><circle cx="236" cy="378" r="23" fill="#9c9c9c"/>
    <circle cx="574" cy="378" r="50" fill="#111"/><circle cx="574" cy="378" r="23" fill="#9c9c9c"/>
  </g>
</svg>`;
}

/** A JPEG of a car painted `color` (an English colour name of the demo), in setting `index`. */
export function demoCarPhoto(color: string, index: number): Promise<Buffer> {
  return sharp(Buffer.from(carSvg(PAINT[color] ?? PAINT.Silver, index))).jpeg({ quality: 85 }).toBuffer();
}
