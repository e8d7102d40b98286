import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a page is prerendered and while the browser hydrates that HTML, true from the next render on (and
 * from the start for a page the browser renders alone). What only the browser knows (the runtime config, the
 * session, today's date) waits for it, so that hydration finds the markup the prerender wrote.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
