/** The least time between two height messages: a page that grows as rows arrive sends a few, not hundreds. */
export const HEIGHT_INTERVAL_MS = 150;

/**
 * react-admin's side menu: fixed, as tall as the window, scrolling inside. Its full length counts
 * as content, or a frame sized to a short page would cut the menu off.
 */
const FIXED_MENU_SELECTOR = '.RaSidebar-fixed';

/** The page's content height in CSS pixels: what the parent's frame needs to show it without a scroll bar. */
function contentHeight(): number {
  let height = Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0);
  const menu = document.querySelector(FIXED_MENU_SELECTOR);
  if (menu) height = Math.max(height, menu.getBoundingClientRect().top + window.scrollY + menu.scrollHeight);
  return Math.ceil(height);
}

/**
 * Calls `report` with the content height whenever it changes, at most once per HEIGHT_INTERVAL_MS
 * (the last height of a burst is always reported). A ResizeObserver on the page's root and body
 * sees content grow and shrink (a list loading, a dialog, a phone layout); returns the stop.
 */
export function watchHeight(report: (height: number) => void): () => void {
  let sent = -1;
  let lastAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    timer = undefined;
    lastAt = performance.now();
    const height = contentHeight();
    if (height === sent) return;
    sent = height;
    report(height);
  };
  const changed = () => {
    if (timer !== undefined) return;
    const wait = Math.max(0, lastAt + HEIGHT_INTERVAL_MS - performance.now());
    timer = setTimeout(send, wait);
  };
  const observer = new ResizeObserver(changed);
  observer.observe(document.documentElement);
  if (document.body) observer.observe(document.body);
  changed();
  return () => {
    observer.disconnect();
    if (timer !== undefined) clearTimeout(timer);
  };
}
