import { alpha, type Theme } from '@mui/material/styles';

/*
 * Colours that follow the theme's mode (light or dark, the user's preference), for the few places
 * that tint a surface themselves: a fixed light grey or black text would be a bright patch or
 * unreadable on the dark theme. In the light theme they are the colours used before.
 */

/** A faint tint of the brand colour behind an icon or a selected navigation entry. */
export const brandTint = (theme: Theme) => alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.1);

/** A panel set a little apart from the paper it sits on (MUI's grey 50 in the light theme). */
export const subtleSurface = (theme: Theme) => (theme.palette.mode === 'dark' ? alpha(theme.palette.common.white, 0.05) : theme.palette.grey[50]);

/** Where a picture will be, while it loads or when there is none (MUI's grey 100 / 200 in the light theme). */
export const placeholderSurface = (theme: Theme) => (theme.palette.mode === 'dark' ? alpha(theme.palette.common.white, 0.08) : theme.palette.grey[100]);

/** A ring that cuts a dot out of the line behind it, in the paper's colour. */
export const paperRing = (theme: Theme) => `0 0 0 3px ${theme.palette.background.paper}`;
