import type { Knex } from 'knex';
import type { RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { limitKey, seconds, storeFor, take } from '../auth/throttle';

/**
 * Tokens are 256 random bits, so guessing one is hopeless; the limit keeps anyone from trying at
 * scale and from hammering the database. Counted per client address in `rate_limits` (shared by
 * every API process, like the sign-in limits): each unknown, expired or revoked token takes a
 * point, and an address past the limit is refused (429) for every tracking request, known tokens
 * included, until its window ends. A buyer reading a valid link (its page and thumbnails) takes
 * no point at all.
 */
export const UNKNOWN_TOKENS_PER_ADDRESS = 20;
export const GUESS_WINDOW_S = 15 * 60;

export type GuessThrottle = {
  /** The seconds to wait when this address has used its misses, else null. */
  refusal(ip: string): Promise<number | null>;
  /** A token that opened nothing: the address's miss is counted; answers the wait if now past the limit. */
  missed(ip: string): Promise<number | null>;
};

export function guessThrottle(db: Knex): GuessThrottle {
  let limiter: Promise<RateLimiterStoreAbstract> | undefined;
  const get = () =>
    (limiter ??= storeFor(db)
      .then((store) => store({ keyPrefix: 'track-miss', points: UNKNOWN_TOKENS_PER_ADDRESS, duration: GUESS_WINDOW_S }))
      .catch((err) => {
        limiter = undefined;
        throw err;
      }));
  return {
    async refusal(ip) {
      const res = await (await get()).get(limitKey(ip));
      return res && res.consumedPoints >= UNKNOWN_TOKENS_PER_ADDRESS ? seconds(res) : null;
    },
    async missed(ip) {
      const taken = await take(await get(), limitKey(ip));
      return taken.refused ? seconds(taken.res) : null;
    },
  };
}
