import { describe, expect, it } from 'vitest';
import { TOAST_MARGIN, bottomClearOf, placeToast } from './toastPlacement';

// A 1440 x 900 window; the toast sits in the bottom end corner, 400 px wide and 60 px high.
const VIEWPORT = 900;
const toast = { left: 1016, right: 1416, height: 60 };
const box = (top: number, bottom: number, left: number, right: number) => ({ top, bottom, left, right });

describe('where a toast goes (clear of action bars)', () => {
  it('keeps its corner when nothing is under it', () => {
    expect(bottomClearOf(toast, [], VIEWPORT)).toBe(TOAST_MARGIN);
    // A dialog's buttons in the middle of the screen, or a bar on the other side, are not in the way.
    expect(bottomClearOf(toast, [box(500, 552, 420, 1020)], VIEWPORT)).toBe(TOAST_MARGIN);
    expect(bottomClearOf(toast, [box(836, 900, 240, 900)], VIEWPORT)).toBe(TOAST_MARGIN);
  });

  it('sits above the sticky Save bar it would cover', () => {
    const saveBar = box(836, 900, 240, 1440);
    const bottom = bottomClearOf(toast, [saveBar], VIEWPORT);
    expect(VIEWPORT - bottom).toBeLessThanOrEqual(saveBar.top);
  });

  it('sits above a dialog\'s buttons, and above a second bar it then meets', () => {
    const saveBar = box(836, 900, 240, 1440);
    const dialogActions = box(760, 820, 270, 1170);
    const bottom = bottomClearOf(toast, [dialogActions, saveBar], VIEWPORT);
    expect(VIEWPORT - bottom).toBeLessThanOrEqual(dialogActions.top);
  });

  it('ignores bars that are not on screen (no size)', () => {
    expect(bottomClearOf(toast, [box(0, 0, 0, 0)], VIEWPORT)).toBe(TOAST_MARGIN);
  });
});

describe('where a toast goes on a list (clear of the rows\' controls)', () => {
  const window1440 = { width: 1440, height: 900 };
  const size = { width: 400, height: 60 };
  // The bottom rows of the vehicles list at 1440 px: a checkbox, the VIN link, the status menu and two icons per row.
  const row = (top: number) => [box(top + 8, top + 44, 260, 300), box(top + 14, top + 38, 360, 540), box(top + 6, top + 46, 1090, 1262), box(top + 10, top + 40, 1300, 1334), box(top + 10, top + 40, 1340, 1374)];
  const rows = [...row(740), ...row(793), ...row(846)];
  const mirrored = (boxes: ReturnType<typeof box>[]) => boxes.map((b) => box(b.top, b.bottom, 1440 - b.right, 1440 - b.left));
  const toastBox = (placement: { bottom: number; end: number }, direction: 'ltr' | 'rtl') => {
    const right = direction === 'ltr' ? 1440 - placement.end : placement.end + size.width;
    return box(900 - placement.bottom - size.height, 900 - placement.bottom, right - size.width, right);
  };
  const covers = (a: ReturnType<typeof box>, b: ReturnType<typeof box>) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  it('keeps the corner when nothing pressable is under it', () => {
    expect(placeToast(size, [], [], window1440, 'ltr')).toEqual({ bottom: TOAST_MARGIN, end: TOAST_MARGIN });
    expect(placeToast(size, [], row(100), window1440, 'ltr')).toEqual({ bottom: TOAST_MARGIN, end: TOAST_MARGIN });
  });

  it('slides along the bottom, off the status menus and icons, onto the rows\' plain text', () => {
    for (const direction of ['ltr', 'rtl'] as const) {
      const controls = direction === 'ltr' ? rows : mirrored(rows);
      const placement = placeToast(size, [], controls, window1440, direction);
      expect(placement.bottom).toBe(TOAST_MARGIN);
      expect(placement.end).toBeGreaterThan(TOAST_MARGIN);
      const shown = toastBox(placement, direction);
      expect(controls.filter((control) => covers(shown, control))).toEqual([]);
      // The nearest such place to the corner: just before the status menus.
      expect(placement.end).toBe(1440 - 1090 + 8);
    }
  });

  it('keeps the corner where no place along the bottom is free', () => {
    const everywhere = [0, 200, 400, 600, 800, 1000, 1200].map((left) => box(850, 880, left, left + 190));
    expect(placeToast(size, [], everywhere, window1440, 'ltr')).toEqual({ bottom: TOAST_MARGIN, end: TOAST_MARGIN });
  });

  it('is lifted above a bar first, then kept off the controls at that height', () => {
    const saveBar = box(836, 900, 240, 1440);
    const field = box(740, 790, 1000, 1420);
    const placement = placeToast(size, [saveBar], [field], window1440, 'ltr');
    expect(900 - placement.bottom).toBeLessThanOrEqual(saveBar.top);
    expect(covers(toastBox(placement, 'ltr'), field)).toBe(false);
    expect(covers(toastBox(placement, 'ltr'), saveBar)).toBe(false);
  });
});
