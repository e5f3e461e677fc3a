import { createHmac, timingSafeEqual } from 'node:crypto';
import type Keygrip from 'keygrip';
import { LRUCache } from 'lru-cache';

/**
 * The signer behind Koa's signed cookies, in Keygrip's format (HMAC-SHA1, base64url) so cookies
 * signed before stay valid. Keygrip compares through tsscmp, which draws random bytes and computes
 * two more HMACs on every request; Node's timingSafeEqual compares in constant time on its own.
 * Signatures found valid are remembered, so a client's every request does not pay for the HMAC
 * again; a signature that does not match is checked in full every time.
 */
export function cookieSigner(secret: string): Keygrip {
  const sign = (data: string) => createHmac('sha1', secret).update(data).digest('base64url');
  const valid = new LRUCache<string, true>({ max: 10_000 });
  const index = (data: string, digest: string) => {
    const key = `${data}\n${digest}`;
    if (valid.has(key)) return 0;
    const expected = Buffer.from(sign(data));
    const given = Buffer.from(digest);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return -1;
    valid.set(key, true);
    return 0;
  };
  return { sign, index, verify: (data: string, digest: string) => index(data, digest) === 0 };
}
