import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A photo-like JPEG with EXIF GPS position and an orientation tag. */
export async function jpegWithGps(width = 640, height = 480, color = { r: 200, g: 30, b: 30 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 12/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '55/1 16/1 20/1' },
    })
    // Orientation 6: the camera was turned; the picture is stored sideways.
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export const png = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } } }).png().toBuffer();

/**
 * A tiny PNG whose header (IHDR) claims width × height while its pixel data is one pixel's: read
 * from its header it is that large, and any decoding fails (the server answers 415 "could not be
 * read"). So an answer that names its size proves the server refused it from the header alone.
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const small = Buffer.from(await png(1, 1));
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type): width, height (big-endian).
  small.writeUInt32BE(width, 16);
  small.writeUInt32BE(height, 20);
  const ihdr = small.subarray(12, 29); // type + 13 data bytes
  small.writeUInt32BE(crc32(ihdr) >>> 0, 29);
  return small;
}

/** A tiny PNG whose header claims 60000 × 60000 pixels: a decompression bomb. */
export const pngBomb = () => pngClaiming(60000, 60000);

/** A PDF of about the given size (header, filler, trailer). */
export function pdf(bytes = 2048): Buffer {
  const head = Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n');
  const filler = Buffer.alloc(Math.max(0, bytes - head.length - tail.length));
  for (let i = 0; i < filler.length; i++) filler[i] = (i * 31 + 7) & 0xff;
  return Buffer.concat([head, filler, tail]);
}

export const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
export const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
/** A Windows executable's first bytes ("MZ" header with a PE offset). */
export const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0'), Buffer.alloc(512)]);
/** JPEG magic bytes followed by HTML: a polyglot that claims to be an image. */
export const jpegHtmlPolyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]), html]);
