import { createTheme, decomposeColor, getContrastRatio, hexToRgb } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { SELECT_POPUP_MARGIN } from '../common/selectPopup';
import { themes } from './theme';

describe('theme constants (SPEC.md §9)', () => {
  it("keeps a select's popup 10 px from the window's edges, in both languages", () => {
    expect(SELECT_POPUP_MARGIN).toBe(10);
    for (const theme of [themes.en.light, themes.ar.light, themes.en.dark, themes.ar.dark]) {
      expect((theme.components?.MuiSelect?.defaultProps?.MenuProps as { marginThreshold?: number } | undefined)?.marginThreshold).toBe(10);
    }
  });

  it('has the 240 px side navigation', () => {
    for (const mode of ['light', 'dark'] as const) {
      expect(themes.en[mode].sidebar?.width).toBe(240);
      expect(themes.ar[mode].sidebar?.width).toBe(240);
    }
  });
});

describe("MUI's own texts", () => {
  it('are Arabic on Arabic pages and keep the theme’s own settings of the same components', () => {
    const autocomplete = (language: 'en' | 'ar') => themes[language].dark.components?.MuiAutocomplete?.defaultProps as { clearText?: string; fullWidth?: boolean };
    expect(autocomplete('ar').clearText).toBe('مسح');
    expect(autocomplete('ar').fullWidth).toBe(true);
    expect(autocomplete('en').clearText).toBeUndefined(); // MUI's English default
    expect(autocomplete('en').fullWidth).toBe(true);
  });
});

const rgbOf = (color: string) => decomposeColor(color.startsWith('#') ? hexToRgb(color) : color).values;

/** A colour over a surface, as the eye sees it: translucent text (MUI's secondary text) or an overlay. */
function over(color: string, surface: string, opacity?: number): string {
  const top = rgbOf(color);
  const below = rgbOf(surface);
  const a = opacity ?? top[3] ?? 1;
  return `rgb(${[0, 1, 2].map((i) => Math.round(top[i] * a + below[i] * (1 - a))).join(',')})`;
}

/**
 * The surfaces text sits on: the page and the paper; in dark mode also the lightest paper, a
 * dialog's (MUI lays a white overlay over elevated paper, 16 % at elevation 24).
 */
function surfacesOf(theme: ReturnType<typeof createTheme>): Record<string, string> {
  const { background } = theme.palette;
  const surfaces: Record<string, string> = { page: background.default, paper: background.paper };
  if (theme.palette.mode === 'dark') surfaces.dialog = over('#ffffff', background.paper, 0.16);
  return surfaces;
}

describe('the light and dark themes', () => {
  it('keep body text, secondary text and primary-coloured text at 4.5:1 or more on every surface, in both languages', () => {
    const measured: Record<string, number> = {};
    for (const language of ['en', 'ar'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        const theme = createTheme(themes[language][mode]);
        expect(theme.palette.mode).toBe(mode);
        expect(theme.direction).toBe(language === 'ar' ? 'rtl' : 'ltr');
        const texts = { text: theme.palette.text.primary, secondary: theme.palette.text.secondary, primary: theme.palette.primary.main };
        for (const [surface, background] of Object.entries(surfacesOf(theme))) {
          for (const [name, text] of Object.entries(texts)) {
            measured[`${language} ${mode} ${name} on ${surface}`] = getContrastRatio(over(text, background), over(background, background));
          }
        }
      }
    }
    expect(Object.keys(measured)).toHaveLength(2 * (2 * 3 + 3 * 3));
    for (const [what, ratio] of Object.entries(measured)) expect(ratio, what).toBeGreaterThanOrEqual(4.5);
  });

  it('makes the dark theme dark: a near-black page and paper, light text', () => {
    for (const language of ['en', 'ar'] as const) {
      const dark = createTheme(themes[language].dark);
      expect(getContrastRatio(dark.palette.background.default, '#000')).toBeLessThan(1.3);
      expect(getContrastRatio(dark.palette.background.paper, '#000')).toBeLessThan(1.5);
      expect(getContrastRatio(over(dark.palette.text.primary, '#000000'), '#ffffff')).toBeLessThan(1.1);
    }
  });
});
