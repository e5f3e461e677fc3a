import sharp from 'sharp';
import { DomainError } from '../../domain/errors';
import { MAX_IMAGE_PIXELS, decodingImage } from './images';

/** A company logo as uploaded: one PNG, JPEG or WebP image of at most 2 MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The box a stored logo fits in (an invoice header), never enlarged. */
export const LOGO_MAX_WIDTH = 800;
export const LOGO_MAX_HEIGHT = 300;

const unreadable = () => new DomainError('unsupportedMediaType', 'request.unsupportedMediaType', 'The logo could not be read: it is damaged or not really an image');
const tooLarge = () => new DomainError('invalid', 'validation.failed', `The logo is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`, { file: 'has too many pixels' });

/**
 * The logo we store: turned upright, fitted inside 800 × 300 without enlarging, re-encoded as PNG
 * (transparency kept) without any metadata. sharp works on libuv's thread pool; the decoding waits
 * its turn with the photos being stored, so a logo never adds to the images decoded at once.
 */
export function processLogo(path: string): Promise<Buffer> {
  return decodingImage(async () => {
    let width: number | undefined;
    let height: number | undefined;
    try {
      ({ width, height } = await sharp(path, { limitInputPixels: false }).metadata());
    } catch {
      throw unreadable();
    }
    if (!width || !height) throw unreadable();
    if (width * height > MAX_IMAGE_PIXELS) throw tooLarge();
    try {
      // No withMetadata(): sharp writes no EXIF, ICC profile or XMP unless asked.
      return await sharp(path, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
        .rotate()
        .resize(LOGO_MAX_WIDTH, LOGO_MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
    } catch {
      throw unreadable();
    }
  });
}
