import path from 'node:path';

/**
 * A stored or downloaded file name: no folders, no control characters (CR, LF), no quotes or
 * characters that mean something to a file system; never empty; at most 200 characters. Invisible
 * formatting characters (Unicode's Cf: right-to-left overrides and isolates, zero-width joiners
 * and spaces, soft hyphens, BOM) are removed: "\u202Egpj.exe" would show as "exe.jpg".
 */
const INVISIBLE_FORMATTING = /\p{Cf}/gu;

export function safeFileName(name: string, fallbackExtension = ''): string {
  const base = path.posix.basename(name.replace(INVISIBLE_FORMATTING, '').replace(/\\/g, '/'));
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"'<>:|?*\\/]/g, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(-200);
  if (cleaned) return cleaned;
  return fallbackExtension ? `file.${fallbackExtension}` : 'file';
}

/** The stored name gets the extension of what the file really is (photo.exe that is a JPEG → photo.exe.jpg). */
export function withExtension(name: string, extension: string): string {
  return name.toLowerCase().endsWith(`.${extension}`) || (extension === 'jpg' && /\.jpe?g$/i.test(name)) ? name : `${name}.${extension}`;
}

/** ZIP entry names, made unique: photo.jpg, photo (2).jpg, … */
export function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((raw) => {
    const name = safeFileName(raw);
    const key = name.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count === 1) return name;
    const ext = path.extname(name);
    const candidate = `${name.slice(0, name.length - ext.length)} (${count})${ext}`;
    seen.set(candidate.toLowerCase(), 1);
    return candidate;
  });
}
