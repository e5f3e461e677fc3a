import { memoryStore } from 'react-admin';

/**
 * react-admin's store (list parameters, the sidebar, the locale), kept in memory. A module of its
 * own so that code outside components can set the locale: the user's stored language is applied
 * while the current user loads, before the first signed-in page renders (switchLanguage.ts).
 */
export const store = memoryStore();
