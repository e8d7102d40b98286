interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/** A caller waiting for several keys at once. */
interface ManyWaiter<K, V> {
  keys: K[];
  resolve: (values: V[]) => void;
  reject: (error: unknown) => void;
}

/** A batch loader: one key's value, or several keys' values with one wait for them all. */
export interface BatchLoad<K, V> {
  (key: K): Promise<V | undefined>;
  /** The values of the keys that exist, in the order of the keys. */
  many(keys: K[]): Promise<V[]>;
}

/**
 * Gathers the keys asked for while the event loop reads its ready sockets and loads them with one call, in the
 * check phase that follows: under load, the requests that arrived together share one statement instead of one each.
 * A key asked for twice in one batch is loaded once; a failing load fails every request of its batch.
 */
export function batchLoader<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): BatchLoad<K, V> {
  let pending: { waiters: Map<K, Waiter<V>[]>; many: ManyWaiter<K, V>[] } | undefined;

  function current() {
    if (!pending) {
      pending = { waiters: new Map(), many: [] };
      setImmediate(flush);
    }
    return pending;
  }

  function flush() {
    const batch = pending;
    pending = undefined;
    if (!batch) return;
    load([...batch.waiters.keys()]).then(
      (values) => {
        for (const [key, waiters] of batch.waiters) for (const waiter of waiters) waiter.resolve(values.get(key));
        for (const waiter of batch.many) {
          const found: V[] = [];
          for (const key of waiter.keys) {
            const value = values.get(key);
            if (value !== undefined) found.push(value);
          }
          waiter.resolve(found);
        }
      },
      (error: unknown) => {
        for (const waiters of batch.waiters.values()) for (const waiter of waiters) waiter.reject(error);
        for (const waiter of batch.many) waiter.reject(error);
      },
    );
  }

  const loadOne = (key: K) =>
    new Promise<V | undefined>((resolve, reject) => {
      const { waiters } = current();
      const forKey = waiters.get(key);
      if (forKey) forKey.push({ resolve, reject });
      else waiters.set(key, [{ resolve, reject }]);
    });
  return Object.assign(loadOne, {
    many: (keys: K[]) =>
      keys.length === 0
        ? Promise.resolve([])
        : new Promise<V[]>((resolve, reject) => {
            const batch = current();
            for (const key of keys) if (!batch.waiters.has(key)) batch.waiters.set(key, []);
            batch.many.push({ keys, resolve, reject });
          }),
  });
}

/**
 * A batch loader of values that are not keys themselves (a page wanted: its partner, index and size), each named by
 * `nameOf`: values of one name are the same request, read once. `load` answers one result per value, in their order.
 */
export function batchLoaderBy<T, R>(
  nameOf: (value: T) => string,
  load: (values: T[]) => Promise<R[]>,
): (value: T) => Promise<R | undefined> {
  const named = new Map<string, T>();
  const loadNamed = batchLoader(async (names: string[]) => {
    const values = names.map((name) => named.get(name) as T);
    for (const name of names) named.delete(name);
    const results = await load(values);
    return new Map(names.map((name, index) => [name, results[index] as R]));
  });
  return (value) => {
    const name = nameOf(value);
    named.set(name, value);
    return loadNamed(name);
  };
}

/** Rows by their id, as a batch load answers them. */
export function byId<V extends { id: string }>(rows: V[]): Map<string, V> {
  return new Map(rows.map((row) => [row.id, row]));
}
