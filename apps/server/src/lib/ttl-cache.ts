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
  /** Whether `key` alone finds it (`set`); otherwise its group and key do (`setIn`). */
  isKeyedAlone: boolean;
  /** Read since it last came to the front of the list: it gets another turn before it is evicted. */
  isUsed: boolean;
  /** The neighbours in the list: `older` was stored, or given another turn, earlier. */
  older: Entry<V> | undefined;
  newer: Entry<V> | undefined;
}

/**
 * A small in-process cache with a time to live and a size cap (about the least recently used goes first).
 * Entries are grouped so that one write can drop everything of a group (a partner, a session).
 *
 * An entry is found by its key alone (`get`, `read`, `set`: a session by its token's hash, in the group of its
 * session), or by its group and a key within it (`getIn`, `readIn`, `setIn`: a partner's list page). The second
 * looks the group up first: a group name the caller already holds (the partner's id from its session) has its hash
 * computed once, where a key joined from it for each request is hashed, character by character, on every lookup.
 * A hit only marks its entry used. Past the size cap, the oldest entry goes, unless it was used since it came to
 * the front: then it goes to the front again, unmarked (the "second chance" approximation of least recently used,
 * which spares every hit a move in the list). A group's drop visits that group's entries only.
 *
 * A read that misses loads from the database and then stores what it loaded. A write that finishes while that
 * load is in flight has already dropped the group, so the load's result may be what the write replaced: every
 * drop is numbered, a load takes the current number first, and its result is stored only when its group has
 * not been dropped since.
 */
export class TtlCache<V> {
  /** The entries found by their key alone. */
  private readonly entries = new Map<string, Entry<V>>();
  /** Every entry, by group and key. */
  private readonly groups = new Map<string, Map<string, Entry<V>>>();
  private count = 0;
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
    return this.count;
  }

  get(key: string): V | undefined {
    return this.hit(this.entries.get(key));
  }

  getIn(group: string, key: string): V | undefined {
    return this.hit(this.groups.get(group)?.get(key));
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
    return (
      this.get(key) ??
      this.fill(key, load, (value) => {
        const { group, expiresAt } = place(value);
        return { group, store: () => this.set(key, group, value, expiresAt) };
      })
    );
  }

  /** As `read`, for an entry found by its group and key; undefined only when `load` may answer it. */
  async readIn<L extends V | undefined>(group: string, key: string, load: () => Promise<L>): Promise<V | L> {
    return (
      this.getIn(group, key) ?? this.fill(key, load, (value) => ({ group, store: () => this.setIn(group, key, value) }))
    );
  }

  /** Stores `value` under `key` in `group` until `expiresAt` (never beyond the cache's time to live). */
  set(key: string, group: string, value: V, expiresAt = Number.POSITIVE_INFINITY): void {
    if (!this.isEnabled) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) this.remove(previous);
    this.store(group, key, value, expiresAt, true);
  }

  /** Stores `value` under `key` within `group` until `expiresAt` (never beyond the cache's time to live). */
  setIn(group: string, key: string, value: V, expiresAt = Number.POSITIVE_INFINITY): void {
    if (!this.isEnabled) return;
    this.store(group, key, value, expiresAt, false);
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
    for (const entry of members.values()) {
      if (entry.isKeyedAlone) this.entries.delete(entry.key);
      this.unlink(entry);
      this.count -= 1;
    }
  }

  clear(): void {
    this.generation += 1;
    this.forgottenBefore = this.generation;
    this.droppedAt.clear();
    this.entries.clear();
    this.groups.clear();
    this.count = 0;
    this.oldest = undefined;
    this.newest = undefined;
  }

  private hit(entry: Entry<V> | undefined): V | undefined {
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(entry);
      return undefined;
    }
    entry.isUsed = true;
    return entry.value;
  }

  /** Loads a missing entry and stores it, unless its group was dropped while `load` ran. */
  private async fill<L extends V | undefined>(
    key: string,
    load: () => Promise<L>,
    place: (value: V) => { group: string; store: () => void },
  ): Promise<L> {
    const ticket = this.generation;
    const value = await load();
    if (value === undefined || !this.isEnabled) return value;
    await this.options.beforeStore?.(this.options.name, key);
    const { group, store } = place(value);
    if ((this.droppedAt.get(group) ?? this.forgottenBefore) <= ticket) store();
    return value;
  }

  private store(group: string, key: string, value: V, expiresAt: number, isKeyedAlone: boolean): void {
    // removing the group's only entry removes the group's map too, so the map is looked up afterwards
    const previous = this.groups.get(group)?.get(key);
    if (previous !== undefined) this.remove(previous);
    let members = this.groups.get(group);
    if (members === undefined) {
      members = new Map();
      this.groups.set(group, members);
    }
    const entry: Entry<V> = {
      key,
      group,
      value,
      expiresAt: Math.min(expiresAt, this.now() + this.options.ttlMs),
      isKeyedAlone,
      isUsed: false,
      older: undefined,
      newer: undefined,
    };
    if (isKeyedAlone) this.entries.set(key, entry);
    members.set(key, entry);
    this.count += 1;
    this.link(entry);
    while (this.count > this.options.maxEntries && this.oldest !== undefined) {
      const oldest = this.oldest;
      if (oldest.isUsed) {
        oldest.isUsed = false;
        this.unlink(oldest);
        this.link(oldest);
      } else {
        this.remove(oldest);
      }
    }
  }

  private remove(entry: Entry<V>): void {
    if (entry.isKeyedAlone) this.entries.delete(entry.key);
    const members = this.groups.get(entry.group);
    if (members?.get(entry.key) === entry) {
      members.delete(entry.key);
      if (members.size === 0) this.groups.delete(entry.group);
    }
    this.unlink(entry);
    this.count -= 1;
  }

  /** Puts `entry` at the front of the list. */
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
