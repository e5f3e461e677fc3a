import { createHmac, timingSafeEqual } from 'node:crypto';
import type Keygrip from 'keygrip';

/**
 * The signer behind Koa's signed cookies, in Keygrip's format (HMAC-SHA1, base64url) so cookies
 * signed before stay valid. Keygrip compares through tsscmp, which draws random bytes and computes
 * two more HMACs on every request; Node's timingSafeEqual compares in constant time on its own.
 */
export function cookieSigner(secret: string): Keygrip {
  const sign = (data: string) => createHmac('sha1', secret).update(data).digest('base64url');
  const index = (data: string, digest: string) => {
    const expected = Buffer.from(sign(data));
    const given = Buffer.from(digest);
    return given.length === expected.length && timingSafeEqual(given, expected) ? 0 : -1;
  };
  return { sign, index, verify: (data: string, digest: string) => index(data, digest) === 0 };
}
