import { useLayoutEffect } from 'react';

/*
 * The layout's half of the Version page's leave guard (`use-leave-guard.ts`), apart from it: the layout is in every
 * page's first download, the guard only in the pages that ask.
 */

/** What the guards on screen do with Back and Forward, before the router hears of it. */
export const popHandlers = new Set<(event: PopStateEvent) => void>();

/**
 * Hears Back and Forward ahead of the router, for the leave guards of the pages. Call it once, in the layout around
 * every page: effects run children first, so its listener is registered before the router's own, and a move a guard
 * holds never reaches the router (which, within a popstate, renders the next page at once).
 */
export function useLeaveGuardHost(): void {
  useLayoutEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      for (const handler of popHandlers) handler(event);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
}
