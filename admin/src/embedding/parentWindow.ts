import { loadAbout } from '../providers/about';
import { SOURCE, type ConsoleMessage } from './protocol';

/** Whether the console is shown inside another page's frame. */
export function isFramed(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/**
 * The origins a parent may have: the concrete ones of FRAME_ANCESTORS, as GET /api/about gives
 * them. None when the console is not framed (it then sends nothing) or the answer is missing.
 */
export async function loadParentOrigins(): Promise<string[]> {
  if (!isFramed()) return [];
  const about = await loadAbout();
  return about?.parentOrigins ?? [];
}

/**
 * Posts a message to the parent, addressed to each allowed origin in turn: the browser delivers
 * it only under the parent's real origin, so a page that is not allowed receives nothing. Never
 * '*', which would hand the user's route and role to whoever framed the console.
 */
export function postToParent(origins: string[], message: ConsoleMessage) {
  for (const origin of origins) window.parent.postMessage({ source: SOURCE, ...message }, origin);
}
