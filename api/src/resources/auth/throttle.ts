import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { RateLimiterMySQL, RateLimiterRes, RateLimiterSQLite, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { directStoreClient, isMysql, selectRows } from '../../db';
import { backoff, isContentionVictim, WRITE_ATTEMPTS } from '../writeTransaction';

/**
 * Sign-in and registration limits, counted in the database (table `rate_limits`) by
 * rate-limiter-flexible, so every API process shares them. Each attempt takes its point in one
 * atomic upsert *before* the password is checked: concurrent guesses cannot all slip in under
 * the limit.
 *
 * - Per username and address: 10 attempts in 15 minutes, then that address waits out the window.
 *   This is the hard limit; it never touches the same account signing in from elsewhere.
 * - Per username, from every address: 10 attempts in 15 minutes freely; beyond them one attempt
 *   at a time, the next allowed after a delay that doubles with the attempts (1 s up to a minute).
 *   Guessing from many addresses is slowed to about one guess a minute, and the owner, the super
 *   admin included, still signs in after at most that delay: never locked out for 15 minutes.
 * - Per address: 50 sign-in attempts in 15 minutes over all usernames; 20 registrations an hour (an office signing up its staff shares one address).
 * - A browser with a valid device cookie for the username (deviceCookie.ts) is counted apart:
 *   10 attempts per device in 15 minutes, and none of the limits above, so guesses from anywhere
 *   else never refuse the owner's own browser, and guesses from it never count against others.
 */
export const SIGN_IN_WINDOW_S = 15 * 60;
export const ATTEMPTS_PER_USERNAME_AND_ADDRESS = 10;
export const FREE_ATTEMPTS_PER_USERNAME = 10;
export const SIGN_IN_ATTEMPTS_PER_ADDRESS = 50;
export const REGISTRATIONS_PER_ADDRESS = 20;
export const ATTEMPTS_PER_DEVICE = 10;
const MAX_DELAY_S = 60;

/** The next attempt's delay once a username is past its free attempts: 1, 2, 4 ... 60 s. */
export const delayAfter = (attemptsOver: number) => Math.min(2 ** Math.max(attemptsOver - 1, 0), MAX_DELAY_S);

/** Keys are hashes: the table holds no e-mail address or IP, and every key fits the column. */
export const limitKey = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

export type Refusal = { retryAfterS: number; reason: 'address' | 'usernameAndAddress' | 'usernameDelay' | 'registrations' | 'device' };

export type SignInThrottle = {
  /** Takes this attempt's points; answers a refusal when a limit is passed. */
  /** `device`: the id of a valid device cookie for this username; its attempts are counted apart. */
  beforeSignIn(username: string, ip: string, device?: string | null): Promise<Refusal | null>;
  /** A right password: this username's attempts (from this address, from all, from the device) are forgotten. */
  signedIn(username: string, ip: string, device?: string | null): Promise<void>;
  beforeRegister(ip: string): Promise<Refusal | null>;
};

export type LimiterOptions = { keyPrefix: string; points: number; duration: number };

/** A maker of limiters counted in `rate_limits` on this database (shared by every API process). */
export async function storeFor(db: Knex): Promise<(options: LimiterOptions) => RateLimiterStoreAbstract> {
  const common = { storeClient: db, storeType: 'knex', tableName: 'rate_limits', tableCreated: true };
  // SQLite: each of the store's calls takes the writer first (db/sqlite/directWriterClient.ts), as
  // it reads a write's result at once; a long transaction makes it wait (a 503 past the deadline).
  // Expired counts are removed by the server (deleteExpiredLimits), not by the store's own timer:
  // that timer outlives a closed database and then fails with nothing to catch its error.
  if (!isMysql(db)) return (options) => new RateLimiterSQLite({ ...common, storeClient: directStoreClient(db), ...options, clearExpiredByTimeout: false });
  // The MySQL store names the table with its database; ours is the connection's own.
  const [{ name }] = await selectRows<{ name: string }>(db, 'select database() as name', []);
  return (options) => new RateLimiterMySQL({ ...common, dbName: name, ...options, clearExpiredByTimeout: false });
}

/** How often a server removes the counts that expired over an hour ago (server.ts). */
export const EXPIRED_LIMITS_EVERY_MS = 5 * 60_000;

/** Removes the rate-limit counts that expired over an hour ago, as the stores' own timers did. */
export async function deleteExpiredLimits(db: Knex, now = Date.now()): Promise<number> {
  return db('rate_limits').where('expire', '<', now - 3_600_000).delete();
}

/**
 * A change of a count, run again when refused as a deadlock (InnoDB's victim, or a Galera
 * certification conflict): nothing of it was kept, so running it again is safe.
 */
async function retried<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isContentionVictim(err) || attempt >= WRITE_ATTEMPTS) throw err;
      await backoff(attempt);
    }
  }
}

/** A refusal when the limiter says the points are spent; database failures go on up (503). */
export async function take(limiter: RateLimiterStoreAbstract, key: string, options?: { customDuration: number }) {
  for (let attempt = 1; ; attempt++) {
    try {
      return { res: await limiter.consume(key, 1, options), refused: false };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { res: err, refused: true };
      // InnoDB may pick a concurrent upsert of a new key as a deadlock victim, and a Galera
      // cluster refuses the second of two nodes' upserts of one key (the address's count, which
      // every sign-in from behind one proxy shares) at certification: its points were rolled
      // back, so taking them again is safe, after a jittered pause so the two do not meet again.
      if (isContentionVictim(err) && attempt < WRITE_ATTEMPTS) {
        await backoff(attempt);
        continue;
      }
      throw err;
    }
  }
}

export const seconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

export function signInThrottle(db: Knex): SignInThrottle {
  let limiters: ReturnType<typeof build> | undefined;
  async function build() {
    const store = await storeFor(db);
    return {
      address: store({ keyPrefix: 'address', points: SIGN_IN_ATTEMPTS_PER_ADDRESS, duration: SIGN_IN_WINDOW_S }),
      usernameAndAddress: store({ keyPrefix: 'user-address', points: ATTEMPTS_PER_USERNAME_AND_ADDRESS, duration: SIGN_IN_WINDOW_S }),
      username: store({ keyPrefix: 'user', points: FREE_ATTEMPTS_PER_USERNAME, duration: SIGN_IN_WINDOW_S }),
      // One attempt per delay once past the free ones: the first to take the slot goes on.
      usernameSlot: store({ keyPrefix: 'user-slot', points: 1, duration: 1 }),
      registrations: store({ keyPrefix: 'register', points: REGISTRATIONS_PER_ADDRESS, duration: 60 * 60 }),
      device: store({ keyPrefix: 'device', points: ATTEMPTS_PER_DEVICE, duration: SIGN_IN_WINDOW_S }),
    };
  }
  const get = () => (limiters ??= build().catch((err) => {
    limiters = undefined;
    throw err;
  }));

  return {
    async beforeSignIn(username, ip, device) {
      const l = await get();
      if (device) {
        const own = await take(l.device, limitKey(username, device));
        return own.refused ? { retryAfterS: seconds(own.res), reason: 'device' } : null;
      }
      const address = await take(l.address, limitKey(ip));
      if (address.refused) return { retryAfterS: seconds(address.res), reason: 'address' };
      const pair = await take(l.usernameAndAddress, limitKey(username, ip));
      if (pair.refused) return { retryAfterS: seconds(pair.res), reason: 'usernameAndAddress' };
      const user = await take(l.username, limitKey(username));
      if (!user.refused) return null;
      const over = user.res.consumedPoints - FREE_ATTEMPTS_PER_USERNAME;
      const slot = await take(l.usernameSlot, limitKey(username), { customDuration: delayAfter(over) });
      return slot.refused ? { retryAfterS: seconds(slot.res), reason: 'usernameDelay' } : null;
    },
    async signedIn(username, ip, device) {
      const l = await get();
      if (device) await retried(() => l.device.delete(limitKey(username, device)));
      await retried(() => l.usernameAndAddress.delete(limitKey(username, ip)));
      // The owner knows the password: the username's count starts again, or a user who signs in
      // often (tabs, phones, an intranet page) would be slowed by their own sign-ins.
      await retried(() => l.username.delete(limitKey(username)));
      // The address's count is shared by every sign-in from behind one proxy: on a Galera
      // cluster two nodes' rewards of it at once conflict, and the refused one is given again.
      await retried(() => l.address.reward(limitKey(ip)));
    },
    async beforeRegister(ip) {
      const l = await get();
      const taken = await take(l.registrations, limitKey(ip));
      return taken.refused ? { retryAfterS: seconds(taken.res), reason: 'registrations' } : null;
    },
  };
}
