import { useLayoutEffect, useState, type RefObject } from 'react';
import { ACTION_BAR_SELECTOR, bottomClearOf } from './toastPlacement';

/**
 * The bottom offset (px) that keeps the element clear of the action bars on screen, measured while
 * `active`: when it shows, and again whenever the page changes under it (a dialog opens, the
 * sticky Save bar scrolls into place, the window is resized). Undefined while inactive.
 */
export function useClearOfActionBars(ref: RefObject<HTMLElement | null>, active: boolean): number | undefined {
  const [bottom, setBottom] = useState<number>();

  useLayoutEffect(() => {
    if (!active) {
      setBottom(undefined);
      return;
    }
    let frame = 0;
    const measure = () => {
      frame = 0;
      const element = ref.current;
      if (!element) return;
      const own = element.getBoundingClientRect();
      const bars = [...document.querySelectorAll(ACTION_BAR_SELECTOR)]
        .filter((bar) => !element.contains(bar))
        .map((bar) => bar.getBoundingClientRect());
      setBottom(bottomClearOf({ left: own.left, right: own.right, height: own.height }, bars, window.innerHeight));
    };
    // Many DOM changes arrive at once (a dialog opening): measure once per frame.
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, true);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, true);
    };
  }, [ref, active]);

  return bottom;
}

/**
 * The top offset (px) that puts a top-anchored element just under the header (the app bar, always
 * on screen), so a toast on a phone never covers the header's menu, bell, account or Logout.
 * Measured while `active`, again when the window is resized. Undefined while inactive.
 */
export function useBelowHeader(active: boolean, gap = 8): number | undefined {
  const [top, setTop] = useState<number>();
  useLayoutEffect(() => {
    if (!active) {
      setTop(undefined);
      return;
    }
    const measure = () => {
      const header = document.querySelector('header.MuiAppBar-root');
      setTop(header ? Math.max(0, header.getBoundingClientRect().bottom) + gap : undefined);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [active, gap]);
  return top;
}
