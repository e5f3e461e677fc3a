import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../../http/errors';

/** A decompression bomb never allocates: sharp refuses anything over 50 megapixels from the header. */
export const MAX_IMAGE_PIXELS = 50_000_000;
const VIEWER_SIDE = 1600;
const THUMBNAIL_SIDE = 320;

export type ProcessedImage = { original: Buffer; compressed: Buffer; thumbnail: Buffer; width: number; height: number };

const tooLarge = () =>
  new HttpError(400, 'validation.failed', `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);
const unreadable = () => new HttpError(415, 'request.unsupportedMediaType', 'The image could not be read: it is damaged or not really an image');

/**
 * Turns an upload into what we store: the original (turned upright by its EXIF orientation and
 * re-encoded without metadata, so GPS positions never leave the uploader's phone), a JPEG for the
 * viewer (long side at most 1600 px) and a thumbnail (at most 320 px). sharp works on libuv's
 * thread pool, so the event loop stays free.
 */
export async function processImage(path: string, mimeType: string): Promise<ProcessedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw tooLarge();

  const upright = () => sharp(path, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
  try {
    const format = mimeType === 'image/png' ? 'png' : mimeType === 'image/webp' ? 'webp' : 'jpeg';
    const originalPipeline = upright();
    const original =
      format === 'png'
        ? await originalPipeline.png().toBuffer({ resolveWithObject: true })
        : format === 'webp'
          ? await originalPipeline.webp({ quality: 95 }).toBuffer({ resolveWithObject: true })
          : await originalPipeline.jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true });
    const [compressed, thumbnail] = await Promise.all([
      upright().resize(VIEWER_SIDE, VIEWER_SIDE, { fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer(),
      upright().resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality: 75 }).toBuffer(),
    ]);
    return { original: original.data, compressed, thumbnail, width: original.info.width, height: original.info.height };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (/pixel limit/i.test(String((err as Error).message))) throw tooLarge();
    throw unreadable();
  }
}
