import Keygrip from 'keygrip';
import { describe, expect, it } from 'vitest';
import { cookieSigner } from '../src/http/cookieSigner';

/**
 * The app's cookie signer signs as Keygrip does (cookies signed before it stay valid, and either
 * checks the other's) and refuses any other signature, whatever its length.
 */
describe('cookie signer', () => {
  const secret = 'a session secret of some length';
  const data = ['sid=0b7c3f0e-8f5e-4a55-a4d8-6a3f0c1f9e21', 'device-00232154cf6274558d14=135e2545e3e6f447292434ec1cc814d2', 'x=', 'سيارة=١'];

  it('signs exactly as Keygrip, and accepts what Keygrip signed', () => {
    const ours = cookieSigner([secret]);
    const theirs = new Keygrip([secret]);
    for (const value of data) {
      expect(ours.sign(value)).toBe(theirs.sign(value));
      expect(ours.verify(value, theirs.sign(value))).toBe(true);
      expect(theirs.verify(value, ours.sign(value))).toBe(true);
    }
  });

  it('refuses a signature that is changed, cut, lengthened, empty or another key\'s', () => {
    const ours = cookieSigner([secret]);
    const value = data[0];
    const good = ours.sign(value);
    const flipped = `${good[0] === 'A' ? 'B' : 'A'}${good.slice(1)}`;
    for (const bad of [flipped, good.slice(0, -1), `${good}A`, '', new Keygrip(['another secret']).sign(value)]) {
      expect(ours.verify(value, bad)).toBe(false);
      expect(ours.index(value, bad)).toBe(-1);
    }
    expect(ours.verify(`${value}x`, good)).toBe(false);
    // A good signature checked (and remembered) does not make a forged one for the same data pass.
    expect(ours.verify(value, good)).toBe(true);
    expect(ours.verify(value, good)).toBe(true);
    expect(ours.verify(value, flipped)).toBe(false);
    expect(ours.verify(`${value}x`, good)).toBe(false);
  });

  it('names which key signed, the first one signing (a key being rotated out still verifies)', () => {
    const rotated = cookieSigner(['new secret', secret]);
    const value = data[0];
    expect(rotated.index(value, new Keygrip([secret]).sign(value))).toBe(1);
    expect(rotated.index(value, rotated.sign(value))).toBe(0);
    expect(rotated.sign(value)).toBe(new Keygrip(['new secret']).sign(value));
    expect(() => cookieSigner([])).toThrow(/at least one key/);
  });
});
