/**
 * Idempotency-Keys, one per submission (docs/api.md). A create sent again after it failed (a 503,
 * a lost connection, a second click while the first is still out) goes with the key of its first
 * attempt, so the server answers that first result instead of storing it twice or answering
 * "already exists". A success ends the submission; changed data is another submission, with a
 * new key (the API refuses a key that comes back with another body: 422 idempotency.keyReused).
 *
 * The keys of unfinished creates are kept in memory by what was asked (method, path and the body
 * as sent), until their create succeeds; a reload forgets them, as it forgets the form. The body
 * itself is the map's key rather than a digest of it: crypto.subtle is missing on a plain-HTTP
 * intranet address, and only a few unfinished creates are ever kept.
 */
const unfinished = new Map<string, string>();
/** More unfinished creates than anyone retries: the oldest are let go. */
const MAX_UNFINISHED = 50;

/** A new key. crypto.getRandomValues, unlike randomUUID, also works on a plain-HTTP intranet address. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const forget = (request: string, key: string) => {
  if (unfinished.get(request) === key) unfinished.delete(request);
};

const isKeyReused = (error: unknown) => (error as { body?: { code?: unknown } } | null)?.body?.code === 'idempotency.keyReused';

/**
 * Sends one create with its submission's key: the key of the same request that has not yet
 * succeeded, else a new one. `request` tells submissions apart (e.g. "POST /api/vehicles" and the
 * JSON body); `send` makes the call with the key and settles when its answer has been read.
 */
export async function sendOnce<T>(request: string, send: (idempotencyKey: string) => Promise<T>): Promise<T> {
  const key = unfinished.get(request) ?? newIdempotencyKey();
  unfinished.delete(request);
  unfinished.set(request, key); // newest last, so the oldest are dropped first
  for (const oldest of unfinished.keys()) {
    if (unfinished.size <= MAX_UNFINISHED) break;
    unfinished.delete(oldest);
  }
  try {
    const result = await send(key);
    forget(request, key);
    return result;
  } catch (error) {
    // Should the server not take the key back for this request, the next try starts afresh.
    if (isKeyReused(error)) forget(request, key);
    throw error;
  }
}

/** What tells a JSON create apart: its method, path and body as sent. */
export const jsonRequest = (path: string, body: unknown) => `POST ${path}\n${JSON.stringify(body)}`;

/** What tells an upload apart: its path and each file as the browser sees it (picking the same file again gives the same). */
export const filesRequest = (path: string, files: File[]) =>
  `POST ${path}\n${JSON.stringify(files.map((file) => [file.name, file.size, file.type, file.lastModified]))}`;
