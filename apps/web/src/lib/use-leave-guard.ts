import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { popHandlers } from './leave-guard-host.ts';

/** Where the current history entry sits: React Router's browser history numbers its entries `idx`. */
function entryIndex(): number | undefined {
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null && 'idx' in state ? state.idx : undefined;
  return typeof idx === 'number' ? idx : undefined;
}

/** A plain click: one that opens a link here, not in a new tab or window, nor a download. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export interface LeaveGuard {
  /** A way off the page waits for an answer. */
  isAsking: boolean;
  /** Goes where the partner was going. */
  leave: () => void;
  /** Stays on the page. */
  stay: () => void;
}

/**
 * Asks before the page is left while `shouldAsk` holds (an upload in flight, a build not saved yet).
 *
 * React Router's `useBlocker` needs a data router, and the portal's routes are declarative (one small entry chunk,
 * prerendered public pages), so each way off the page is held where it starts:
 * - reload, closing the tab and other sites: the browser's own `beforeunload` question;
 * - a link within the portal: its click is held before the router sees it, and made again on `leave`;
 * - Back and Forward: the move is undone before the router sees it, and made again on `leave`.
 * A navigation the page makes itself (to the project once saved) is not held. Back and Forward are held only under
 * `useLeaveGuardHost` (`leave-guard-host.ts`).
 */
export function useLeaveGuard(shouldAsk: boolean): LeaveGuard {
  const { pathname, search, key } = useLocation();
  const [onLeave, setOnLeave] = useState<(() => void) | null>(null);
  const here = useRef({ pathname, search, index: entryIndex() });
  const isLeaving = useRef(false);
  // the move back onto this page, after Back or Forward was held, is not the router's to see either
  const isReturning = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a link to an anchor of the page adds an entry (new key)
  useEffect(() => {
    here.current = { pathname, search, index: entryIndex() };
  }, [pathname, search, key]);

  useEffect(() => {
    if (!shouldAsk) return;
    const isElsewhere = (url: URL) => url.pathname !== here.current.pathname || url.search !== here.current.search;

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isLeaving.current) return;
      event.preventDefault();
      // browsers that predate preventDefault here ask only when a value is returned
      event.returnValue = '';
    };

    const onClick = (event: MouseEvent) => {
      if (isLeaving.current || !isPlainClick(event) || !(event.target instanceof Element)) return;
      const anchor = event.target.closest('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
      if (anchor.target && anchor.target !== '_self') return;
      const url = new URL(anchor.href);
      // another site is the browser's to ask about (beforeunload); an anchor of this page leaves nothing
      if (url.origin !== window.location.origin || !isElsewhere(url)) return;
      event.preventDefault();
      event.stopPropagation();
      setOnLeave(() => () => {
        isLeaving.current = true;
        if (anchor.isConnected) anchor.click();
        else window.location.assign(url.href);
      });
    };

    const onPopState = (event: PopStateEvent) => {
      if (isLeaving.current) return;
      if (isReturning.current) {
        isReturning.current = false;
        event.stopImmediatePropagation();
        return;
      }
      if (!isElsewhere(new URL(window.location.href))) return;
      event.stopImmediatePropagation();
      const from = here.current.index;
      const to = entryIndex();
      // without the router's numbering, Back is by far the likelier move
      const delta = from !== undefined && to !== undefined && to !== from ? to - from : -1;
      isReturning.current = true;
      window.history.go(-delta);
      setOnLeave(() => () => {
        isLeaving.current = true;
        window.history.go(delta);
      });
    };

    // a click is captured on the document, before the router's links hear of it
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    popHandlers.add(onPopState);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      popHandlers.delete(onPopState);
    };
  }, [shouldAsk]);

  return {
    isAsking: onLeave !== null,
    leave: () => {
      setOnLeave(null);
      onLeave?.();
    },
    stay: () => setOnLeave(null),
  };
}
