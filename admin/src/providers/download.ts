import { fetchOk } from './http';

/** The file name of a Content-Disposition header (RFC 6266: filename* first), if any. */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : undefined;
}

/** Saves a file the browser already holds: an object URL on a temporary <a download>. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: the download may still be reading the URL when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Fetches a file and saves it under the name the server gives (else `fallbackName`). Fetched
 * rather than followed as a link, so that a failure becomes a toast, not a saved error page.
 */
export async function downloadToDisk(url: string, fallbackName: string): Promise<string> {
  const response = await fetchOk(url);
  const name = dispositionFileName(response.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(await response.blob(), name);
  return name;
}

/**
 * Follows a download as a plain link: the browser saves the response as it arrives (the server's
 * Content-Disposition names it), so a large ZIP or export never sits whole in the page's memory.
 * Asked first with HEAD (the same route and checks, no body), so that a refusal (signed out, gone,
 * the database busy) rejects here and becomes the caller's toast, not an error page the browser
 * would save as the file.
 */
export async function followDownload(url: string): Promise<void> {
  await fetchOk(url, { method: 'HEAD' });
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
