import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The invoice fonts, read once per thread: Roboto for Latin, Greek and Cyrillic text, digits and
 * amounts, Amiri (a Naskh face) for Arabic. Both ship in npm packages, so an offline install lays
 * out English and Arabic invoices the same on every machine. Typst also knows the machine's fonts
 * and its own: only a script neither of ours has (a buyer's name in Chinese, say) is set in one
 * of those, rather than printed as empty boxes.
 */
const FILES = [
  '@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf',
  '@expo-google-fonts/roboto/700Bold/Roboto_700Bold.ttf',
  '@expo-google-fonts/amiri/400Regular/Amiri_400Regular.ttf',
  '@expo-google-fonts/amiri/700Bold/Amiri_700Bold.ttf',
];

export const invoiceFontBlobs = (): Buffer[] => FILES.map((file) => readFileSync(require.resolve(file)));
