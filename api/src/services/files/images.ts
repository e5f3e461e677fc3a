import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { DomainError } from '../../domain/errors';

/** A decompression bomb never allocates: sharp refuses anything over 50 megapixels from the header. */
export const MAX_IMAGE_PIXELS = 50_000_000;
const VIEWER_SIDE = 1600;
const THUMBNAIL_SIDE = 320;

export type ProcessedImage = { original: Buffer; compressed: Buffer; thumbnail: Buffer; width: number; height: number };

const tooLarge = () =>
  new DomainError('invalid', 'validation.failed', `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);
const unreadable = () => new DomainError('unsupportedMediaType', 'request.unsupportedMediaType', 'The image could not be read: it is damaged or not really an image');

/**
 * Turns an upload into what we store: the original (turned upright by its EXIF orientation and
 * re-encoded without metadata, so GPS positions never leave the uploader's phone), a JPEG for the
 * viewer (long side at most 1600 px) and a thumbnail (at most 320 px). sharp works on libuv's
 * thread pool, so the event loop stays free.
 */
export function processImage(path: string, mimeType: string, userId?: number): Promise<ProcessedImage> {
  return decodingImage(() => processNow(path, mimeType), userId);
}

/**
 * Runs work that decodes an image in the process-wide queue below (photos, logos). With a user,
 * that user's images go one at a time first: one uploader sending many large photos (or many
 * uploads at once) holds at most one of the process's decoding slots, and everyone else's images
 * take the others rather than waiting behind all of theirs.
 */
export function decodingImage<T>(work: () => Promise<T>, userId?: number): Promise<T> {
  if (userId === undefined) return imageWork(work);
  let own = perUser.get(userId);
  if (!own) perUser.set(userId, (own = pLimit(IMAGES_PER_USER)));
  const queue = own;
  return queue(() => imageWork(work)).finally(() => {
    if (queue.activeCount === 0 && queue.pendingCount === 0 && perUser.get(userId) === queue) perUser.delete(userId);
  });
}

/** Images of one user decoded (or waiting in the process's queue) at once. */
export const IMAGES_PER_USER = 1;
const perUser = new Map<number, ReturnType<typeof pLimit>>();

/**
 * Images decoded at once in this process, all uploads together: each takes a core and up to a few
 * hundred MB while it is decoded, so four large uploads at once queue here rather than taking
 * every core and 600 MB.
 */
const imageWork = pLimit(Math.max(1, Math.min(2, availableParallelism())));

/**
 * The pixels of the images of one upload, read from their headers (nothing is decoded), so a
 * request of small files that decode to huge images is refused before any work: 413 when they
 * add up to more than maxPixels. Files that are not readable images count nothing here.
 */
export async function assertPixelBudget(paths: string[], maxPixels: number): Promise<void> {
  let total = 0;
  for (const path of paths) {
    try {
      const { width = 0, height = 0, pages = 1 } = await sharp(path, { limitInputPixels: false }).metadata();
      const pixels = width * height * Math.max(1, pages);
      // One image over the limit of one image says so, as processImage would.
      if (width * height > MAX_IMAGE_PIXELS) throw tooLarge();
      total += pixels;
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // Not an image sharp reads: the file's own checks say what is wrong with it.
    }
  }
  if (total > maxPixels) {
    throw new DomainError('tooLarge', 'request.tooManyPixels', `The images of one upload may have ${Math.round(maxPixels / 1_000_000)} megapixels in all; these have ${Math.ceil(total / 1_000_000)}. Send them in several uploads.`);
  }
}

async function processNow(path: string, mimeType: string): Promise<ProcessedImage> {
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
    if (err instanceof DomainError) throw err;
    if (/pixel limit/i.test(String((err as Error).message))) throw tooLarge();
    throw unreadable();
  }
}
