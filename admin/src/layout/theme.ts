import { arSD } from '@mui/material/locale';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { Language } from '../i18n/language';
import { directionOf } from '../i18n/language';
import { SELECT_POPUP_MARGIN } from '../common/selectPopup';
import type { ThemeMode } from '../providers/themePreference';

/** Local fonts only (no web font service): Arabic falls back to the system's Arabic faces. */
const FONT_FAMILY = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Noto Sans"',
  '"Noto Sans Arabic"',
  'Tahoma',
  '"DejaVu Sans"',
  'Arial',
  'sans-serif',
].join(',');

type Components = NonNullable<RaThemeOptions['components']>;
type ComponentSettings = { defaultProps?: object };

/**
 * MUI's own texts (an Autocomplete's Clear, Open and No options, an Alert's Close, pagination) in
 * Arabic on Arabic pages: MUI's Arabic localization, laid under the theme's component settings
 * (both set MuiAutocomplete's default props: the two are merged). English needs none.
 */
function withMuiTexts(language: Language, components: Components): Components {
  const texts = (language === 'ar' ? arSD.components : {}) as Record<string, ComponentSettings>;
  const own = components as Record<string, ComponentSettings>;
  const merged: Record<string, ComponentSettings> = { ...texts, ...own };
  for (const name of Object.keys(texts)) {
    if (own[name]) merged[name] = { ...own[name], defaultProps: { ...texts[name].defaultProps, ...own[name].defaultProps } };
  }
  return merged as Components;
}

/**
 * The two palettes. Light: the brand's dark blue on a pale grey page. Dark: the same blue,
 * lightened so that it reads on the dark surfaces, over near-black greys; body text keeps at
 * least 4.5:1 against every surface (WCAG AA, theme.test.ts measures it).
 */
const PALETTES = {
  light: {
    mode: 'light',
    primary: { main: '#1f4e79' },
    secondary: { main: '#1f4e79' },
    background: { default: '#f5f6f8' },
  },
  dark: {
    mode: 'dark',
    primary: { main: '#8cb8e4' },
    secondary: { main: '#8cb8e4' },
    background: { default: '#121417', paper: '#1b1e22' },
  },
} as const satisfies Record<ThemeMode, RaThemeOptions['palette']>;

/**
 * A user who asked their system for less motion (an accessibility setting) gets the console
 * without its slides, fades, ripples and spinning: every transition and animation ends at once,
 * and one that repeats (a loading spinner, a skeleton's pulse) runs once and stops. Declared
 * important so that it also reaches the transitions MUI sets inline (a dialog's fade, a drawer).
 */
const REDUCED_MOTION = '@media (prefers-reduced-motion: reduce)';
const STILL = {
  '*, *::before, *::after': {
    animationDuration: '0.01ms !important',
    animationIterationCount: '1 !important',
    transitionDuration: '0.01ms !important',
    transitionDelay: '0s !important',
    scrollBehavior: 'auto !important',
  },
};

function buildTheme(language: Language, mode: ThemeMode): RaThemeOptions {
  const base = mode === 'dark' ? defaultDarkTheme : defaultLightTheme;
  return {
    ...base,
    direction: directionOf(language),
    palette: PALETTES[mode],
    typography: { fontFamily: FONT_FAMILY, button: { textTransform: 'none', fontWeight: 600 } },
    sidebar: { width: 240, closedWidth: 55 },
    components: withMuiTexts(language, {
      ...base.components,
      MuiCssBaseline: { styleOverrides: { [REDUCED_MOTION]: STILL } },
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { whiteSpace: 'nowrap' } } },
      // SPEC.md §9: a select's popup keeps 10 px from the window's edges (MUI's default is 16).
      MuiSelect: { defaultProps: { MenuProps: { marginThreshold: SELECT_POPUP_MARGIN } } },
      // Wide tables scroll inside their card on small screens instead of widening the page.
      // (every flex level must be allowed to be narrower than its content for that).
      RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } } },
      RaList: { styleOverrides: { root: { minWidth: 0, '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } } } },
      // The bulk actions bar opens above the table, in the flow: react-admin slides it up over the
      // filters, where the scrolling table card above would cut it off. Collapsed (nothing selected)
      // it is also invisible to the keyboard and to screen readers: react-admin only squeezes it to
      // 0 px, which leaves its buttons in the Tab order.
      RaBulkActionsToolbar: {
        styleOverrides: {
          root: {
            '& .RaBulkActionsToolbar-toolbar': { position: 'relative', transform: 'none', borderRadius: 0 },
            '& .RaBulkActionsToolbar-collapsed': { minHeight: 0, height: 0, overflowY: 'hidden', visibility: 'hidden' },
          },
        },
      },
    }),
  };
}

/** The console's theme by language (direction, MUI's texts) and mode (the user's preference). */
export const themes: Record<Language, Record<ThemeMode, RaThemeOptions>> = {
  en: { light: buildTheme('en', 'light'), dark: buildTheme('en', 'dark') },
  ar: { light: buildTheme('ar', 'light'), dark: buildTheme('ar', 'dark') },
};
