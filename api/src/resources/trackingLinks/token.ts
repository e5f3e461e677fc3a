import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: 256 bits, far past the 128 a link must have to be unguessable. */
const TOKEN_BYTES = 32;

/**
 * A new raw token, URL-safe (base64url, 43 characters). Never only digits: the console's revoke
 * takes a link's numeric id in the same place as a token (routes.ts).
 */
export function newToken(): string {
  for (;;) {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    if (!/^\d+$/.test(token)) return token;
  }
}

/** What the table keeps of a token: its SHA-256 in hex. A stolen copy of the database opens no link. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The shape of a token newToken makes; anything else is unknown without asking the database. */
export const looksLikeToken = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);
