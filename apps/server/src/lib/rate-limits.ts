import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors.ts';

/**
 * Fixed-window counters through `rate-limiter-flexible`: in this process on one node, in Redis (`REDIS_URL`) where
 * several nodes must count together. Each count is one atomic step in its store, so requests in flight, on this node
 * or another, cannot all pass a check before any is counted.
 */
export interface RateLimit {
  /** Counts one hit for `key` unless it is at its limit; answers the seconds to wait then, else 0. */
  take(key: string): Promise<number>;
  /** Gives back one hit of `key`, for a request refused after it was counted. */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface RateLimits {
  /** A limit of `points` hits per `windowMs` for each key, named so that every node finds the same counters. */
  create(name: string, points: number, windowMs: number): RateLimit;
  readonly store: 'memory' | 'redis';
}

/** A store that does not answer: the request is refused (503) rather than let through uncounted. */
function storeUnavailable(cause: unknown): AppError {
  const error = new AppError('ServiceUnavailable', 'The rate limit store does not answer, please try again.');
  error.cause = cause;
  return error;
}

/** Where every limit's counters live: Redis when a client is given, else this process. */
export function createRateLimits(options: { redis?: Redis; keyPrefix?: string } = {}): RateLimits {
  const { redis } = options;
  const prefix = options.keyPrefix ?? 'limit';
  return {
    store: redis ? 'redis' : 'memory',
    create(name, points, windowMs) {
      const settings = { keyPrefix: `${prefix}:${name}`, points, duration: Math.ceil(windowMs / 1000) };
      const limiter: RateLimiterAbstract = redis
        ? new RateLimiterRedis({ ...settings, storeClient: redis })
        : new RateLimiterMemory(settings);
      return {
        async take(key) {
          try {
            await limiter.consume(key);
            return 0;
          } catch (refusal) {
            if (!(refusal instanceof RateLimiterRes)) throw storeUnavailable(refusal);
            // a refused hit is not counted, so it does not push the limit further
            await limiter.reward(key);
            return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
          }
        },
        async refund(key) {
          const current = await limiter.get(key);
          if (current && current.consumedPoints > 0) await limiter.reward(key);
        },
        async reset(key) {
          await limiter.delete(key);
        },
      };
    },
  };
}

/**
 * Counts one hit on every limit, or none when any of them is at its limit; answers the longest wait then, else 0.
 * Each limit is asked, and the hits counted are given back on a refusal, so a limit is never passed; two requests
 * racing for the last hit may both be refused.
 */
export async function takeAll(...hits: Array<[limit: RateLimit, key: string]>): Promise<number> {
  const waits = await Promise.all(hits.map(([limit, key]) => limit.take(key)));
  const wait = Math.max(0, ...waits);
  if (wait > 0) {
    await Promise.all(hits.map(([limit, key], index) => (waits[index] === 0 ? limit.refund(key) : undefined)));
  }
  return wait;
}
