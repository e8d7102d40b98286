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
