/**
 * A small in-process cache with a time to live and a size cap (least recently used goes first).
 * Entries are grouped so that one write can drop everything of a group (a partner, a user).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { group: string; value: V; expiresAt: number }>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number },
    private readonly now: () => number = Date.now,
  ) {}

  get isEnabled(): boolean {
    return this.options.ttlMs > 0;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // refresh its place in the LRU order
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value` until `expiresAt` (never beyond the cache's time to live). */
  set(key: string, group: string, value: V, expiresAt = Number.POSITIVE_INFINITY): void {
    if (!this.isEnabled) return;
    this.entries.delete(key);
    this.entries.set(key, { group, value, expiresAt: Math.min(expiresAt, this.now() + this.options.ttlMs) });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every entry of a group. */
  deleteGroup(group: string): void {
    for (const [key, entry] of this.entries) if (entry.group === group) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
