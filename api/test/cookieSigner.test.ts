import Keygrip from 'keygrip';
import { describe, expect, it } from 'vitest';
import { cookieSigner } from '../src/http/cookieSigner';

/** Koa's signed cookies go through our signer (http/cookieSigner.ts), in Keygrip's format. */
describe('cookie signer', () => {
  const secret = 'test-secret-test-secret-test-secret';
  const signer = cookieSigner(secret);

  it('signs exactly as Keygrip did, so cookies issued before stay valid', () => {
    const keygrip = new Keygrip([secret]);
    for (const data of ['sid=abc', 'sid=Zm9vYmFy-_', 'sid=' + 'x'.repeat(200)]) {
      expect(signer.sign(data)).toBe(keygrip.sign(data));
      expect(signer.index(data, keygrip.sign(data))).toBe(0);
      expect(signer.verify(data, keygrip.sign(data))).toBe(true);
    }
  });

  it('refuses a signature of other data, another secret, a changed character or another length', () => {
    const good = signer.sign('sid=abc');
    expect(signer.index('sid=abd', good)).toBe(-1);
    expect(signer.index('sid=abc', new Keygrip(['another-secret-another-secret']).sign('sid=abc'))).toBe(-1);
    expect(signer.index('sid=abc', (good[0] === 'A' ? 'B' : 'A') + good.slice(1))).toBe(-1);
    expect(signer.index('sid=abc', good.slice(1))).toBe(-1);
    expect(signer.index('sid=abc', '')).toBe(-1);
    expect(signer.verify('sid=abc', good + 'x')).toBe(false);
  });

  it('accepts a signature it found valid again, and still refuses a wrong one for the same data', () => {
    const good = signer.sign('sid=remembered');
    const wrong = (good[0] === 'A' ? 'B' : 'A') + good.slice(1);
    for (let i = 0; i < 3; i++) {
      expect(signer.index('sid=remembered', good)).toBe(0);
      expect(signer.index('sid=remembered', wrong)).toBe(-1);
      expect(signer.index('sid=remembered-not', good)).toBe(-1);
    }
  });
});
