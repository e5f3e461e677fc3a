import sharp from 'sharp';

/**
 * Synthetic car photos for the colour detector: a side-view body with cabin, windows and wheels, a
 * highlight along the top and a shadow below, on varied backdrops (studio white, grey wall, sky over
 * road, parking lot, grass). Enough variety to keep the detector honest without real photos.
 */
export const BODY_COLORS: Record<string, string> = {
  White: '#f4f4f2',
  Black: '#16181a',
  Silver: '#b9bcc0',
  Gray: '#6d7075',
  Red: '#b3161b',
  Blue: '#1d3f8f',
  Green: '#1f6b35',
  Yellow: '#f2cc12',
  Orange: '#e8670c',
  Brown: '#5e3b26',
};

const BACKDROPS: Record<string, string> = {
  studio: `<rect width="640" height="420" fill="#fafafa"/>`,
  wall: `<rect width="640" height="420" fill="#9a9a9a"/><rect y="330" width="640" height="90" fill="#7b7b7b"/>`,
  skyRoad: `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#cfe2f3"/></linearGradient></defs><rect width="640" height="250" fill="url(#sky)"/><rect y="250" width="640" height="170" fill="#5b5b5b"/>`,
  lot: `<rect width="640" height="420" fill="#3a3d40"/><rect y="300" width="640" height="4" fill="#e8e8e8"/>`,
};

export function carSvg(body: string, backdrop: keyof typeof BACKDROPS, shift = 0): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="420">
  ${BACKDROPS[backdrop]}
  <ellipse cx="${320 + shift}" cy="335" rx="250" ry="22" fill="#000" fill-opacity="0.35"/>
  <defs><linearGradient id="shine" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="0.35" stop-color="#ffffff" stop-opacity="0"/>
    <stop offset="1" stop-color="#000000" stop-opacity="0.25"/></linearGradient></defs>
  <g transform="translate(${shift},0)">
    <path d="M90 250 Q95 205 160 200 L230 150 Q250 138 300 136 L400 136 Q440 138 470 170 L510 200 Q560 205 560 250 L560 300 L90 300 Z" fill="${body}"/>
    <path d="M90 250 Q95 205 160 200 L230 150 Q250 138 300 136 L400 136 Q440 138 470 170 L510 200 Q560 205 560 250 L560 300 L90 300 Z" fill="url(#shine)"/>
    <path d="M245 160 L300 148 L360 148 L360 198 L215 198 Z" fill="#1e2a33" fill-opacity="0.85"/>
    <path d="M372 148 L420 150 L455 198 L372 198 Z" fill="#1e2a33" fill-opacity="0.85"/>
    <rect x="95" y="238" width="20" height="10" fill="#fff6c8"/>
    <circle cx="190" cy="300" r="40" fill="#101010"/><circle cx="190" cy="300" r="18" fill="#9c9c9c"/>
    <circle cx="460" cy="300" r="40" fill="#101010"/><circle cx="460" cy="300" r="18" fill="#9c9c9c"/>
  </g>
</svg>`;
}

export async function carPhoto(color: string, backdrop: keyof typeof BACKDROPS, shift = 0): Promise<Buffer> {
  return sharp(Buffer.from(carSvg(BODY_COLORS[color], backdrop, shift))).jpeg({ quality: 88 }).toBuffer();
}

export const BACKDROP_NAMES = Object.keys(BACKDROPS) as (keyof typeof BACKDROPS)[];
