import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import ar from '../i18n/ar';
import { createTheme } from '@mui/material/styles';
import { STATUS_COLORS, VEHICLE_STATUSES, statusChoices, statusColorOnPaper, statusColors } from './status';
import { themes } from '../layout/theme';

/** WCAG relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('vehicle status badges', () => {
  it('give each of the eight statuses its own background', () => {
    expect(Object.keys(STATUS_COLORS)).toEqual([...VEHICLE_STATUSES]);
    expect(new Set(VEHICLE_STATUSES.map((s) => STATUS_COLORS[s].background)).size).toBe(8);
  });

  it('keep the label readable (contrast 4.5:1 or more)', () => {
    const weak = VEHICLE_STATUSES.filter((s) => contrast(STATUS_COLORS[s].background, STATUS_COLORS[s].text) < 4.5);
    expect(weak).toEqual([]);
  });

  it('keep a status heading readable on the paper of either theme (4.5:1 or more)', () => {
    for (const mode of ['light', 'dark'] as const) {
      const paper = createTheme(themes.en[mode]).palette.background.paper;
      const hex = paper === '#fff' ? '#ffffff' : paper;
      const weak = VEHICLE_STATUSES.filter((s) => contrast(statusColorOnPaper(s, mode), hex) < 4.5);
      expect(weak, mode).toEqual([]);
    }
  });

  it('follow the spec for the first four: yellow, blue, purple, green', () => {
    const hue = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      return { r, g, b };
    };
    const yellow = hue(STATUS_COLORS.NEW_PURCHASE.background);
    expect(yellow.r > yellow.b && yellow.g > yellow.b).toBe(true);
    const blue = hue(STATUS_COLORS.DISPATCHED.background);
    expect(blue.b > blue.r && blue.b > blue.g).toBe(true);
    const purple = hue(STATUS_COLORS.AT_WAREHOUSE.background);
    expect(purple.b > purple.g && purple.r > purple.g).toBe(true);
    const green = hue(STATUS_COLORS.LOADED.background);
    expect(green.g > green.r && green.g > green.b).toBe(true);
  });

  it('give an unknown status a neutral badge instead of failing', () => {
    expect(statusColors('LOST_AT_SEA')).toEqual({ background: '#eeeeee', text: '#333333' });
    expect(statusColors('LOADED')).toBe(STATUS_COLORS.LOADED);
  });

  it('label every status in English and Arabic', () => {
    expect(statusChoices.map((c) => c.name)).toEqual(VEHICLE_STATUSES.map((s) => `vehicleStatus.${s}`));
    expect(VEHICLE_STATUSES.map((s) => en.vehicleStatus[s])).toEqual([
      'New Purchase', 'Dispatched', 'In Progress', 'At Warehouse', 'Loaded', 'Shipped', 'At Port', 'Received',
    ]);
    expect(VEHICLE_STATUSES.filter((s) => !/[\u0600-\u06FF]/.test(ar.vehicleStatus[s]))).toEqual([]);
  });
});
