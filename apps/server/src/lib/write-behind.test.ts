import { afterEach, describe, expect, it, vi } from 'vitest';
import { type WriteBehind, writeBehind } from './write-behind.ts';

describe('a write-behind queue', () => {
  const open: WriteBehind<number>[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const queue of open.splice(0)) await queue.close();
  });
  const make = (options: Partial<Parameters<typeof writeBehind<number>>[0]> = {}) => {
    const batches: number[][] = [];
    const queue = writeBehind<number>({
      write: async (batch) => {
        batches.push([...batch]);
      },
      batchSize: 3,
      flushEveryMs: 1000,
      maxQueued: 10,
      ...options,
    });
    open.push(queue);
    return { queue, batches };
  };
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it('writes a full batch at once, after the producer’s turn, and the rest when the timer comes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { queue, batches } = make();
    for (const n of [1, 2, 3, 4]) queue.push(n);
    expect(batches).toEqual([]);
    await turn();
    await turn();
    expect(batches).toEqual([[1, 2, 3]]);
    expect(queue.stats()).toMatchObject({ queued: 1, written: 3 });

    await vi.advanceTimersByTimeAsync(1000);
    expect(batches).toEqual([[1, 2, 3], [4]]);
    expect(queue.stats()).toEqual({ queued: 0, written: 4, dropped: 0, failedWrites: 0 });
  });

  it('drops and counts what comes past its bound, never waiting', () => {
    const { queue } = make({ maxQueued: 5, batchSize: 100 });
    const kept = Array.from({ length: 8 }, (_, n) => queue.push(n));
    expect(kept).toEqual([true, true, true, true, true, false, false, false]);
    expect(queue.stats()).toMatchObject({ queued: 5, dropped: 3 });
  });

  it('never makes a producer wait for a write that hangs', async () => {
    let release: () => void = () => undefined;
    const hanging = new Promise<void>((resolve) => {
      release = resolve;
    });
    const write = vi.fn(() => hanging);
    const { queue } = make({ write, batchSize: 2, maxQueued: 4 });
    queue.push(1);
    queue.push(2);
    await turn();
    expect(write).toHaveBeenCalledTimes(1);
    // the write hangs: pushes still answer at once, and the bound still holds
    const started = performance.now();
    const kept = [3, 4, 5, 6, 7].map((n) => queue.push(n));
    expect(performance.now() - started).toBeLessThan(50);
    expect(kept).toEqual([true, true, true, true, false]);
    release();
    await queue.flush();
    expect(queue.stats()).toMatchObject({ written: 6, dropped: 1, queued: 0 });
  });

  it('keeps a failed batch for the next write while there is room, told once per run of failures', async () => {
    let down = true;
    const batches: number[][] = [];
    const failures: unknown[] = [];
    let recovered = 0;
    const { queue } = make({
      write: async (batch) => {
        if (down) throw new Error('database down');
        batches.push([...batch]);
      },
      onWriteFailure: (err) => failures.push(err),
      onRecovered: () => {
        recovered += 1;
      },
    });
    queue.push(1);
    await queue.flush();
    await queue.flush();
    expect(queue.stats()).toEqual({ queued: 1, written: 0, dropped: 0, failedWrites: 2 });
    expect(failures).toHaveLength(1);

    down = false;
    queue.push(2);
    await queue.flush();
    expect(batches).toEqual([[1, 2]]);
    expect(recovered).toBe(1);
    expect(queue.stats()).toEqual({ queued: 0, written: 2, dropped: 0, failedWrites: 2 });
  });

  it('lets a failed batch go, counted, once the queue has no room left for it', async () => {
    let down = true;
    const { queue } = make({
      batchSize: 2,
      maxQueued: 3,
      write: async () => {
        if (down) throw new Error('database down');
      },
    });
    queue.push(1);
    queue.push(2);
    const writing = queue.flush();
    // while the first batch is being written, the queue fills up behind it
    queue.push(3);
    queue.push(4);
    queue.push(5);
    await writing;
    expect(queue.stats()).toEqual({ queued: 3, written: 0, dropped: 2, failedWrites: 1 });
    down = false;
    await queue.flush();
    expect(queue.stats()).toEqual({ queued: 0, written: 3, dropped: 2, failedWrites: 1 });
  });

  it('writes what waits when it closes, and takes nothing after', async () => {
    const { queue, batches } = make({ batchSize: 100 });
    queue.push(1);
    queue.push(2);
    await queue.close();
    expect(batches).toEqual([[1, 2]]);
    expect(queue.push(3)).toBe(false);
    expect(queue.stats()).toEqual({ queued: 0, written: 2, dropped: 1, failedWrites: 0 });
  });
});
