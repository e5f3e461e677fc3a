import { arSD } from '@mui/material/locale';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { Language } from '../i18n/language';
import { directionOf } from '../i18n/language';
import { SELECT_POPUP_MARGIN } from '../common/selectPopup';
import { THEME_IN_USE } from './themePreference';

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

function buildTheme(language: Language): RaThemeOptions {
  return {
    ...defaultLightTheme,
    direction: directionOf(language),
    palette: {
      mode: THEME_IN_USE, // SPEC.md §1: forced to light in use, whatever the stored preference
      primary: { main: '#1f4e79' },
      secondary: { main: '#1f4e79' },
      background: { default: '#f5f6f8' },
    },
    typography: { fontFamily: FONT_FAMILY, button: { textTransform: 'none', fontWeight: 600 } },
    sidebar: { width: 240, closedWidth: 55 },
    components: withMuiTexts(language, {
      ...defaultLightTheme.components,
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

export const themes: Record<Language, RaThemeOptions> = { en: buildTheme('en'), ar: buildTheme('ar') };
