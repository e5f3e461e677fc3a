import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The shipped TypeScript files under a folder, for the architecture tests (api/test and admin/src).
 * Tests are left out: a test may drive one part's code through another's.
 */
export const shippedSourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return shippedSourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** Relative specifiers of static imports and re-exports, side-effect imports and lazy import()s. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]*)['"]/g;

export const importsOf = (source: string): string[] => [...source.matchAll(IMPORT)].map((match) => match[1]);
