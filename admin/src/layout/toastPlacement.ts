/**
 * Where a bottom-anchored toast goes so that it never covers the buttons the user is about to
 * press: an open dialog's actions (Generate invoice, Save) and sticky or fixed form toolbars.
 * The toast keeps its corner (SPEC.md: bottom end on larger screens) and is lifted above each
 * such bar it would overlap.
 */

/** The action bars a toast must stay clear of. A page's own sticky bar says so with `data-sticky-actions`. */
export const ACTION_BAR_SELECTOR = '.MuiDialogActions-root, .RaToolbar-mobileToolbar, [data-sticky-actions]';

/** The gap between a toast and the window's edge or the bar below it, in px (MUI's default is 24). */
export const TOAST_MARGIN = 24;
const GAP_ABOVE_BAR = 8;

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * The toast's distance from the bottom of the window, in px: its margin, raised above every bar
 * that overlaps it (lowest bar first, so a toast lifted above one bar is checked against the next).
 */
export function bottomClearOf(
  toast: { left: number; right: number; height: number },
  bars: readonly Box[],
  viewportHeight: number,
): number {
  let bottom = TOAST_MARGIN;
  const lowestFirst = [...bars].filter((bar) => bar.bottom > bar.top && bar.right > bar.left).sort((a, b) => b.bottom - a.bottom);
  for (const bar of lowestFirst) {
    const toastBottom = viewportHeight - bottom;
    const toastTop = toastBottom - toast.height;
    const overlaps = bar.left < toast.right && bar.right > toast.left && bar.top < toastBottom && bar.bottom > toastTop;
    if (overlaps) bottom = Math.max(bottom, viewportHeight - bar.top + GAP_ABOVE_BAR);
  }
  return bottom;
}
