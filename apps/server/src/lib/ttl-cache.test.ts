import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

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

  it('drops the least recently used entry past its size', () => {
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

  it('does not store a load that a drop of its group overtook', async () => {
    const cache = new TtlCache<string>({ name: 't', ttlMs: 1000, maxEntries: 10 });
    let finishLoad: (value: string) => void = () => {};
    const reading = cache.read(
      'k',
      () => new Promise<string>((resolve) => (finishLoad = resolve)),
      () => ({ group: 'g' }),
    );
    cache.deleteGroup('g');
    finishLoad('stale');
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
    let finishLoad: (value: string) => void = () => {};
    const reading = cache.read(
      'k',
      () => new Promise<string>((resolve) => (finishLoad = resolve)),
      () => ({ group: 'g' }),
    );
    for (let i = 0; i < 10_001; i += 1) cache.deleteGroup(`other-${i}`);
    finishLoad('maybe stale');
    await reading;
    expect(cache.get('k')).toBeUndefined();
  });
});
