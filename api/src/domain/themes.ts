/** The console's theme preferences: light, dark, or the operating system's ('system', the default). */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
