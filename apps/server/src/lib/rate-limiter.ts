/**
 * Fixed-window counters kept in this process. One node is enough for the embedded deployment;
 * several nodes would move these counters to Redis.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait when `key` is already at its limit, else 0. Does not count. */
  retryAfter(key: string): number {
    const window = this.current(key);
    return window && window.count >= this.limit ? Math.ceil((window.resetAt - this.now()) / 1000) : 0;
  }

  /**
   * Counts one hit for `key` unless it is at its limit; answers the seconds to wait then, else 0. Checking and
   * counting happen in one synchronous step, so requests in flight cannot all pass a check before any is counted.
   */
  take(key: string): number {
    const wait = this.retryAfter(key);
    if (wait === 0) this.hit(key);
    return wait;
  }

  /** Gives back one hit of `key`, for a request refused after it was counted. */
  refund(key: string): void {
    const window = this.current(key);
    if (window && window.count > 0) window.count -= 1;
  }

  /** Counts one hit for `key`. */
  hit(key: string): void {
    const now = this.now();
    const window = this.current(key);
    if (window) window.count += 1;
    else this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
    if (this.windows.size > 10_000) this.sweep(now);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string) {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * Counts one hit on every limiter, or none when any of them is at its limit; answers the longest wait then, else 0.
 */
export function takeAll(...hits: Array<[limiter: RateLimiter, key: string]>): number {
  const wait = Math.max(0, ...hits.map(([limiter, key]) => limiter.retryAfter(key)));
  if (wait === 0) for (const [limiter, key] of hits) limiter.hit(key);
  return wait;
}
