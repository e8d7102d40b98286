import { describe, expect, it } from 'vitest';
import { batchLoader, batchLoaderBy } from './batch.ts';

describe('batchLoader', () => {
  it('loads the keys asked for in one turn with one call, each request getting its own value', async () => {
    const calls: string[][] = [];
    const load = batchLoader(async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.filter((key) => key !== 'missing').map((key) => [key, key.toUpperCase()]));
    });
    const answers = await Promise.all([load('a'), load('b'), load('a'), load('missing')]);
    expect(answers).toEqual(['A', 'B', 'A', undefined]);
    expect(calls).toEqual([['a', 'b', 'missing']]);
  });

  it('starts a new batch for keys asked for after the previous one was sent', async () => {
    const calls: string[][] = [];
    const load = batchLoader(async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.map((key) => [key, key.length]));
    });
    expect(await load('one')).toBe(3);
    expect(await Promise.all([load('three'), load('four')])).toEqual([5, 4]);
    expect(calls).toEqual([['one'], ['three', 'four']]);
  });

  it('fails every request of a batch whose load fails, and the next batch still loads', async () => {
    let fail = true;
    const load = batchLoader(async (keys: string[]) => {
      if (fail) throw new Error('connection terminated');
      return new Map(keys.map((key) => [key, 1]));
    });
    const results = await Promise.allSettled([load('a'), load('b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await load('a')).toBe(1);
  });

  it('loads many keys of several callers in one call, each caller getting the values that exist, in its order', async () => {
    const calls: number[][] = [];
    const load = batchLoader(async (keys: number[]) => {
      calls.push(keys);
      return new Map(keys.filter((key) => key % 2 === 1).map((key) => [key, `#${key}`]));
    });
    const [first, second, third] = await Promise.all([load.many([3, 1, 2]), load.many([5, 3]), load(7)]);
    expect(first).toEqual(['#3', '#1']);
    expect(second).toEqual(['#5', '#3']);
    expect(third).toBe('#7');
    expect(calls).toEqual([[3, 1, 2, 5, 7]]);
    expect(await load.many([])).toEqual([]);
    expect(calls).toHaveLength(1);
  });
});

describe('batchLoader.many', () => {
  it('fails with its batch, beside the single keys', async () => {
    const load = batchLoader<string, number>(async () => {
      throw new Error('connection terminated');
    });
    const results = await Promise.allSettled([load.many(['a', 'b']), load('a')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('batchLoaderBy', () => {
  it('reads values asked for together once per name, each caller getting the result of its own value', async () => {
    const calls: Array<Array<{ owner: string; page: number }>> = [];
    const load = batchLoaderBy(
      (wanted: { owner: string; page: number }) => `${wanted.owner}|${wanted.page}`,
      async (values: Array<{ owner: string; page: number }>) => {
        calls.push(values);
        return values.map((value) => `${value.owner} page ${value.page}`);
      },
    );
    const answers = await Promise.all([
      load({ owner: 'a', page: 1 }),
      load({ owner: 'b', page: 2 }),
      load({ owner: 'a', page: 1 }),
    ]);
    expect(answers).toEqual(['a page 1', 'b page 2', 'a page 1']);
    expect(calls).toEqual([
      [
        { owner: 'a', page: 1 },
        { owner: 'b', page: 2 },
      ],
    ]);
    expect(await load({ owner: 'a', page: 3 })).toBe('a page 3');
    expect(calls).toHaveLength(2);
  });
});
