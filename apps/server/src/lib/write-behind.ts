/** How a write-behind queue stands: what waits, what was written, what it let go. */
export interface WriteBehindStats {
  /** Items waiting to be written. */
  queued: number;
  /** Items written. */
  written: number;
  /** Items let go: the queue was full when they came, or their write failed with no room to keep them. */
  dropped: number;
  /** Writes that failed (their items were kept for the next write while there was room). */
  failedWrites: number;
}

export interface WriteBehindOptions<T> {
  /** Writes one batch; a rejection keeps the batch for the next attempt while the queue has room for it. */
  write: (batch: T[]) => Promise<void>;
  /** Items written at once, at most; a full batch is written at once, without waiting for the timer. */
  batchSize: number;
  /** How long an item waits, at most, before a write starts (while writes succeed). */
  flushEveryMs: number;
  /** Items that may wait, at most: past it, an item is dropped and counted, never waited for. */
  maxQueued: number;
  /** Told once per run of failed writes (not per failure), and once they succeed again. */
  onWriteFailure?: (err: unknown) => void;
  onRecovered?: () => void;
}

export interface WriteBehind<T> {
  /** Queues an item: never waits, never throws. Answers false when it was dropped (the queue was full). */
  push(item: T): boolean;
  /** Writes what waits now, batch after batch; resolves once the queue is empty or a write failed. */
  flush(): Promise<void>;
  stats(): WriteBehindStats;
  /** Stops the timer and writes what waits (once: what a failing write keeps is dropped). */
  close(): Promise<void>;
}

/**
 * A bounded queue written out in batches behind its producers: a producer's `push` costs an array append, whatever
 * the store does. Batches are kept as chunks of `batchSize`, so taking one never copies the rest; one write runs at a
 * time, started by a full batch or by the timer. While the store is down the queue holds at most `maxQueued` items
 * (the memory it may take is bounded) and every item past it is counted as dropped.
 */
export function writeBehind<T>(options: WriteBehindOptions<T>): WriteBehind<T> {
  const { write, batchSize, flushEveryMs, maxQueued } = options;
  const chunks: T[][] = [];
  let queued = 0;
  let written = 0;
  let dropped = 0;
  let failedWrites = 0;
  let failing = false;
  let writing: Promise<void> | undefined;
  let soon = false;
  let closed = false;

  const timer = setInterval(() => void start(true), flushEveryMs);
  timer.unref();

  function push(item: T): boolean {
    if (closed || queued >= maxQueued) {
      dropped += 1;
      return false;
    }
    let last = chunks[chunks.length - 1];
    if (!last || last.length >= batchSize) {
      last = [];
      chunks.push(last);
    }
    last.push(item);
    queued += 1;
    // a full batch goes out at once, after the producer's turn
    if (last.length === batchSize && !writing && !soon) {
      soon = true;
      setImmediate(() => {
        soon = false;
        void start(false);
      });
    }
    return true;
  }

  /** Writes the full batches, or (`all`) everything that waits. */
  async function drain(all: boolean): Promise<void> {
    for (;;) {
      const first = chunks[0];
      if (!first || (!all && first.length < batchSize)) return;
      const batch = first;
      chunks.shift();
      queued -= batch.length;
      try {
        await write(batch);
        written += batch.length;
        if (failing) {
          failing = false;
          options.onRecovered?.();
        }
      } catch (err) {
        failedWrites += 1;
        if (!failing) {
          failing = true;
          options.onWriteFailure?.(err);
        }
        // kept for the next attempt, first in line, while there is room; the timer tries again
        if (!closed && queued + batch.length <= maxQueued) {
          chunks.unshift(batch);
          queued += batch.length;
        } else dropped += batch.length;
        return;
      }
    }
  }

  function start(all: boolean): Promise<void> {
    writing ??= drain(all).finally(() => {
      writing = undefined;
    });
    return writing;
  }

  /** Everything that waits now, even while a write of full batches runs. */
  async function flush(): Promise<void> {
    if (writing) await writing;
    await start(true);
  }

  return {
    push,
    flush,
    stats: () => ({ queued, written, dropped, failedWrites }),
    async close() {
      clearInterval(timer);
      await writing;
      closed = true;
      await flush();
      // what a failed last write left is let go
      dropped += queued;
      queued = 0;
      chunks.length = 0;
    },
  };
}
