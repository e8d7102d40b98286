interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the keys asked for while the event loop reads its ready sockets and loads them with one call, in the
 * check phase that follows: under load, the requests that arrived together share one statement instead of one each.
 * A key asked for twice in one batch is loaded once; a failing load fails every request of its batch.
 */
export function batchLoader<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let pending: Map<K, Waiter<V>[]> | undefined;

  function flush() {
    const batch = pending;
    pending = undefined;
    if (!batch) return;
    load([...batch.keys()]).then(
      (values) => {
        for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(values.get(key));
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      },
    );
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending) {
        pending = new Map();
        setImmediate(flush);
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}

/** Rows by their id, as a batch load answers them. */
export function byId<V extends { id: string }>(rows: V[]): Map<string, V> {
  return new Map(rows.map((row) => [row.id, row]));
}

/** The values of several keys through a batch loader, those that exist, in the order of the keys. */
export async function loadMany<K, V>(load: (key: K) => Promise<V | undefined>, keys: K[]): Promise<V[]> {
  const values = await Promise.all(keys.map((key) => load(key)));
  return values.filter((value): value is Awaited<V> => value !== undefined) as V[];
}
