import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

/** A load the test finishes when it chooses: `load` for the cache, `finish` with the value it then answers. */
function heldLoad() {
  let finishLoad: (value: string) => void = () => {};
  return {
    load: () => new Promise<string>((resolve) => (finishLoad = resolve)),
    finish: (value: string) => finishLoad(value),
  };
}

describe('TtlCache', () => {
  it('forgets entries after their time to live, or their own expiry when sooner', () => {
    let now = 0;
    const cache = new TtlCache<string>({ name: 't', ttlMs: 1000, maxEntries: 10 }, () => now);
    cache.set('a', 'g', 'A');
    cache.set('b', 'g', 'B', 500);
    now = 499;
    expect([cache.get('a'), cache.get('b')]).toEqual(['A', 'B']);
    now = 500;
    expect([cache.get('a'), cache.get('b')]).toEqual(['A', undefined]);
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops, past its size, the oldest entry not read since it was stored', () => {
    const cache = new TtlCache<number>({ name: 't', ttlMs: 1000, maxEntries: 2 });
    cache.set('a', 'g', 1);
    cache.set('b', 'g', 2);
    cache.get('a');
    cache.set('c', 'g', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('drops a whole group at once, and stores nothing when disabled', () => {
    const cache = new TtlCache<number>({ name: 't', ttlMs: 1000, maxEntries: 10 });
    cache.set('a1', 'a', 1);
    cache.set('a2', 'a', 2);
    cache.set('b1', 'b', 3);
    cache.deleteGroup('a');
    expect([cache.get('a1'), cache.get('a2'), cache.get('b1')]).toEqual([undefined, undefined, 3]);
    const off = new TtlCache<number>({ name: 't', ttlMs: 0, maxEntries: 10 });
    off.set('x', 'g', 1);
    expect(off.get('x')).toBeUndefined();
  });

  it('drops unread entries first, across drops, replacements and expiry', () => {
    let now = 0;
    const cache = new TtlCache<string>({ name: 't', ttlMs: 1000, maxEntries: 3 }, () => now);
    cache.set('a', 'g', 'A');
    cache.set('b', 'h', 'B');
    cache.set('c', 'g', 'C');
    cache.get('a');
    cache.deleteGroup('g');
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual([undefined, undefined, 1]);
    cache.set('d', 'h', 'D', 100);
    cache.set('e', 'h', 'E');
    cache.get('b');
    cache.set('f', 'h', 'F');
    // b was read and gets a second turn; d, stored before e and never read, goes
    expect([cache.get('d'), cache.get('b'), cache.get('e'), cache.get('f')]).toEqual([undefined, 'B', 'E', 'F']);
    now = 999;
    cache.set('e', 'h', 'E2', 1000);
    now = 1000;
    expect([cache.get('b'), cache.get('e'), cache.get('f'), cache.size]).toEqual([undefined, undefined, undefined, 0]);
  });

  it('moves a key stored again under another group to that group, and forgets evicted entries in their group', () => {
    const cache = new TtlCache<string>({ name: 't', ttlMs: 1000, maxEntries: 2 });
    cache.set('k', 'g', 'first');
    cache.set('k', 'h', 'second');
    cache.deleteGroup('g');
    expect(cache.get('k')).toBe('second');
    cache.set('x', 'g', 'X');
    cache.set('y', 'g', 'Y');
    // k is the oldest but was read since it was stored: it gets a second turn, and x, never read, goes
    expect([cache.get('x'), cache.get('y'), cache.size]).toEqual([undefined, 'Y', 2]);
    cache.set('z', 'g', 'Z');
    // y was read too, so now k, its second turn unused, goes; dropping its group afterwards drops nothing else
    cache.deleteGroup('h');
    expect([cache.get('k'), cache.get('y'), cache.get('z'), cache.size]).toEqual([undefined, 'Y', 'Z', 2]);
    cache.clear();
    cache.set('w', 'g', 'W');
    expect([cache.get('y'), cache.get('w'), cache.size]).toEqual([undefined, 'W', 1]);
  });

  it('finds entries by group and key, apart from other groups, and drops them with their group', async () => {
    let now = 0;
    const cache = new TtlCache<string>({ name: 't', ttlMs: 1000, maxEntries: 3 }, () => now);
    cache.setIn('p1', 'products:1', 'first partner');
    cache.setIn('p2', 'products:1', 'second partner');
    expect([cache.getIn('p1', 'products:1'), cache.getIn('p2', 'products:1'), cache.get('products:1')]).toEqual([
      'first partner',
      'second partner',
      undefined,
    ]);
    cache.setIn('p1', 'products:1', 'replaced', 500);
    // the group's only entry, replaced: found again, and counted once
    expect([cache.getIn('p1', 'products:1'), cache.size]).toEqual(['replaced', 2]);
    cache.setIn('p1', 'products:2', 'page 2');
    // past the cap, the two pages that were read get a second turn, and page 2, never read, goes
    cache.setIn('p3', 'products:1', 'third partner');
    expect([cache.getIn('p1', 'products:2'), cache.getIn('p1', 'products:1'), cache.size]).toEqual([
      undefined,
      'replaced',
      3,
    ]);
    cache.deleteGroup('p2');
    expect([cache.getIn('p2', 'products:1'), cache.getIn('p3', 'products:1'), cache.size]).toEqual([
      undefined,
      'third partner',
      2,
    ]);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return 'loaded';
    };
    expect(await cache.readIn('p4', 'products:1', load)).toBe('loaded');
    expect(await cache.readIn('p4', 'products:1', load)).toBe('loaded');
    expect(loads).toBe(1);
    now = 500;
    expect([cache.getIn('p1', 'products:1'), cache.getIn('p4', 'products:1')]).toEqual([undefined, 'loaded']);
    now = 1000;
    expect([cache.getIn('p4', 'products:1'), cache.size]).toEqual([undefined, 1]);
  });

  it('does not store a load by group and key that a drop of its group overtook', async () => {
    const cache = new TtlCache<string>({ name: 't', ttlMs: 1000, maxEntries: 10 });
    const held = heldLoad();
    const reading = cache.readIn('g', 'k', held.load);
    cache.deleteGroup('g');
    held.finish('stale');
    expect(await reading).toBe('stale');
    expect(cache.getIn('g', 'k')).toBeUndefined();
  });

  it('does not store a load that a drop of its group overtook', async () => {
    const cache = new TtlCache<string>({ name: 't', ttlMs: 1000, maxEntries: 10 });
    const held = heldLoad();
    const reading = cache.read('k', held.load, () => ({ group: 'g' }));
    cache.deleteGroup('g');
    held.finish('stale');
    expect(await reading).toBe('stale');
    expect(cache.get('k')).toBeUndefined();
  });

  it('stores a load when only other groups were dropped meanwhile, and serves it next time', async () => {
    const cache = new TtlCache<string>({ name: 't', ttlMs: 1000, maxEntries: 10 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      cache.deleteGroup('other');
      return 'fresh';
    };
    expect(await cache.read('k', load, () => ({ group: 'g' }))).toBe('fresh');
    expect(await cache.read('k', load, () => ({ group: 'g' }))).toBe('fresh');
    expect(loads).toBe(1);
  });

  it('refuses loads older than the drop records it had to forget', async () => {
    const cache = new TtlCache<string>({ name: 't', ttlMs: 1000, maxEntries: 10 });
    const held = heldLoad();
    const reading = cache.read('k', held.load, () => ({ group: 'g' }));
    for (let i = 0; i < 10_001; i += 1) cache.deleteGroup(`other-${i}`);
    held.finish('maybe stale');
    await reading;
    expect(cache.get('k')).toBeUndefined();
  });
});
