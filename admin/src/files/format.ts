/** What the API says about a stored file of a vehicle or a container (GET detail `files`). */
export interface StoredFile {
  id: number;
  fileType: 'IMAGE' | 'DOCUMENT';
  fileName: string;
  mimeType?: string | null;
  fileSize: number | string | null;
  width?: number | null;
  height?: number | null;
  createdAt?: string | null;
  /** A vehicle document's kind (TITLE, ITN...; OTHER when none was given); containers' files have none. */
  documentKind?: string | null;
}

/** The records that carry files, by their API path. */
export type FileOwner = 'vehicles' | 'containers';

/** A file size as the spec shows it (SPEC.md §9): bytes / 1024 with two decimals; '—' when unknown. */
export function formatKb(bytes: unknown): string {
  if (bytes === null || bytes === undefined || bytes === '') return '—';
  const number = Number(bytes);
  return Number.isFinite(number) && number >= 0 ? (number / 1024).toFixed(2) : '—';
}

/**
 * The viewer's index moved by `delta`, kept between the first and the last image (the spec's
 * viewer steps, it does not wrap around). An empty gallery has no index: 0.
 */
export function stepIndex(index: number, delta: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(total - 1, Math.max(0, index + delta));
}

/**
 * The step an arrow key means: the key that points to the next image goes forward, so in a
 * right-to-left page the left arrow goes forward. Home and End jump to the first and last image.
 * Null for any other key.
 */
export function keyStep(key: string, direction: 'ltr' | 'rtl', index: number, total: number): number | null {
  const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const back = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return stepIndex(index, 1, total);
  if (key === back) return stepIndex(index, -1, total);
  if (key === 'Home') return 0;
  if (key === 'End') return Math.max(0, total - 1);
  return null;
}

/** Files picked for an upload split by whether `accept` (".pdf,.doc" or MIME types) allows them. */
export function splitByAccept(files: File[], accept: string[]): { accepted: File[]; refused: File[] } {
  const allowed = (file: File) =>
    accept.some((rule) =>
      rule.startsWith('.') ? file.name.toLowerCase().endsWith(rule.toLowerCase()) : file.type.toLowerCase() === rule.toLowerCase(),
    );
  return { accepted: files.filter(allowed), refused: files.filter((file) => !allowed(file)) };
}

export const IMAGE_ACCEPT = ['image/jpeg', 'image/png', 'image/webp', '.jpg', '.jpeg', '.png', '.webp'];
export const RECORD_DOCUMENT_ACCEPT = ['.pdf', '.doc', '.docx'];
export const SHARED_DOCUMENT_ACCEPT = ['.pdf', '.doc', '.docx', '.txt'];

/** The ZIP name the API gives all images of a record (SPEC.md §7). */
export const zipName = (owner: FileOwner, ownerId: number | string) => `${owner === 'vehicles' ? 'vehicle' : 'container'}_${ownerId}_images.zip`;
