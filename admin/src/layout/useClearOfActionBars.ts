import { useLayoutEffect, useState, type RefObject } from 'react';
import { ACTION_BAR_SELECTOR, CONTROL_SELECTOR, placeToast, type Box, type Placement } from './toastPlacement';

/**
 * An open dialog (or a phone's navigation drawer): while one is open, only what is inside it can be
 * pressed. A menu (a popover, such as the status menu closing as its choice makes the toast) is no
 * reason to keep the corner: the toast keeps off the page's controls and the menu's own.
 */
const OPEN_DIALOG_SELECTOR = '.MuiModal-root:not(.MuiModal-hidden):not(.MuiPopover-root)';

const boxOf = (element: Element): Box => {
  const { top, bottom, left, right } = element.getBoundingClientRect();
  return { top, bottom, left, right };
};

/**
 * Where the toast goes on a larger screen (see placeToast): clear of the action bars on screen,
 * and of the page's controls at the bottom, such as the last visible rows' status menus and
 * icons. Measured while `active`: when it shows, and again whenever the page changes under it (a
 * dialog opens, the list loads or scrolls, the sticky Save bar scrolls into place, the window is
 * resized). While a dialog is open the page behind it cannot be pressed: the toast keeps
 * its corner, above the dialog's buttons. Undefined while inactive.
 */
export function useClearOfActionBars(ref: RefObject<HTMLElement | null>, active: boolean, direction: 'ltr' | 'rtl'): Placement | undefined {
  const [placement, setPlacement] = useState<Placement>();

  useLayoutEffect(() => {
    if (!active) {
      setPlacement(undefined);
      return;
    }
    let frame = 0;
    const measure = () => {
      frame = 0;
      const element = ref.current;
      if (!element) return;
      // Its layout size: while it grows in, its box on screen is scaled down.
      const own = { width: element.offsetWidth, height: element.offsetHeight };
      const outside = (found: Element) => !element.contains(found);
      const bars = [...document.querySelectorAll(ACTION_BAR_SELECTOR)].filter(outside).map(boxOf);
      const dialogOpen = document.querySelector(OPEN_DIALOG_SELECTOR) !== null;
      const controls = dialogOpen
        ? []
        : [...document.querySelectorAll(CONTROL_SELECTOR)]
            .filter((control) => outside(control) && !control.closest('.MuiModal-hidden'))
            .map(boxOf)
            .filter((box) => box.bottom > 0 && box.top < window.innerHeight);
      const next = placeToast(own, bars, controls, { width: window.innerWidth, height: window.innerHeight }, direction);
      setPlacement((shown) => (shown && shown.bottom === next.bottom && shown.end === next.end ? shown : next));
    };
    // Many DOM changes arrive at once (a dialog opening, a page of rows): measure once per frame.
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
  }, [ref, active, direction]);

  return placement;
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
