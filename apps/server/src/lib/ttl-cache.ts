/** Called between a cache miss's load and its store; tests use it to hold a read while a write finishes. */
export type BeforeCacheStore = (cache: string, key: string) => Promise<void>;

export interface TtlCacheOptions {
  /** Names the cache for `beforeStore`. */
  name: string;
  ttlMs: number;
  maxEntries: number;
  beforeStore?: BeforeCacheStore;
}

const MAX_DROP_RECORDS = 10_000;

interface Entry<V> {
  key: string;
  group: string;
  value: V;
  expiresAt: number;
  /** The neighbours in the order of use: `older` is used less recently. */
  older: Entry<V> | undefined;
  newer: Entry<V> | undefined;
}

/**
 * A small in-process cache with a time to live and a size cap (least recently used goes first).
 * Entries are grouped so that one write can drop everything of a group (a partner, a session).
 *
 * A hit is one lookup: the order of use is a list through the entries themselves, so it does not delete and insert
 * the key again, and a group's drop visits that group's entries only.
 *
 * A read that misses loads from the database and then stores what it loaded. A write that finishes while that
 * load is in flight has already dropped the group, so the load's result may be what the write replaced: every
 * drop is numbered, a load takes the current number first, and its result is stored only when its group has
 * not been dropped since.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly groups = new Map<string, Set<Entry<V>>>();
  private oldest: Entry<V> | undefined;
  private newest: Entry<V> | undefined;
  private generation = 0;
  /** The generation at which each recently dropped group was last dropped. */
  private readonly droppedAt = new Map<string, number>();
  /** Groups not in `droppedAt` count as dropped at this generation (records are forgotten past a bound). */
  private forgottenBefore = 0;

  constructor(
    private readonly options: TtlCacheOptions,
    private readonly now: () => number = Date.now,
  ) {}

  get isEnabled(): boolean {
    return this.options.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(entry);
      return undefined;
    }
    if (entry !== this.newest) {
      this.unlink(entry);
      this.link(entry);
    }
    return entry.value;
  }

  /**
   * The cached value of `key`, or what `load` answers, stored under the group and expiry `place` gives it unless
   * a write dropped that group while `load` ran. `undefined` from `load` is not stored.
   */
  async read(
    key: string,
    load: () => Promise<V | undefined>,
    place: (value: V) => { group: string; expiresAt?: number },
  ): Promise<V | undefined> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const ticket = this.generation;
    const value = await load();
    if (value === undefined || !this.isEnabled) return value;
    await this.options.beforeStore?.(this.options.name, key);
    const { group, expiresAt } = place(value);
    const dropped = this.droppedAt.get(group) ?? this.forgottenBefore;
    if (dropped <= ticket) this.set(key, group, value, expiresAt);
    return value;
  }

  /** Stores `value` until `expiresAt` (never beyond the cache's time to live). */
  set(key: string, group: string, value: V, expiresAt = Number.POSITIVE_INFINITY): void {
    if (!this.isEnabled) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) this.remove(previous);
    const entry: Entry<V> = {
      key,
      group,
      value,
      expiresAt: Math.min(expiresAt, this.now() + this.options.ttlMs),
      older: undefined,
      newer: undefined,
    };
    this.entries.set(key, entry);
    let members = this.groups.get(group);
    if (members === undefined) {
      members = new Set();
      this.groups.set(group, members);
    }
    members.add(entry);
    this.link(entry);
    while (this.entries.size > this.options.maxEntries && this.oldest !== undefined) this.remove(this.oldest);
  }

  /** Drops every entry of a group, and any load of it still in flight. */
  deleteGroup(group: string): void {
    this.generation += 1;
    this.droppedAt.delete(group);
    this.droppedAt.set(group, this.generation);
    if (this.droppedAt.size > MAX_DROP_RECORDS) {
      // forget the older half; loads that started before them are then refused, which is only cautious
      const forget = this.droppedAt.size - MAX_DROP_RECORDS / 2;
      let index = 0;
      for (const [name, generation] of this.droppedAt) {
        if (index++ >= forget) break;
        this.droppedAt.delete(name);
        this.forgottenBefore = Math.max(this.forgottenBefore, generation);
      }
    }
    const members = this.groups.get(group);
    if (members === undefined) return;
    this.groups.delete(group);
    for (const entry of members) {
      this.entries.delete(entry.key);
      this.unlink(entry);
    }
  }

  clear(): void {
    this.generation += 1;
    this.forgottenBefore = this.generation;
    this.droppedAt.clear();
    this.entries.clear();
    this.groups.clear();
    this.oldest = undefined;
    this.newest = undefined;
  }

  private remove(entry: Entry<V>): void {
    this.entries.delete(entry.key);
    const members = this.groups.get(entry.group);
    members?.delete(entry);
    if (members?.size === 0) this.groups.delete(entry.group);
    this.unlink(entry);
  }

  /** Makes `entry` the most recently used. */
  private link(entry: Entry<V>): void {
    entry.older = this.newest;
    entry.newer = undefined;
    if (this.newest === undefined) this.oldest = entry;
    else this.newest.newer = entry;
    this.newest = entry;
  }

  private unlink(entry: Entry<V>): void {
    if (entry.older === undefined) this.oldest = entry.newer;
    else entry.older.newer = entry.newer;
    if (entry.newer === undefined) this.newest = entry.older;
    else entry.newer.older = entry.older;
    entry.older = undefined;
    entry.newer = undefined;
  }
}
