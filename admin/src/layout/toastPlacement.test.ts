import { describe, expect, it } from 'vitest';
import { TOAST_MARGIN, bottomClearOf } from './toastPlacement';

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
