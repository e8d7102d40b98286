import { useSyncExternalStore } from 'react';

let pending = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Counts calls in flight; the loading overlay shows while any is pending. */
export const loading = {
  start() {
    pending += 1;
    emit();
  },
  end() {
    pending = Math.max(0, pending - 1);
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isLoading: () => pending > 0,
};

export function useIsLoading(): boolean {
  return useSyncExternalStore(loading.subscribe, loading.isLoading, () => false);
}
