/**
 * Runs at most `limit` tasks at a time; the others wait their turn in the order they came. Memory-heavy work
 * (decoding images) goes through one, so that a burst of requests queues instead of multiplying its peak.
 */
export function createConcurrencyLimit(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };

  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
