import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import type { Language } from '../i18n/language';

/**
 * Right-to-left needs more than `direction: rtl`: the RTL cache flips every left/right in the
 * styles (margins, paddings, borders, positions), so MUI and react-admin mirror as a whole.
 */
export const emotionCaches = {
  en: createCache({ key: 'mui' }),
  ar: createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] }),
} satisfies Record<Language, ReturnType<typeof createCache>>;
