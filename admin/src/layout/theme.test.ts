import { describe, expect, it } from 'vitest';
import { SELECT_POPUP_MARGIN } from '../common/selectPopup';
import { themes } from './theme';

describe('theme constants (SPEC.md §9)', () => {
  it("keeps a select's popup 10 px from the window's edges, in both languages", () => {
    expect(SELECT_POPUP_MARGIN).toBe(10);
    for (const theme of [themes.en, themes.ar]) {
      expect((theme.components?.MuiSelect?.defaultProps?.MenuProps as { marginThreshold?: number } | undefined)?.marginThreshold).toBe(10);
    }
  });

  it('has the 240 px side navigation', () => {
    expect(themes.en.sidebar?.width).toBe(240);
    expect(themes.ar.sidebar?.width).toBe(240);
  });
});

describe("MUI's own texts", () => {
  it('are Arabic on Arabic pages and keep the theme’s own settings of the same components', () => {
    const autocomplete = (language: 'en' | 'ar') => themes[language].components?.MuiAutocomplete?.defaultProps as { clearText?: string; fullWidth?: boolean };
    expect(autocomplete('ar').clearText).toBe('مسح');
    expect(autocomplete('ar').fullWidth).toBe(true);
    expect(autocomplete('en').clearText).toBeUndefined(); // MUI's English default
    expect(autocomplete('en').fullWidth).toBe(true);
  });
});
