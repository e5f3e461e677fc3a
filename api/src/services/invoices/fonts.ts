import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The invoice fonts, read once per thread: Roboto for Latin text, digits and amounts, Amiri (a
 * Naskh face) for Arabic. Both ship in npm packages, so an offline install has them; Typst finds
 * them by family name and never looks at the system's fonts.
 */
const FILES = [
  '@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf',
  '@expo-google-fonts/roboto/700Bold/Roboto_700Bold.ttf',
  '@expo-google-fonts/amiri/400Regular/Amiri_400Regular.ttf',
  '@expo-google-fonts/amiri/700Bold/Amiri_700Bold.ttf',
];

export const invoiceFontBlobs = (): Buffer[] => FILES.map((file) => readFileSync(require.resolve(file)));
