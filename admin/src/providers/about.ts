import { API_URL } from './http';

/**
 * This install's version, upload limit and the intranet origins that may frame it (GET
 * /api/about), asked once per page load.
 */
export type About = { version: string; uploadMaxMb: number; parentOrigins?: string[] };

let known: About | undefined;
let asked: Promise<About | undefined> | undefined;

export function loadAbout(): Promise<About | undefined> {
  asked ??= fetch(`${API_URL}/about`, { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<About>) : undefined))
    .then((about) => (known = about))
    .catch(() => {
      asked = undefined; // asked again next time
      return undefined;
    });
  return asked;
}

/** What is known already, without waiting (undefined before the answer came). */
export const aboutNow = (): About | undefined => known;
