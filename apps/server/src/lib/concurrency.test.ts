import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency.ts';

describe('createConcurrencyLimit', () => {
  it('runs no more than the limit at once, and every task in the order it came', async () => {
    const run = createConcurrencyLimit(2);
    let active = 0;
    let mostActive = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      active += 1;
      mostActive = Math.max(mostActive, active);
      await new Promise((resolve) => setImmediate(resolve));
      active -= 1;
      return i * 10;
    };
    const results = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => run(task(i))));
    expect(results).toEqual([0, 10, 20, 30, 40, 50]);
    expect(mostActive).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('frees the slot of a task that fails', async () => {
    const run = createConcurrencyLimit(1);
    await expect(run(() => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await run(async () => 'next')).toBe('next');
  });
});
