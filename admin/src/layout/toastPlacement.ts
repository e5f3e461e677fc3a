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

/**
 * What a toast on a larger screen must not cover on the page behind it: everything the user can
 * press (a row's status menu, its edit and delete icons, a checkbox, a link, the pagination).
 */
export const CONTROL_SELECTOR = [
  'a[href]',
  'button',
  'input:not([type=hidden])',
  'select',
  'textarea',
  '[role=button]',
  '[role=combobox]',
  '[role=checkbox]',
  '[role=switch]',
  '[role=tab]',
  '[role=link]',
  '[role=menuitem]',
  '[role=option]',
].join(', ');

/** The least room kept between a toast and a control beside or under it, in px. */
const GAP_BESIDE_CONTROL = 8;

/** Where a toast on a larger screen goes: its distance from the window's bottom and from its end edge (right, or left in Arabic). */
export interface Placement {
  bottom: number;
  end: number;
}

/**
 * The toast's place on a larger screen. It keeps the bottom end corner (SPEC.md §2) when nothing
 * pressable is under it, and is lifted above the action bars it would cover (`bottomClearOf`).
 * At that height, if it would cover a control of the page (a list's status menus and row icons
 * are all at the rows' end, where the corner is), it slides toward the start, along the bottom,
 * to the nearest place where it covers none: on a list, over the rows' plain text. Where there is
 * no such place, it keeps the corner. The boxes are the window's (CSS px, left to right).
 */
export function placeToast(
  toast: { width: number; height: number },
  bars: readonly Box[],
  controls: readonly Box[],
  viewport: { width: number; height: number },
  direction: 'ltr' | 'rtl',
): Placement {
  // Distances from the end edge: the same arithmetic for both directions.
  const fromEnd = (box: Box) =>
    direction === 'rtl' ? { near: box.left, far: box.right, top: box.top, bottom: box.bottom } : { near: viewport.width - box.right, far: viewport.width - box.left, top: box.top, bottom: box.bottom };
  const cornerLeft = direction === 'rtl' ? TOAST_MARGIN : viewport.width - TOAST_MARGIN - toast.width;
  const bottom = bottomClearOf({ left: cornerLeft, right: cornerLeft + toast.width, height: toast.height }, bars, viewport.height);
  const corner = { bottom, end: TOAST_MARGIN };

  const bandBottom = viewport.height - bottom;
  const bandTop = bandBottom - toast.height;
  const inBand = [...bars, ...controls]
    .filter((box) => box.bottom > box.top && box.right > box.left)
    .map(fromEnd)
    .filter((box) => box.top < bandBottom + GAP_BESIDE_CONTROL && box.bottom > bandTop - GAP_BESIDE_CONTROL);

  let end = TOAST_MARGIN;
  for (;;) {
    const start = end + toast.width;
    if (start > viewport.width - TOAST_MARGIN) return corner;
    const covered = inBand.filter((box) => box.near < start + GAP_BESIDE_CONTROL && box.far > end - GAP_BESIDE_CONTROL);
    if (!covered.length) return { bottom, end };
    // Past the control furthest from the end among those it covers, and look again from there.
    end = Math.max(...covered.map((box) => box.far)) + GAP_BESIDE_CONTROL;
  }
}
