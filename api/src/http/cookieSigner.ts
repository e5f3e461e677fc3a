import { createHmac, timingSafeEqual } from 'node:crypto';
import type Keygrip from 'keygrip';

/**
 * What koa signs and checks its signed cookies with (`app.keys`: koa and cookies take "an array of
 * keys, or a Keygrip object"), signing exactly as Keygrip does by default (HMAC-SHA1, base64url
 * without padding), so every cookie signed before stays valid and either can check the other's.
 *
 * Why not the array: cookies builds a new Keygrip from it on every request, and Keygrip compares a
 * signature in constant time by two more HMACs under a fresh random key (tsscmp). Checking the
 * session cookie that way took a twelfth of a vehicle's GET; Node's timingSafeEqual compares in
 * constant time with no HMAC at all.
 */
export function cookieSigner(keys: readonly string[]): Keygrip {
  if (!keys.length) throw new Error('cookieSigner: at least one key is needed');
  const signWith = (data: unknown, key: string) => createHmac('sha1', key).update(String(data)).digest('base64url');
  const index = (data: unknown, digest: string): number => {
    const given = Buffer.from(String(digest));
    for (let i = 0; i < keys.length; i++) {
      const expected = Buffer.from(signWith(data, keys[i]));
      if (given.length === expected.length && timingSafeEqual(given, expected)) return i;
    }
    return -1;
  };
  return {
    sign: (data: unknown) => signWith(data, keys[0]),
    verify: (data: unknown, digest: string) => index(data, digest) > -1,
    index,
  };
}
