/**
 * What a warm read pays for the in-process caches: `TtlCache` hits and group drops at the sizes the hot reads fill
 * them to, beside two baselines measured in the same run.
 *
 *   npx tsx bench/ttl-cache.ts
 *
 * - A plain `Map#get` with the same keys: the floor, no order of use and no expiry.
 * - The delete-and-insert cache `TtlCache` was until 2026-11-26 (`DeleteInsertCache` below): a hit deleted its key
 *   and inserted it again to mark it recently used, and a group's drop walked every entry.
 *
 * Keys are built per lookup, as a request builds them: a session's is the hex SHA-256 of its token (a flat string),
 * a page's is `<partner>:products:<page>:8` (a concatenation), or, found by group and key as the catalog finds it
 * now, the partner's id (the same string each time, from the session) and `products:<page>:8`. Each figure is the
 * median of 15 rounds, in ns per lookup, or µs per drop of a partner's 24 pages and their 24 stores again.
 */
import { createHash, randomUUID } from 'node:crypto';
import { runScript } from './lib/script.ts';
import { TtlCache } from './lib/server-internals.ts';
import { median } from './lib/stats.ts';
import { printTable } from './lib/table.ts';

const PARTNERS = 800;
const PAGES = 24;
const SESSIONS = 50_000;
const LOOKUPS = 400_000;
const ROUNDS = 15;
/** Longer than any run: on a busy machine the rounds outlast a minute, and an expired session is not a hit. */
const TTL_MS = 3_600_000;

/** The cache as it was: a hit moves its key to the end of the Map by deleting and inserting it. */
class DeleteInsertCache<V> {
  private readonly entries = new Map<string, { group: string; value: V; expiresAt: number }>();
  constructor(private readonly maxEntries: number) {}
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }
  set(key: string, group: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { group, value, expiresAt: Date.now() + TTL_MS });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
  deleteGroup(group: string): void {
    for (const [key, entry] of this.entries) if (entry.group === group) this.entries.delete(key);
  }
}

interface Cache {
  get(key: string): unknown;
  set(key: string, group: string, value: unknown): void;
  deleteGroup(group: string): void;
}

/** A TtlCache whose pages are found by group (the partner) and key, as the catalog's are. */
function byGroupAndKey(maxEntries: number): Cache & { inner: TtlCache<unknown> } {
  const cache = new TtlCache<unknown>({ name: 'bench', ttlMs: TTL_MS, maxEntries });
  const split = (key: string) => [key.slice(0, 36), key.slice(37)] as const;
  return {
    inner: cache,
    get: (key) => cache.getIn(...split(key)),
    set: (key, group, value) => cache.setIn(group, split(key)[1], value),
    deleteGroup: (group) => cache.deleteGroup(group),
  };
}

function timeNs(run: () => number, count: number): number {
  const started = process.hrtime.bigint();
  const found = run();
  const ns = Number(process.hrtime.bigint() - started) / count;
  if (found !== count) throw new Error(`${found} of ${count} lookups hit`);
  return ns;
}

export function measureTtlCache() {
  const partners = Array.from({ length: PARTNERS }, () => randomUUID());
  const tokens = Array.from({ length: SESSIONS }, () => randomUUID() + randomUUID());
  const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
  const pageKey = (partner: string, page: number) => `${partner}:products:${page}:8`;
  const fill = (cache: Cache) => {
    for (const partner of partners)
      for (let page = 1; page <= PAGES; page += 1) cache.set(pageKey(partner, page), partner, page);
  };
  const fillSessions = (cache: Cache, hashes: string[]) => {
    for (const [i, hash] of hashes.entries()) cache.set(hash, `s${i}`, i);
  };
  const hashes = tokens.map(sha256);
  // the hex of each lookup is made again from a fresh copy, as a request's header gives a fresh token
  const freshHash = (i: number) => Buffer.from(hashes[i] as string).toString('latin1');

  const kinds: Array<[string, () => Cache]> = [
    ['plain Map#get (floor)', () => plainMap()],
    ['delete-and-insert (before)', () => new DeleteInsertCache(PARTNERS * PAGES)],
    ['TtlCache, by key', () => new TtlCache({ name: 'bench', ttlMs: TTL_MS, maxEntries: PARTNERS * PAGES })],
    ['TtlCache, by group and key (pages now)', () => byGroupAndKey(PARTNERS * PAGES)],
  ];
  // every kind is measured in every round, in turn, so that a drift of the machine's speed reaches them all alike
  const subjects = kinds.map(([name, make]) => {
    const pages = make();
    fill(pages);
    const sessions = name.startsWith('TtlCache')
      ? new TtlCache({ name: 'bench', ttlMs: TTL_MS, maxEntries: SESSIONS })
      : name.startsWith('plain')
        ? plainMap()
        : new DeleteInsertCache(SESSIONS);
    fillSessions(sessions, hashes);
    const grouped = 'inner' in pages ? (pages.inner as TtlCache<unknown>) : undefined;
    return {
      name,
      pages,
      sessions,
      grouped,
      pageNs: [] as number[],
      sessionNs: [] as number[],
      dropUs: [] as number[],
    };
  });
  for (let round = 0; round < ROUNDS; round += 1) {
    const wanted = Array.from({ length: LOOKUPS / 4 }, (_, i) => freshHash((i * 7919 + round) % SESSIONS));
    for (const subject of subjects) {
      const { pages, sessions, grouped } = subject;
      subject.pageNs.push(
        timeNs(() => {
          let hits = 0;
          for (let i = 0; i < LOOKUPS; i += 1) {
            const slot = (i * 7919) % (PARTNERS * PAGES);
            const partner = partners[slot % PARTNERS] as string;
            const page = (slot % PAGES) + 1;
            const value = grouped ? grouped.getIn(partner, `products:${page}:8`) : pages.get(pageKey(partner, page));
            if (value !== undefined) hits += 1;
          }
          return hits;
        }, LOOKUPS),
      );
      subject.sessionNs.push(
        timeNs(() => {
          let hits = 0;
          for (const hash of wanted) if (sessions.get(hash) !== undefined) hits += 1;
          return hits;
        }, wanted.length),
      );
      const drops = 200;
      const started = process.hrtime.bigint();
      for (let i = 0; i < drops; i += 1) {
        const partner = partners[(i * 31 + round) % PARTNERS] as string;
        pages.deleteGroup(partner);
        for (let page = 1; page <= PAGES; page += 1) pages.set(pageKey(partner, page), partner, page);
      }
      subject.dropUs.push(Number(process.hrtime.bigint() - started) / drops / 1000);
    }
  }
  const rows = subjects.map((subject) => [
    subject.name,
    median(subject.pageNs).toFixed(0),
    median(subject.sessionNs).toFixed(0),
    median(subject.dropUs).toFixed(1),
  ]);
  return rows;
}

/** A Map with the cache's three calls: get, set, and a drop that walks it (only the lookups are the floor). */
function plainMap(): Cache {
  const map = new Map<string, { group: string; value: unknown }>();
  return {
    get: (key) => map.get(key)?.value,
    set: (key, group, value) => void map.set(key, { group, value }),
    deleteGroup: (group) => {
      for (const [key, entry] of map) if (entry.group === group) map.delete(key);
    },
  };
}

runScript(import.meta.url, async () => {
  const rows = measureTtlCache();
  printTable(
    `In-process cache, ${PARTNERS * PAGES} list pages of ${PARTNERS} partners and ${SESSIONS} sessions, median of ${ROUNDS} rounds`,
    [
      { header: 'cache' },
      { header: 'page hit, ns', align: 'right' },
      { header: 'session hit, ns', align: 'right' },
      { header: 'drop a partner + 24 stores, µs', align: 'right' },
    ],
    rows,
  );
});
