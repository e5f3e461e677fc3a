import { isLanguage, type Language } from '../i18n/language';

/**
 * The messages between the console and an intranet page that frames it (docs/embedding.md). Each
 * is an object marked with SOURCE, so a parent can tell them from its other messages.
 */
export const SOURCE = 'vehicle-console';

/** What the console tells its parent. */
export type ConsoleMessage =
  | { type: 'ready'; path: string; lang: Language; signedIn: boolean }
  | { type: 'route'; path: string }
  | { type: 'height'; height: number }
  | { type: 'auth'; signedIn: boolean; role: string | null }
  | { type: 'language'; lang: Language };

/** What the parent may ask of the console. */
export type ParentCommand = { type: 'navigate'; path: string } | { type: 'setLanguage'; lang: Language };

/**
 * A console path: starts with one '/', no scheme, no host, no backslash (which browsers read as
 * '/'), no control characters. Anything else could lead the frame away from the console.
 */
export const isConsolePath = (path: unknown): path is string =>
  typeof path === 'string' && path.length <= 2000 && /^\/(?![/\\])/.test(path) && !path.includes('\\') && ![...path].some((char) => char.charCodeAt(0) < 0x20);

/** The parent's command a message carries, or undefined for anything else (which is ignored). */
export function parentCommand(data: unknown): ParentCommand | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const message = data as Record<string, unknown>;
  if (message.source !== SOURCE) return undefined;
  if (message.type === 'navigate' && isConsolePath(message.path)) return { type: 'navigate', path: message.path };
  if (message.type === 'setLanguage' && isLanguage(message.lang)) return { type: 'setLanguage', lang: message.lang };
  return undefined;
}

/** The path of a location as the parent is told it: path, query and hash of the console page. */
export const pathOf = (location: { pathname: string; search: string; hash: string }) => `${location.pathname}${location.search}${location.hash}`;
