import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt from Node's crypto, run on libuv's thread pool so a hash never blocks the event loop.
 * Stored as scrypt$N$r$p$salt$hash (base64), so the cost can be raised later per hash: a hash is
 * always checked with the cost it was made with.
 */
// N = 2^15 (PASSWORD_HASH_COST's default, 15): about 100 ms of one core and 32 MiB.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;

/** A hash to verify against when the username is unknown, so both failures take the same time. */
let decoy: Promise<string> | undefined;

/**
 * Sets the cost of the hashes made from now on (config.passwordHashCost, applied by createApp and
 * the command-line tools). Stored hashes keep theirs.
 */
export function setPasswordHashCost(cost: number) {
  if (PARAMS.N === 2 ** cost) return;
  PARAMS.N = 2 ** cost;
  decoy = undefined; // the decoy must cost what checking a real hash costs
}

/** scrypt needs about 128 × N × r bytes: its bound (maxmem) follows the cost, with room to spare. */
const memoryFor = ({ N, r }: { N: number; r: number }) => Math.max(64 * 1024 * 1024, 256 * N * r);

function derive(password: string, salt: Buffer, options: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>>): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: memoryFor(options) }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: +N, r: +r, p: +p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * Whether a stored hash was made at another cost than new ones: the sign-in that checks it stores
 * a new one, so that after PASSWORD_HASH_COST changes every account soon costs the same to check
 * as the decoy of an unknown username (else the time of an answer would tell which names exist).
 */
export const madeAtAnotherCost = (stored: string) => stored.split('$')[1] !== String(PARAMS.N);

export const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString('hex')));
